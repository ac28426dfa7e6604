/// A glob over output paths (`articles/**`, `*.pdf`, `downloads/*.zip`): `*` matches within one
/// folder name, `**` across folders, `?` one character. A pattern without `/` matches a file's
/// name in any folder, as in `.gitignore`.
package struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    package let pattern: String

    package init(_ pattern: String) {
        self.pattern = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
    }

    package var description: String { pattern }

    package func matches(_ path: String) -> Bool {
        let subject = pattern.contains("/") ? path : String(path.split(separator: "/").last ?? "")
        return Self.match(Array(pattern.utf8)[...], Array(subject.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let slash = UInt8(ascii: "/")
        if first == UInt8(ascii: "*") {
            let rest = pattern.dropFirst()
            if rest.first == UInt8(ascii: "*") {
                // `**/` also matches no folder at all.
                var after = rest.dropFirst()
                if after.first == slash {
                    after = after.dropFirst()
                    if match(after, text) { return true }
                }
                var index = text.startIndex
                while true {
                    if match(after, text[index...]) { return true }
                    if index == text.endIndex { return false }
                    index += 1
                }
            }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                if index == text.endIndex || text[index] == slash { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == UInt8(ascii: "?") ? character != slash : first == character {
            return match(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
