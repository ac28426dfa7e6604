import Foundation
import MastheadSupport

/// The search index of a site as static files under `search/`:
/// - `search/index.json`, the entry the script reads first: the language, the stop words, the
///   shards' keys and file names, the groups (kind and category) as ranges of documents, and
///   the short hash of each bundle of fragments, six characters each in one string;
/// - `search/shards/HASH.json`, one per shard (`SearchShards`): its words, each pointing to its
///   stem's documents and scores (`SearchPostings`), documents as differences from the previous;
/// - `search/fragments/N.HASH.json`, one per bundle of 8 documents: what their results show;
/// - `search/search.HASH.js`, the script (`SearchScript`).
/// Every name but the entry's carries a hash of the content, so a host may cache them for ever.
package enum SearchIndex {
    static let folder = "search"
    package static let entryPath = "search/index.json"
    /// Results' fragments come in bundles: a query showing 10 results downloads at most 10
    /// small files, and a site of 10,000 articles gets 1,250 files rather than 10,000.
    static let bundleSize = 8

    /// Makes the index's files, each handed to `emit` (a path relative to the output folder,
    /// and the bytes) as soon as it is made: a large site's index (over 100 MB at 100,000
    /// articles) is never held whole.
    /// `entries` in any order; they are put in index order (kind, group, URL) here.
    /// `vocabulary`: the entries' words, every one stemmed.
    static func write(
        entries: consuming [SearchEntry], config: SearchSettings, vocabulary: SearchVocabulary.Table,
        to emit: (_ path: String, _ data: Data) throws -> Void
    ) rethrows {
        var ordered = entries.sorted { left, right in
            let (l, r) = (config.kindRank(left.kind), config.kindRank(right.kind))
            if l != r { return l < r }
            if left.group != right.group { return left.group < right.group }
            return left.url < right.url
        }
        entries = []
        let postings = SearchPostings(entries: ordered, weights: config.weights, vocabulary: vocabulary)
        // The words are in the postings now; unless the caller keeps the entries, this frees them.
        for index in ordered.indices { ordered[index].terms = [] }
        // Shards.
        let words = postings.stemOfWord.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let shards = SearchShards.split(words) { word in
            word.utf8.count + 6 + (postings.postings[postings.stemOfWord[word] ?? ""]?.count ?? 0) * 7
        }
        var shardNames: [String] = []
        for shard in shards {
            let data = Data(Self.shardJSON(shard, postings: postings).utf8)
            let hash = Self.hash(data)
            try emit("\(Self.folder)/shards/\(hash).json", data)
            shardNames.append(JSONText.array([JSONText.string(shard.key), JSONText.string(hash)]))
        }
        // Fragments, in bundles.
        var bundleHashes = ""
        for start in stride(from: 0, to: ordered.count, by: Self.bundleSize) {
            let bundle = ordered[start..<min(start + Self.bundleSize, ordered.count)].map(\.fragment.text)
            let data = Data(JSONText.array(bundle).utf8)
            let hash = Self.shortHash(data)
            bundleHashes += hash
            try emit("\(Self.folder)/fragments/\(start / Self.bundleSize).\(hash).json", data)
        }
        // Groups: runs of one kind and one group.
        var groups: [String] = []
        var start = 0
        for index in ordered.indices
        where index == ordered.count - 1 || ordered[index + 1].kind != ordered[index].kind
            || ordered[index + 1].group != ordered[index].group
        {
            let entry = ordered[index]
            groups.append(
                JSONText.array([
                    JSONText.string(entry.kind), JSONText.string(entry.group), JSONText.string(entry.groupLabel), String(start),
                    String(index + 1 - start)
                ]))
            start = index + 1
        }
        let entry = JSONText.object([
            ("version", "1"), ("language", JSONText.string(config.language)),
            ("stopWords", JSONText.array(config.stopWords.sorted().map(JSONText.string))),
            ("documents", String(ordered.count)), ("bundleSize", String(Self.bundleSize)),
            ("shards", JSONText.array(shardNames)), ("groups", JSONText.array(groups)), ("bundles", JSONText.string(bundleHashes))
        ])
        try emit(Self.entryPath, Data((entry + "\n").utf8))
        try emit(SearchScript.path, SearchScript.data)
    }

    /// `{"words":[["caffe",0],...],"postings":[[doc,score,doc-delta,score,...],...]}`.
    private static func shardJSON(_ shard: SearchShards.Shard, postings: SearchPostings) -> String {
        var stems: [String] = []
        var stemIndex: [String: Int] = [:]
        var words: [String] = []
        for word in shard.words {
            guard let stem = postings.stemOfWord[word] else { continue }
            let index: Int
            if let known = stemIndex[stem] {
                index = known
            } else {
                index = stems.count
                stemIndex[stem] = index
                stems.append(stem)
            }
            words.append(JSONText.array([JSONText.string(word), String(index)]))
        }
        // Written as bytes: most of an index's bytes are these numbers (a String for each, then
        // joined, cost 870 instructions a posting).
        let lists = stems.map { stem -> String in
            let list = postings.postings[stem] ?? []
            var json: [UInt8] = [UInt8(ascii: "[")]
            json.reserveCapacity(list.count * 10 + 2)
            var previous: Int32 = 0
            for (position, posting) in list.enumerated() {
                if position > 0 { json.append(UInt8(ascii: ",")) }
                JSONText.appendNumber(Int(posting.document - previous), to: &json)
                json.append(UInt8(ascii: ","))
                JSONText.appendNumber(Int(posting.score), to: &json)
                previous = posting.document
            }
            json.append(UInt8(ascii: "]"))
            return String(decoding: json, as: UTF8.self)
        }
        return JSONText.object([("words", JSONText.array(words)), ("postings", JSONText.array(lists))])
    }

    static func hash(_ data: Data) -> String { String(StableHash.digest(data).prefix(16)) }

    /// Six characters (36 bits, URL-safe base 64) of the content's hash: a bundle of fragments
    /// is named by one, and the entry lists them all in one string, so it stays small at 100,000
    /// documents (75 KB) while every name still changes with its content.
    static func shortHash(_ data: Data) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let value = UInt64(StableHash.digest(data).prefix(9), radix: 16) ?? 0
        return String((0..<6).map { alphabet[Int((value >> (6 * UInt64(5 - $0))) & 63)] })
    }
}
