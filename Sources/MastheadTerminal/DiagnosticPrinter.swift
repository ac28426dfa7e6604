import Foundation
import MastheadContent
import MastheadSupport

/// Prints diagnostics in the form editors and IDEs read, `path:line:column: severity: message`,
/// each followed by the source line it points at with a caret under the column. With colours
/// (a terminal), `error:` is red, `warning:` yellow and the place bold; without, the first line
/// of each is exactly `Diagnostic.description`.
package struct DiagnosticPrinter {
    package var style: TerminalStyle
    /// The folder the diagnostics' paths are relative to; nil prints no source lines.
    package var siteFolder: SiteFolder?

    package init(style: TerminalStyle = .plain, siteFolder: SiteFolder? = nil) {
        self.style = style
        self.siteFolder = siteFolder
    }

    /// Writes them to standard error (clearing a progress line first).
    package func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        StandardError.write(text(diagnostics))
    }

    /// The text `print` writes.
    package func text(_ diagnostics: [Diagnostic]) -> String {
        let reader = siteFolder.map(SourceLineReader.init)
        var text = ""
        for diagnostic in diagnostics {
            text += headline(diagnostic) + "\n"
            if let reader, let excerpt = SourceExcerpt.of(diagnostic, reading: reader) {
                text += excerpt.rendered(style: style, severity: diagnostic.severity)
            }
        }
        return text
    }

    /// The diagnostic's own line, with any control character in it made visible.
    func headline(_ diagnostic: Diagnostic) -> String {
        var place = TerminalText.printable(diagnostic.file)
        if let line = diagnostic.line {
            place += ":\(line)"
            if let column = diagnostic.column { place += ":\(column)" }
        }
        let message = TerminalText.printable(diagnostic.message, keepingNewlines: true)
        return style.bold(place + ":") + " " + style.label(diagnostic.severity) + " " + message
    }
}
