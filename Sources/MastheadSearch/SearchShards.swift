/// The words of the index cut into shards by their first characters, each small enough
/// for one download: a shard holds every word starting with its key (and not with a longer
/// key's), so a word is in the shard of the longest key it starts with.
enum SearchShards {
    /// A shard's estimated size in bytes before it is cut by one more character.
    static let targetBytes = 24_000
    /// Keys stop growing at this many characters (a very common prefix stays whole).
    static let maxKeyLength = 8

    struct Shard: Sendable, Equatable {
        var key: String
        /// Sorted.
        var words: [String]
    }

    /// `words` sorted; `bytes` estimates a word's share of its shard.
    static func split(_ words: [String], targetBytes: Int = targetBytes, bytes: (String) -> Int) -> [Shard] {
        var shards: [Shard] = []
        cut(key: "", words[...], target: targetBytes, bytes: bytes, into: &shards)
        return shards
    }

    private static func cut(key: String, _ words: ArraySlice<String>, target: Int, bytes: (String) -> Int, into shards: inout [Shard]) {
        let keyLength = key.unicodeScalars.count
        let size = words.reduce(0) { $0 + bytes($1) }
        guard !key.isEmpty ? size > target && keyLength < maxKeyLength : !words.isEmpty else {
            if !words.isEmpty { shards.append(Shard(key: key, words: Array(words))) }
            return
        }
        // Words equal to the key stay in its shard; the others go by their next character.
        var own: [String] = []
        var groups: [(next: String, words: [String])] = []
        for word in words {
            let scalars = word.unicodeScalars
            guard scalars.count > keyLength else {
                own.append(word)
                continue
            }
            let next = key + String(scalars[scalars.index(scalars.startIndex, offsetBy: keyLength)])
            if groups.last?.next == next {
                groups[groups.count - 1].words.append(word)
            } else {
                groups.append((next, [word]))
            }
        }
        if !own.isEmpty { shards.append(Shard(key: key, words: own)) }
        // Sorted words keep one next character together.
        for group in groups { cut(key: group.next, group.words[...], target: target, bytes: bytes, into: &shards) }
    }

    /// The key of the shard holding `word`: the longest key it starts with.
    static func key(of word: String, in keys: [String]) -> String? {
        keys.filter { word.hasPrefixScalars($0) }.max { $0.unicodeScalars.count < $1.unicodeScalars.count }
    }
}

extension String {
    /// A prefix by Unicode scalars, as the script's `startsWith` compares (no Unicode equivalence).
    func hasPrefixScalars(_ prefix: String) -> Bool {
        unicodeScalars.starts(with: prefix.unicodeScalars)
    }
}
