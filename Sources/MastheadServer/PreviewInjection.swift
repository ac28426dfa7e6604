import Foundation
import MastheadSupport

/// What the preview adds to every HTML page it serves (never to `masthead build` output):
/// the live-reload script, the banner of a draft or scheduled article, and the overlay
/// listing the problems of a failed build.
enum PreviewInjection {
    static let eventsPath = "/__masthead/events"

    /// `servedPath` is the file the page came from (`articles/moka/index.html`, `404.html`),
    /// so the script can tell whether a rebuild changed it.
    /// `source`: the article or page file the page shows, linked from a small "Edit" button.
    static func inject(
        into html: Data, servedPath: String, build: Int, failure: Int, notice: String?, problems: [Diagnostic], source: String? = nil
    ) -> Data {
        var addition = ""
        if let source { addition += editLink(source) }
        if let notice { addition += banner(notice) }
        if !problems.isEmpty { addition += overlay(problems) }
        addition += script(servedPath: servedPath, build: build, failure: failure)
        let marker = Data("</body>".utf8)
        let upper = Data("</BODY>".utf8)
        guard let range = html.range(of: marker, options: .backwards) ?? html.range(of: upper, options: .backwards) else {
            return html + Data(addition.utf8)
        }
        var result = Data(html[..<range.lowerBound])
        result.append(Data(addition.utf8))
        result.append(html[range.lowerBound...])
        return result
    }

    /// The page shown for every path while no build has succeeded yet.
    static func problemsPage(problems: [Diagnostic], failure: Int) -> Data {
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Masthead preview: build failed</title></head>
            <body style="font-family: system-ui, sans-serif; margin: 0;"><main style="padding: 6rem 2rem 2rem;">\
            <h1>The site could not be built yet</h1>
            <p>Fix the problems listed above and save: this page reloads by itself.</p></main></body></html>
            """
        return inject(into: Data(html.utf8), servedPath: "", build: 0, failure: failure, notice: nil, problems: problems)
    }

    static func escape(_ text: String) -> String { XML.escape(text) }

    static func banner(_ text: String) -> String {
        """
        <div id="masthead-preview-banner" role="status" style="position:fixed;left:0;right:0;bottom:0;z-index:2147483646;\
        background:#8a4b00;color:#fff;font:600 15px/1.4 system-ui,sans-serif;padding:.6rem 1rem;text-align:center;\
        box-shadow:0 -2px 8px rgba(0,0,0,.3)">\(escape(text))</div>
        """
    }

    /// The way from a previewed page to the editor, at its file.
    static func editLink(_ source: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        let query = source.addingPercentEncoding(withAllowedCharacters: allowed) ?? source
        return """
            <a id="masthead-edit-link" href="/_masthead/edit?path=\(escape(query))" style="position:fixed;right:1rem;bottom:3.5rem;\
            z-index:2147483645;background:#0b57d0;color:#fff;font:600 15px/1 system-ui,sans-serif;padding:.7rem 1rem;border-radius:2rem;\
            text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.35)">Edit</a>
            """
    }

    static func overlay(_ problems: [Diagnostic]) -> String {
        let errors = problems.filter { $0.severity == .error }.count
        let items = problems.map { problem -> String in
            let position = [problem.line, problem.column].compactMap { $0 }.map(String.init).joined(separator: ":")
            let place = problem.file + (position.isEmpty ? "" : ":" + position)
            let colour = problem.severity == .error ? "#ff8a80" : "#ffd180"
            return "<li style=\"margin:.4rem 0\"><code style=\"color:\(colour)\" class=\"masthead-problem-place\">\(escape(place))</code> "
                + "<strong>\(problem.severity == .error ? "error" : "warning")</strong>: "
                + "<span class=\"masthead-problem-message\">\(escape(problem.message))</span></li>"
        }.joined()
        return """
            <div id="masthead-preview-overlay" role="alert" style="position:fixed;left:0;right:0;top:0;max-height:70vh;overflow:auto;\
            z-index:2147483647;background:rgba(24,24,28,.96);color:#eee;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;\
            padding:1rem 1.5rem;box-shadow:0 4px 16px rgba(0,0,0,.5)">\
            <button type="button" onclick="this.parentNode.remove()" style="float:right;font:inherit;background:#444;color:#eee;\
            border:0;border-radius:4px;padding:.2rem .6rem;cursor:pointer">Hide</button>\
            <p style="margin:0 0 .5rem;font:700 16px system-ui,sans-serif;color:#ff8a80">Build failed with \(errors) error\(errors == 1 ? "" : "s"): \
            showing the last good version of the site</p><ul style="margin:0;padding-left:1.2rem">\(items)</ul></div>
            """
    }

    /// Reloads the page when a rebuild changed it (or the build started or stopped failing);
    /// swaps changed stylesheets in place when only they changed.
    static func script(servedPath: String, build: Int, failure: Int) -> String {
        let served = servedPath.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "<", with: "\\u003c")
        return """
            <script id="masthead-live-reload">(function () {
              var served = "\(served)", build = \(build), failure = \(failure);
              if (!window.EventSource) return;
              var source = new EventSource("\(eventsPath)");
              function swapStyles(paths, number) {
                document.querySelectorAll('link[rel~="stylesheet"]').forEach(function (link) {
                  var url = new URL(link.getAttribute("href"), location.href);
                  if (url.origin !== location.origin) return;
                  if (paths.indexOf(decodeURIComponent(url.pathname).replace(/^\\//, "")) < 0) return;
                  url.searchParams.set("masthead", number);
                  var next = link.cloneNode();
                  next.href = url.toString();
                  next.onload = function () { link.remove(); };
                  link.after(next);
                });
              }
              source.addEventListener("hello", function (event) {
                var info = JSON.parse(event.data);
                if (info.build !== build || info.failure !== failure) location.reload();
              });
              source.addEventListener("rebuild", function (event) {
                var info = JSON.parse(event.data);
                if (info.failure !== failure || info.changed.indexOf(served) >= 0) { location.reload(); return; }
                build = info.build;
                var styles = info.changed.filter(function (path) { return /\\.css$/i.test(path); });
                if (styles.length) swapStyles(styles, info.build);
                window.mastheadLastRebuild = info;
              });
            })();</script>
            """
    }
}
