import Foundation

/// Control characters in file names: no web address carries a newline or a tab, so the build
/// refuses such a source file and deploy such an output file, and messages show the name on one line.
package enum ControlCharacters {
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    package static func contains(_ name: String) -> Bool {
        name.unicodeScalars.contains(where: isControl)
    }

    /// `name` with each control character written as an escape (`a\nb.html`, `\x1B`).
    package static func visible(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case _ where isControl(scalar): result += String(format: "\\x%02X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
