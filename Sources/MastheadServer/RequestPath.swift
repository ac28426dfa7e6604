/// A request target turned into a key of the in-memory site, or refused. Files are only
/// ever looked up in that map, so nothing outside the site can be reached; refusing
/// suspicious paths outright also keeps them from matching a page by accident.
enum RequestPath: Equatable {
    /// A relative path in the built site (`articles/moka/index.html`).
    case file(String)
    /// Not a path this server answers: `..`, encoded slashes, backslashes, NUL, ...
    case refused

    /// `target` is the raw request target (`/articles/moka/?x=1`).
    static func resolve(_ target: String) -> RequestPath {
        var path = Substring(target)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard path.hasPrefix("/"), !path.contains("\\") else { return .refused }
        let rawSegments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, raw) in rawSegments.enumerated() {
            guard let decoded = percentDecode(raw) else { return .refused }
            let isLast = index == rawSegments.count - 1
            if decoded.isEmpty {
                // Only the trailing slash may leave an empty segment: `//etc` is refused.
                guard isLast else { return .refused }
                continue
            }
            guard decoded != ".", decoded != "..",
                !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0")
            else { return .refused }
            segments.append(decoded)
        }
        let joined = segments.joined(separator: "/")
        if joined.isEmpty { return .file("index.html") }
        return path.hasSuffix("/") ? .file(joined + "/index.html") : .file(joined)
    }

    /// Percent-decodes one segment; nil for malformed escapes or bytes that are not UTF-8.
    static func percentDecode(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
