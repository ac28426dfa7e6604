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
    /// query downloads its shard. The best by score are the best by weighted count (a stem's
    /// score grows with it), ties going to the earlier document, so lists are cut to them
    /// while they are made: a common word's list never holds a large site's every document.
    static let maxPostings = 2_000

    /// `entries` in index order; `weights` by field (`SearchConfig.Field` order); `vocabulary`
    /// has every word of the entries, stemmed.
    init(entries: [SearchEntry], weights: [Double], vocabulary: SearchVocabulary.Table) {
        documentCount = entries.count
        let fieldCount = weights.count
        var averages = Array(repeating: 0.0, count: fieldCount)
        for entry in entries {
            for (field, length) in entry.lengths.enumerated() where field < fieldCount { averages[field] += Double(length) }
        }
        averages = averages.map { entries.isEmpty ? 1 : max(1, $0 / Double(entries.count)) }
        // By stem number: each stem's documents with their weighted counts, in single precision
        // (a large site's lists hold tens of millions of them until they are scored).
        var lists = Array(repeating: [(document: Int32, tf: Float)](), count: vocabulary.stems.count)
        // Each stem's number of documents, for its inverse document frequency: its list is cut.
        var frequencies = Array(repeating: 0, count: vocabulary.stems.count)
        var sums = Array(repeating: 0.0, count: vocabulary.stems.count)
        var stemsOfDocument: [Int] = []
        var wordIsIndexed = Array(repeating: false, count: vocabulary.words.count)
        for (document, entry) in entries.enumerated() {
            for term in entry.terms {
                let field = Int(term.field)
                guard field < fieldCount, weights[field] > 0 else { continue }
                let stem = Int(vocabulary.stemOfWord[Int(term.word)])
                let norm = 1 - Self.b + Self.b * Double(entry.lengths[field]) / averages[field]
                if sums[stem] == 0 { stemsOfDocument.append(stem) }
                sums[stem] += weights[field] * Double(term.count) / norm
                wordIsIndexed[Int(term.word)] = true
            }
            for stem in stemsOfDocument {
                lists[stem].append((Int32(document), Float(sums[stem])))
                frequencies[stem] += 1
                sums[stem] = 0
                if lists[stem].count == 2 * Self.maxPostings { Self.keepBest(&lists[stem]) }
            }
            stemsOfDocument.removeAll(keepingCapacity: true)
        }
        let count = Double(entries.count)
        var postings: [String: [Posting]] = [:]
        for stem in lists.indices where !lists[stem].isEmpty {
            let frequency = Double(frequencies[stem])
            let idf = log(1 + (count - frequency + 0.5) / (frequency + 0.5))
            Self.keepBest(&lists[stem])
            postings[vocabulary.stems[stem]] = lists[stem].map { item in
                let tf = Double(item.tf)
                return Posting(document: item.document, score: Int32(max(1, (idf * tf * (Self.k1 + 1) / (tf + Self.k1) * Self.scale).rounded())))
            }
            lists[stem] = []
        }
        self.postings = postings
        var stemOfWord: [String: String] = [:]
        for (word, indexed) in wordIsIndexed.enumerated() where indexed {
            stemOfWord[vocabulary.words[word]] = vocabulary.stems[Int(vocabulary.stemOfWord[word])]
        }
        self.stemOfWord = stemOfWord
    }

    /// Cuts a stem's list, in document order, to its `maxPostings` best documents by weighted
    /// count, ties going to the earlier document; the list stays in document order. The cut
    /// falls at the `maxPostings`-th largest count, found by selection rather than a sort: a
    /// common word's list is cut every time it doubles, and sorting it was most of the postings'
    /// time (and of a preview's save).
    static func keepBest(_ list: inout [(document: Int32, tf: Float)]) {
        guard list.count > maxPostings else { return }
        var counts = list.map(\.tf)
        let threshold = largest(maxPostings, of: &counts)
        var ties = maxPostings - list.reduce(0) { $1.tf > threshold ? $0 + 1 : $0 }
        var kept = 0
        for index in list.indices {
            let item = list[index]
            guard item.tf > threshold || (item.tf == threshold && ties > 0) else { continue }
            if item.tf == threshold { ties -= 1 }
            list[kept] = item
            kept += 1
        }
        list.removeSubrange(kept...)
    }

    /// The `rank`-th largest of `values` (1 is the largest), by quickselect; `values` is reordered.
    static func largest(_ rank: Int, of values: inout [Float]) -> Float {
        var (low, high) = (0, values.count - 1)
        let target = rank - 1
        while low < high {
            // Hoare's partition around the middle value, largest first.
            let pivot = values[(low + high) / 2]
            var (i, j) = (low, high)
            while i <= j {
                while values[i] > pivot { i += 1 }
                while values[j] < pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if target <= j {
                high = j
            } else if target >= i {
                low = i
            } else {
                return values[target]
            }
        }
        return values[target]
    }
}
