import Foundation
import MastheadSupport

/// How text meant for the terminal is styled: with ANSI colours and bold, or plain. Plain
/// text is exactly what the styled text shows, without the escape codes.
package struct TerminalStyle: Sendable {
    package var colors: Bool

    package init(colors: Bool) {
        self.colors = colors
    }

    package static let plain = TerminalStyle(colors: false)

    /// `--color auto`: colours when standard error is a terminal and `NO_COLOR` is unset or
    /// empty (https://no-color.org).
    package static func automaticColors(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        TerminalDevice.standardErrorIsTerminal(environment: environment) && (environment["NO_COLOR"] ?? "").isEmpty
    }

    package func bold(_ text: String) -> String { styled(text, "1") }
    func red(_ text: String) -> String { styled(text, "1;31") }
    func yellow(_ text: String) -> String { styled(text, "1;33") }
    /// Bright blue: readable on dark and light backgrounds alike, where plain blue is not on dark ones.
    func blue(_ text: String) -> String { styled(text, "1;94") }
    func cyan(_ text: String) -> String { styled(text, "1;36") }
    func dim(_ text: String) -> String { styled(text, "2") }

    /// `error:` in red, `warning:` in yellow.
    package func label(_ severity: Diagnostic.Severity) -> String {
        let text = severity.rawValue + ":"
        return severity == .error ? red(text) : yellow(text)
    }

    /// The caret and marks under a source line, in the colour of the problem.
    func marker(_ text: String, _ severity: Diagnostic.Severity) -> String {
        severity == .error ? red(text) : yellow(text)
    }

    private func styled(_ text: String, _ code: String) -> String {
        colors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
