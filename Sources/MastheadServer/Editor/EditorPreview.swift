import Foundation
import MastheadBuild
import MastheadSupport

/// Preview as you type: the page of an unsaved article or page, rendered by the build's own
/// stages from the text the editor holds (`BuildOptions.unsavedDocuments`), never written.
/// It keeps a build memory of its own, apart from the preview's: the site the preview serves
/// never sees unsaved text. After the first render, each one patches the document in as a save
/// does (the previous unsaved document goes back to its file at the same time).
final class EditorPreview: Sendable {
    struct Rendered: Sendable {
        /// The page's HTML; nil when the build failed or the document makes no page (a draft
        /// outside the preview's drafts, say).
        var html: Data?
        /// The build's problems with this file, as the build reports them.
        var problems: [Diagnostic]
        var milliseconds: Double
    }

    private struct State: Sendable {
        var identity: BuildIdentity
        var built = false
        var lastPath: String?
    }

    private let memory = RebuildMemory()
    private let state: Locked<State>

    /// Drafts and future articles are always shown: the editor previews what is being written.
    init(identity: BuildIdentity) {
        var identity = identity
        identity.includeDrafts = true
        identity.includeFuture = true
        state = Locked(State(identity: identity))
    }

    /// Set once the server listens, so links point at the preview.
    func setBaseURL(_ url: String) {
        state.withLock { $0.identity.baseURL = url }
    }

    func render(path: String, text: Data, now: Date = Date()) -> Rendered {
        let started = DispatchTime.now()
        return state.withLock { state in
            var options = BuildOptions(identity: state.identity)
            options.memory = memory
            options.now = now
            options.unsavedDocuments = [path: text]
            // The text shown, and the one shown before it, which goes back to its file.
            let request: BuildRequest = state.built ? .changes(Changes(saved: Set([path] + (state.lastPath.map { [$0] } ?? [])))) : .everything
            let result = Pipeline.run(request, options: options)
            state.built = result.succeeded
            state.lastPath = path
            let problems = result.diagnostics.filter { $0.file == path }
            var html: Data?
            if result.succeeded, let site = result.site {
                let urls = ([site] + site.translations).flatMap { site in
                    site.articles.filter { $0.document.sourcePath == path }.map(\.path)
                        + site.pages.filter { $0.document.sourcePath == path }.map(\.path)
                }
                if let url = urls.first {
                    let output = Self.outputPath(of: url)
                    html = result.files.first { $0.path == output }.flatMap { file in
                        if case .bytes(let bytes) = file.contents { return bytes }
                        return nil
                    }
                }
            }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            return Rendered(html: html, problems: problems.isEmpty && !result.succeeded ? result.diagnostics : problems, milliseconds: milliseconds)
        }
    }

    /// As `Route.outputPath`: `/a/` is `a/index.html`.
    static func outputPath(of sitePath: String) -> String {
        let trimmed = String(sitePath.drop { $0 == "/" })
        if trimmed.isEmpty { return "index.html" }
        return sitePath.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }
}
