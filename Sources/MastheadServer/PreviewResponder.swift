import Foundation
import Hummingbird
import MastheadBuild

/// Answers every request from the in-memory site: files, folder redirects, the site's
/// 404 page, and the event stream of the live-reload script.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: PreviewState
    let events: ReloadEvents
    let allowedHosts: AllowedHosts
    let editor: EditorResponder
    let failure: @Sendable () -> Int

    func respond(to request: Request, context: Context) async throws -> Response {
        let target = request.head.path ?? "/"
        let isHead = request.method == .head
        // First, so a page of another site reached through DNS rebinding learns nothing.
        if let refusal = hostRefusal(request.head.authority, head: isHead) { return refusal }
        // The editor's pages and actions, the only requests that may write (docs/editor.md).
        if EditorResponder.handles(target) { return try await editor.respond(to: request, context: context) }
        guard request.method == .get || isHead else {
            return Self.plain(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: [.allow: "GET, HEAD"], head: isHead)
        }
        let value = state.current
        if target.split(separator: "?", maxSplits: 1).first == Substring(PreviewInjection.eventsPath) {
            return eventStream(value)
        }
        guard value.hasSite else {
            return Self.send(
                PreviewInjection.problemsPage(problems: value.problems, failure: failure()),
                status: .internalServerError, contentType: "text/html; charset=utf-8", head: isHead)
        }
        guard case .file(let key) = RequestPath.resolve(target) else {
            return Self.plain(.badRequest, "Bad request path.\n", head: isHead)
        }
        if let file = value.site[key] {
            return serve(file, path: key, status: .ok, value: value, head: isHead)
        }
        if !key.hasSuffix("/index.html"), key != "index.html", value.site[key + "/index.html"] != nil {
            var location = String(target.prefix { $0 != "?" && $0 != "#" }) + "/"
            if let query = target.firstIndex(of: "?") { location += target[query...] }
            return Self.plain(.movedPermanently, "Moved to \(location)\n", extra: [.location: location], head: isHead)
        }
        if let notFound = value.site["404.html"] {
            return serve(notFound, path: "404.html", status: .notFound, value: value, head: isHead)
        }
        return Self.plain(.notFound, "Not found.\n", head: isHead)
    }

    /// 400 without a `Host` header, 403 with one that does not name this server; nil when it does.
    private func hostRefusal(_ authority: String?, head: Bool) -> Response? {
        guard let authority else {
            return Self.plain(.badRequest, "Refused: the request has no Host header.\n", head: head)
        }
        guard !allowedHosts.allows(authority) else { return nil }
        let shown = String(authority.unicodeScalars.prefix(200).filter { $0.value >= 0x20 && $0.value < 0x7f }.map(Character.init))
        return Self.plain(
            .forbidden,
            """
            Refused: the Host "\(shown)" does not name this preview server, which answers to \(allowedHosts.summary). \
            Another name could be a web site reading the preview through DNS rebinding.\n
            """, head: head)
    }

    private func serve(_ file: PreviewSite.File, path: String, status: HTTPResponse.Status, value: PreviewState.Value, head: Bool) -> Response {
        var data = file.data
        if ContentType.isHTML(path) {
            data = PreviewInjection.inject(
                into: data, servedPath: path, build: value.site.number, failure: value.problems.isEmpty ? 0 : failure(),
                notice: file.notice, problems: value.problems, source: editor.access.enabled ? file.source : nil)
        }
        return Self.send(data, status: status, contentType: file.contentType, head: head)
    }

    private func eventStream(_ value: PreviewState.Value) -> Response {
        let stream = events.subscribe()
        let hello = "event: hello\ndata: {\"build\":\(value.site.number),\"failure\":\(value.problems.isEmpty ? 0 : failure())}\n\n"
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store", .init("X-Accel-Buffering")!: "no"]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 500\n\n" + hello))
                for await message in stream {
                    try await writer.write(ByteBuffer(string: message))
                }
                try await writer.finish(nil)
            })
    }

    static func send(_ data: Data, status: HTTPResponse.Status, contentType: String, extra: HTTPFields = [:], head: Bool) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store", .contentLength: String(data.count)]
        headers.append(contentsOf: extra)
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        return Response(status: status, headers: headers, body: body)
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:], head: Bool) -> Response {
        send(Data(text.utf8), status: status, contentType: "text/plain; charset=utf-8", extra: extra, head: head)
    }
}
