import Foundation
import Hummingbird

/// The editor's side of HTTP: forms and queries decoded, responses made.
enum EditorHTTP {
    /// `a=1&b=x+y` (a query or an `application/x-www-form-urlencoded` body); a repeated name keeps its last value.
    static func form(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            result[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        return result
    }

    /// The query of a request target.
    static func query(_ target: String) -> [String: String] {
        guard let mark = target.firstIndex(of: "?") else { return [:] }
        return form(target[target.index(after: mark)...])
    }

    static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func header(_ request: Request, _ name: String) -> String? {
        HTTPFields.Element.Name(name).flatMap { request.headers[$0] }
    }

    /// The value of one cookie of the request.
    static func cookie(_ request: Request, _ name: String) -> String? {
        guard let header = header(request, "Cookie") else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == name { return String(pair[1]) }
        }
        return nil
    }

    static func send(_ data: Data, status: HTTPResponse.Status = .ok, type: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store", .contentLength: String(data.count)]
        // The editor's pages are never framed by another site.
        headers.append(HTTPFields.Element(name: HTTPFields.Element.Name("X-Frame-Options")!, value: "SAMEORIGIN"))
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok, extra: HTTPFields = [:]) -> Response {
        send(Data(text.utf8), status: status, type: "text/html; charset=utf-8", extra: extra)
    }

    static func plain(_ text: String, status: HTTPResponse.Status) -> Response {
        send(Data(text.utf8), status: status, type: "text/plain; charset=utf-8")
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        send(Data(text.utf8), status: status, type: "application/json")
    }

    static func redirect(_ location: String) -> Response {
        send(Data(), status: .seeOther, type: "text/plain; charset=utf-8", extra: [.location: location])
    }
}
