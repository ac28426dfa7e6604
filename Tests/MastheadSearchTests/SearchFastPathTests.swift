import Foundation
import MastheadTesting
import Testing

@testable import MastheadSearch
@testable import MastheadSite
@testable import MastheadSupport

/// The search index's text functions read bytes in place; each is compared here with the
/// simple version it replaced, on text made to hit every branch.
@Suite("Search text over bytes equals the simple versions")
struct SearchFastPathTests {
    /// Pieces of text: words in both cases, digits, marks alone and composed, letters beyond
    /// Latin, emoji, separators beyond ASCII, a word longer than the index keeps.
    static let pieces = [
        "caffè", "CAFFÈ", "Cafe\u{301}", "moka42", "e\u{301}\u{302}", "\u{301}", "שלום", "한국어", "東京", "🚀", "☕️", "👍🏽",
        "naïve", "Œuvre", "ß", "İstanbul", "\u{00A0}", "—", "\u{2028}", ".*+?", "l'Espresso", "x\u{200D}y", "ǅ", "Ⅻ",
        String(repeating: "a", count: 41), String(repeating: "é", count: 40), " ", "  ", "\n", "\t", "&amp;", "&#233;"
    ]

    static func texts(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in
            (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
    }

    @Test("words of varied text")
    func words() {
        for text in Self.texts(count: 2_000, seed: 7) + Self.pieces {
            #expect(SearchText.words(text) == Self.simpleWords(text), "\(text.debugDescription)")
        }
    }

    @Test("words counted by their bytes equal a dictionary's counts, in the order first met")
    func wordCounts() {
        var counts = SearchWordCounts()
        // Many words to a field, so the table grows; few, so it is reused after a larger one.
        let fields = Self.texts(count: 300, seed: 23).chunked(by: 7) + [Self.pieces] + [Self.texts(count: 3_000, seed: 5)] + [[]]
        for texts in fields {
            counts.removeAll()
            var simple: [String: Int] = [:]
            var order: [String] = []
            for text in texts {
                SearchText.forEachWord(in: text) { counts.add($0) }
                for word in Self.simpleWords(text) {
                    if simple[word] == nil { order.append(word) }
                    simple[word, default: 0] += 1
                }
            }
            #expect(counts.counted.map { "\($0.word) \($0.count)" } == order.map { "\($0) \(simple[$0] ?? 0)" })
        }
    }

    @Test("numbers written as bytes (the shards' postings) equal String(value)")
    func numbers() {
        var generator = SplitMix(seed: 3)
        let values =
            [0, 1, 9, 10, 99, 100, -1, -10, Int.max, Int.min]
            + (0..<2_000).map { _ in Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 64) }
        for value in values {
            var bytes: [UInt8] = Array("x,".utf8)
            JSONText.appendNumber(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x," + String(value))
        }
    }

    @Test("JSON objects and arrays written as bytes equal the joined strings they replaced")
    func jsonObjectsAndArrays() {
        var generator = SplitMix(seed: 17)
        for _ in 0..<1_000 {
            let values = (0..<Int(generator.next() % 6)).map { _ in
                JSONText.string(Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))])
            }
            let members: [(String, String?)] = values.enumerated().map { index, value in
                (Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] + String(index), generator.next() % 4 == 0 ? nil : value)
            }
            #expect(JSONText.array(values) == "[" + values.joined(separator: ",") + "]")
            let simple = "{" + members.compactMap { key, value in value.map { JSONText.string(key) + ":" + $0 } }.joined(separator: ",") + "}"
            #expect(JSONText.object(members) == simple)
        }
    }

    @Test("the prose of varied HTML")
    func prose() {
        let tags = [
            "<p>", "</p>", "<svg>", "</svg>", "<SVG class=\"x\">", "</Svg>", "<script>", "</script>", "<br/>", "<svg/>",
            "<template>", "</template>", "<style>", "</style>", "<a href=\"/x\">", "</a>", "<", ">", "<unclosed"
        ]
        var generator = SplitMix(seed: 11)
        for _ in 0..<2_000 {
            let html = (0..<Int(generator.next() % 30)).map { _ in
                generator.next() % 3 == 0
                    ? tags[Int(generator.next() % UInt64(tags.count))] : Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))]
            }.joined()
            #expect(SearchHTMLText.plainText(html) == Self.simpleProse(html), "\(html.debugDescription)")
        }
    }

    /// `SearchText.words` as it was: a scalar at a time, every word built byte by byte.
    static func simpleWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var length = 0
        func flush() {
            if !current.isEmpty, length <= SearchText.maxWordLength { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll()
            length = 0
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if value >= 65 && value <= 90 {
                    current.append(UInt8(value + 32))
                    length += 1
                } else if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                    current.append(UInt8(value))
                    length += 1
                } else {
                    flush()
                }
                continue
            }
            let folded = SearchText.fold(scalar)
            if folded.isEmpty {
                if !SearchText.isMark(scalar) { flush() }
            } else {
                current += folded.utf8
                length += folded.unicodeScalars.count
            }
        }
        flush()
        return words
    }

    /// `SearchHTMLText.plainText` as it was: into an array, each tag's name copied lower-cased.
    static func simpleProse(_ html: String) -> String {
        let skipped: [[UInt8]] = ["svg", "script", "style", "template"].map { Array($0.utf8) }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        var skipping: [UInt8]?
        var index = 0
        func space() { if let last = out.last, last != 32 { out.append(32) } }
        func isNameByte(_ byte: UInt8) -> Bool { (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte != 60 {
                if skipping == nil {
                    if byte == 32 || byte == 10 || byte == 9 || byte == 13 { space() } else { out.append(byte) }
                }
                index += 1
                continue
            }
            var close = index + 1
            while close < bytes.count, bytes[close] != 62 { close += 1 }
            guard close < bytes.count else { break }
            var nameStart = index + 1
            let isEnd = nameStart < close && bytes[nameStart] == 47
            if isEnd { nameStart += 1 }
            var nameEnd = nameStart
            while nameEnd < close, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = bytes[nameStart..<nameEnd].map { $0 | 0x20 }
            if let open = skipping {
                if isEnd, name == open { skipping = nil }
            } else if !isEnd, bytes[close - 1] != 47, let match = skipped.first(where: { $0 == name }) {
                skipping = match
            }
            space()
            index = close + 1
        }
        while out.last == 32 { out.removeLast() }
        return HTMLText.decodeEntities(String(decoding: out, as: UTF8.self))
    }
}

extension Array {
    /// Consecutive slices of `size` elements (the last may be shorter).
    fileprivate func chunked(by size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
