import Foundation
import Testing

@testable import MastheadSupport

@Suite("Support: the build-once cache and the stable hashes")
struct SupportTests {
    @Test("a value is made once per key, and every caller gets the one stored")
    func onceCacheMakesOnce() {
        let cache = OnceCache<String, Int>()
        let made = Locked(0)
        let values = parallelMap(Array(0..<64)) { index in
            cache.value(for: index % 2 == 0 ? "even" : "odd") {
                made.withLock { $0 += 1 }
                return index % 2
            }
        }
        #expect(values == (0..<64).map { $0 % 2 })
        #expect(cache.value(for: "even") { 99 } == 0, "a stored value is never made again")
        #expect(made.withLock { $0 } >= 2)
    }

    @Test("with capacity 1 only the latest value is kept")
    func onceCacheCapacity() {
        let cache = OnceCache<Int, String>(capacity: 1)
        #expect(cache.value(for: 1) { "one" } == "one")
        #expect(cache.value(for: 2) { "two" } == "two")
        #expect(cache.value(for: 1) { "one again" } == "one again", "key 1 was forgotten when key 2 came")
        #expect(cache.value(for: 1) { "never" } == "one again")
    }

    @Test("the hashes stay the same from build to build: they name ids in pages and records in the cache")
    func stableHashes() {
        // Report blocks' ids (`block-LINE-HASH`) come from shortID: a change here changes every page with a chart.
        #expect(StableHash.shortID("type: bar\n") == "zebrke")
        #expect(StableHash.shortID("") == "ztntfp")
        #expect(StableHash.digest("abc") == StableHash.digest(Data("abc".utf8)))
        #expect(StableHash.digest("abc").count == 32)
        // Kept as a value, written as the same 32 digits: the build cache's and deploy's records hold them.
        let digest = StableDigest(of: "abc")
        #expect(digest.hex == StableHash.digest("abc"))
        #expect(StableDigest(hex: digest.hex) == digest)
        #expect(StableDigest(hex: digest.hex.dropLast()) == nil)
        #expect(StableDigest(hex: "xyz" + digest.hex.dropFirst(3)) == nil)
        #expect(StableDigest(high: 1, low: 0x2A).hex == "0000000000000001000000000000002a")
        var first = Fingerprint()
        first.add("ab")
        first.add("c")
        var second = Fingerprint()
        second.add("a")
        second.add("bc")
        #expect(first.value != second.value, "fields are separated")
    }

    @Test("trimmingWhitespace gives what Foundation's trimming gives")
    func trimmingWhitespace() {
        let samples = [
            "", " ", "\n\t ", "caffè", "  caffè \n", "\u{00A0}moka\u{00A0}", "\u{2003}em space\u{3000}", "a b\tc",
            "\r\nline\r\n", " 👩🏽‍🍳 chef ", "\u{85}next line\u{2028}", "tail   ", "   head"
        ]
        for sample in samples {
            #expect(sample.trimmingWhitespace() == sample.trimmingCharacters(in: .whitespacesAndNewlines), "\(sample.debugDescription)")
        }
    }
}
