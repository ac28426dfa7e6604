import Foundation
import Hummingbird

/// The editor's script and stylesheet (`Client/editor.js`, `Client/editor.css`) and CodeMirror 5
/// (`Client/codemirror*`, links to Debian's libjs-codemirror), embedded in the binary when it is
/// built, as the search page's script is: the editor needs no network.
enum EditorAssets {
    static func response(for name: String) -> Response {
        switch name {
        case "editor.js": EditorHTTP.send(Data(PackageResources.editor_js), type: "text/javascript; charset=utf-8")
        case "editor.css": EditorHTTP.send(Data(PackageResources.editor_css), type: "text/css; charset=utf-8")
        case "codemirror.js": EditorHTTP.send(Data(PackageResources.codemirror_js), type: "text/javascript; charset=utf-8")
        case "codemirror.css": EditorHTTP.send(Data(PackageResources.codemirror_css), type: "text/css; charset=utf-8")
        case "codemirror-markdown.js": EditorHTTP.send(Data(PackageResources.codemirror_markdown_js), type: "text/javascript; charset=utf-8")
        default: EditorHTTP.plain("No such file.\n", status: .notFound)
        }
    }
}
