import Foundation

/// Each stem's documents with their BM25F score, computed once here so the search page's
/// script only adds them up: a field's count weighs by the field's weight and is normalised
/// by the field's length against its average (b = 0.75), then saturated (k1 = 1.2) and
/// multiplied by the stem's inverse document frequency.
struct SearchPostings: Sendable {
    /// Stem → (document, score) by document; a score is BM25F × `scale`, at least 1.
    var postings: [String: [Posting]]
    /// Every word of the index (a form as written, normalised) → its stem.
    var stemOfWord: [String: String]
    var documentCount: Int

    struct Posting: Sendable, Equatable {
        var document: Int32
        var score: Int32
    }

    static let k1 = 1.2
    static let b = 0.75
    static let scale = 20.0
    /// Only a stem's best documents are kept: a word in every document ranks nothing, and a
    /// query downloads its shard.
    static let maxPostings = 2_000

    /// `entries` in index order; `weights` by field (`SearchConfig.Field` order); `stems` has every word.
    init(entries: [SearchEntry], weights: [Double], stems: [String: String]) {
        documentCount = entries.count
        let fieldCount = weights.count
        var averages = Array(repeating: 0.0, count: fieldCount)
        for entry in entries {
            for (field, length) in entry.lengths.enumerated() where field < fieldCount { averages[field] += Double(length) }
        }
        averages = averages.map { entries.isEmpty ? 1 : max(1, $0 / Double(entries.count)) }
        var weighted: [String: [(document: Int32, tf: Double)]] = [:]
        var words: [String: String] = [:]
        for (document, entry) in entries.enumerated() {
            var perStem: [String: Double] = [:]
            for term in entry.terms {
                let field = Int(term.field)
                guard field < fieldCount, weights[field] > 0, let stem = stems[term.word] else { continue }
                let norm = 1 - Self.b + Self.b * Double(entry.lengths[field]) / averages[field]
                perStem[stem, default: 0] += weights[field] * Double(term.count) / norm
                words[term.word] = stem
            }
            for stem in perStem.keys.sorted() { weighted[stem, default: []].append((Int32(document), perStem[stem]!)) }
        }
        let count = Double(entries.count)
        var postings: [String: [Posting]] = [:]
        for (stem, list) in weighted {
            let frequency = Double(list.count)
            let idf = log(1 + (count - frequency + 0.5) / (frequency + 0.5))
            var scored = list.map { item in
                Posting(document: item.document, score: Int32(max(1, (idf * item.tf * (Self.k1 + 1) / (item.tf + Self.k1) * Self.scale).rounded())))
            }
            if scored.count > Self.maxPostings {
                scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.document < $1.document }
                scored = Array(scored.prefix(Self.maxPostings)).sorted { $0.document < $1.document }
            }
            postings[stem] = scored
        }
        self.postings = postings
        stemOfWord = words
    }
}
