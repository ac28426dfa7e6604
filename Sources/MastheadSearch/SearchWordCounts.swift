import Foundation

/// How often each word of a field occurs, counted by the word's bytes: a String is made once
/// for each distinct word rather than for each occurrence, and a word is hashed with FNV-1a
/// rather than SipHash. A `[String: Int]` took a third of a search entry's time (an article's
/// body has a few hundred words, most of them met again and again), and sorting its words
/// for a deterministic order another tenth: the words come out in the order first met.
struct SearchWordCounts {
    /// The distinct words' bytes, one after another, and where each starts and ends.
    private var bytes: [UInt8] = []
    private var ends: [Int32] = []
    private var counts: [Int32] = []
    /// By hash, open addressing: a word's hash and its number (-1: empty). A power of two long.
    private var slots = Array(repeating: Slot.empty, count: 64)

    private struct Slot {
        var hash: UInt32
        var word: Int32
        static let empty = Slot(hash: 0, word: -1)
    }

    /// Forgets every word, keeping the storage for the next field.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = .empty }
    }

    /// Counts one occurrence of `word` (its UTF-8).
    mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
        var hash: UInt32 = 2_166_136_261
        for byte in word { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot].word >= 0 {
            let number = Int(slots[slot].word)
            if slots[slot].hash == hash && matches(number, word) {
                counts[number] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: hash, word: Int32(counts.count))
        bytes.append(contentsOf: word)
        ends.append(Int32(bytes.count))
        counts.append(1)
        // At most half full, so a probe ends soon.
        if counts.count * 2 > slots.count { grow() }
    }

    /// Each distinct word with its count, in the order first met.
    var counted: [(word: String, count: Int)] {
        bytes.withUnsafeBufferPointer { bytes in
            counts.indices.map { number in
                let start = number == 0 ? 0 : Int(ends[number - 1])
                return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[number])]), as: UTF8.self), Int(counts[number]))
            }
        }
    }

    private func matches(_ number: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : Int(ends[number - 1])
        guard Int(ends[number]) - start == word.count else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, word.baseAddress!, word.count) == 0 }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: .empty, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.word >= 0 {
            var slot = Int(entry.hash) & mask
            while slots[slot].word >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
