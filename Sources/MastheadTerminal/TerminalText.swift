/// Text as a terminal shows it: how many columns each character takes, and text from files
/// made safe to print (a control character could move the cursor, recolour the screen or
/// reorder the line).
enum TerminalText {
    /// Columns a character takes on a terminal: 2 for East Asian wide and fullwidth
    /// characters and emoji, 0 for a combining mark or an invisible format character on its
    /// own, 1 otherwise. A tab is counted as 1 here; callers keep tabs as tabs.
    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: isWide) { return 2 }
        // A text-style emoji followed by the emoji variation selector (❤️) is drawn wide.
        if character.unicodeScalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// Unicode's East Asian Wide and Fullwidth ranges, and emoji presented as emoji.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` with every control character but tab (and newline, when `keepingNewlines`)
    /// shown as its Unicode control picture (ESC as ␛, one column wide), and the bidirectional
    /// controls that reorder a line shown as �.
    static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsReplacing($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsReplacing(scalar, keepingNewlines: keepingNewlines) else {
                result.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            default: result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    private static func needsReplacing(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
