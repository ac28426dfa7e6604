extension String {
    /// The file extension of a path, lowercased: what follows the last dot of its last component
    /// ("" for none, for a trailing dot, or for a name that only starts with a dot, as `.gitignore`).
    /// Masthead's own, because Foundation's `NSString.pathExtension` traps on some names that
    /// come from site.yml (found by FuzzReportBlock).
    package var lowercasedPathExtension: String {
        var bytes = Substring(self).utf8[...]
        while bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[bytes.index(after: $0)...] } ?? bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return String(Substring(name[name.index(after: dot)...])).lowercased()
    }
}
