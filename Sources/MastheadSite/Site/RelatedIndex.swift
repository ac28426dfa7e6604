import MastheadSupport

/// Articles by tag and by category, as small integers, each list in article order (newest
/// first): what finding related articles needs without comparing every pair of articles,
/// or copying an article's strings for every comparison.
struct RelatedIndex {
    /// Per article: its tags' numbers, and its category's number (-1 for none).
    var tags: [[Int]] = []
    var category: [Int] = []
    /// Per tag and per category number: its articles.
    var byTag: [[Int]] = []
    var byCategory: [[Int]] = []
    /// The same lists as bits (article `i` is bit `i % 64` of word `i / 64`), for the tags and
    /// categories holding at least one article in 64. An article whose tags and category all
    /// have bits is scored a word at a time (`BitCounter`): with few big tags, walking its
    /// tags' lists one article at a time grew with the square of the site's articles.
    var tagBits: [[UInt64]?] = []
    var categoryBits: [[UInt64]?] = []
    /// Words in each list's bits.
    private(set) var words = 0

    init(_ articles: [ResolvedArticle]) {
        words = (articles.count + 63) / 64
        var tagNumbers: [String: Int] = [:]
        var categoryNumbers: [String: Int] = [:]
        tags.reserveCapacity(articles.count)
        category.reserveCapacity(articles.count)
        for (index, article) in articles.enumerated() {
            var numbers: [Int] = []
            for slug in article.tagSlugs {
                let number =
                    tagNumbers[slug]
                    ?? {
                        tagNumbers[slug] = byTag.count
                        byTag.append([])
                        return byTag.count - 1
                    }()
                byTag[number].append(index)
                numbers.append(number)
            }
            tags.append(numbers)
            if let slug = article.category?.slug {
                let number =
                    categoryNumbers[slug]
                    ?? {
                        categoryNumbers[slug] = byCategory.count
                        byCategory.append([])
                        return byCategory.count - 1
                    }()
                byCategory[number].append(index)
                category.append(number)
            } else {
                category.append(-1)
            }
        }
        tagBits = byTag.map(bits)
        categoryBits = byCategory.map(bits)
    }

    private func bits(_ list: [Int]) -> [UInt64]? {
        guard list.count >= words else { return nil }
        var bits = [UInt64](repeating: 0, count: words)
        for index in list { bits[index >> 6] |= 1 << UInt64(index & 63) }
        return bits
    }

    /// Whether `article` can be scored with `BitCounter`: all its tags and its category have bits.
    func isDense(_ article: Int) -> Bool {
        !tags[article].isEmpty && tags[article].allSatisfy { tagBits[$0] != nil }
            && (category[article] < 0 || categoryBits[category[article]] != nil)
    }
}

/// The related lists of the articles whose tags and category all have bits
/// (`RelatedIndex.isDense`), found once for each combination of tags and category: an
/// article's score against another depends on nothing else, and with few big tags thousands
/// of articles share a combination. Counting every article against every other, 64 at a
/// time, grew with the square of the articles: 20 times the instructions for 10 times the
/// articles, from 10,000 to 100,000.
struct SharedRelated: Sendable {
    /// Per article: its combination's number, or -1 when it is not dense.
    private let combination: [Int]
    /// Per combination: the best articles for it, best first (most shared, then lowest
    /// index), the articles of the combination themselves included: one list serves each.
    private let lists: [[Int]]

    /// `limit + 1` per combination: an article leaves out itself and its explicit `related`,
    /// and takes only as many as `limit` less those.
    init(_ index: RelatedIndex, limit: Int) {
        var numbers: [[Int]: Int] = [:]
        var keys: [[Int]] = []
        var combination = [Int](repeating: -1, count: index.tags.count)
        for article in index.tags.indices where index.isDense(article) {
            let key = index.tags[article].sorted() + [index.category[article]]
            combination[article] =
                numbers[key]
                ?? {
                    numbers[key] = keys.count
                    keys.append(key)
                    return keys.count - 1
                }()
        }
        self.combination = combination
        let count = limit + 1
        lists = parallelMap(keys) { key in
            var counter = BitCounter()
            let tags = key.dropLast()
            let category = key[key.count - 1]
            let maximum = tags.count + (category >= 0 ? 1 : 0)
            counter.reset(maximum: maximum, words: index.words)
            for tag in tags { index.tagBits[tag].map { counter.add($0) } }
            if category >= 0 { index.categoryBits[category].map { counter.add($0) } }
            var best: [Int] = []
            for score in stride(from: maximum, through: 1, by: -1) where best.count < count {
                counter.forEach(counted: score) { other in
                    best.append(other)
                    return best.count < count
                }
            }
            return best
        }
    }

    /// Nil for an article that is not dense: its list is found through the tag index.
    func candidates(of article: Int) -> [Int]? {
        combination[article] < 0 ? nil : lists[combination[article]]
    }
}

/// A counter per article, in bit planes: plane `p` holds bit `p` of every article's count,
/// so adding a list's bits is a ripple-carry add over whole words.
struct BitCounter {
    private var planes: [UInt64] = []
    private var planeCount = 0
    private var words = 0

    /// Zero counts, able to count up to `maximum`.
    mutating func reset(maximum: Int, words: Int) {
        planeCount = max(1, Int.bitWidth - maximum.leadingZeroBitCount)
        self.words = words
        planes = [UInt64](repeating: 0, count: planeCount * words)
    }

    mutating func add(_ bits: [UInt64]) {
        let (planeCount, words) = (planeCount, words)
        planes.withUnsafeMutableBufferPointer { planes in
            for word in 0..<words {
                var carry = bits[word]
                var plane = 0
                while carry != 0, plane < planeCount {
                    let slot = plane * words + word
                    let sum = planes[slot] ^ carry
                    carry &= planes[slot]
                    planes[slot] = sum
                    plane += 1
                }
            }
        }
    }

    /// The articles counted exactly `count` times, lowest index first, until `body` says stop.
    func forEach(counted count: Int, _ body: (Int) -> Bool) {
        for word in 0..<words {
            var matching = UInt64.max
            for plane in 0..<planeCount {
                let bits = planes[plane * words + word]
                matching &= (count >> plane) & 1 == 1 ? bits : ~bits
            }
            while matching != 0 {
                let index = word << 6 + matching.trailingZeroBitCount
                if !body(index) { return }
                matching &= matching - 1
            }
        }
    }
}
