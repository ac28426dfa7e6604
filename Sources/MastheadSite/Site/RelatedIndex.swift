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
    /// categories holding at least one article in 64 (the big ones). What others share of an
    /// article's big tags is counted a word at a time (`BitCounter`, `SharedRelated`): walking
    /// a big tag's list one article at a time grew with the square of the site's articles.
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
        for index in articles.indices {
            var numbers: [Int] = []
            for slug in articles[index].tagSlugs {
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
            if let slug = articles[index].category?.slug {
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
        list.count >= words ? bits(list, words: words) : nil
    }

    /// Whether tag number `tag` has bits: one of the big tags.
    func isBig(_ tag: Int) -> Bool { tagBits[tag] != nil }

    /// The bits of category number `category`: kept for a big one, made for a small one.
    func bits(ofCategory category: Int) -> [UInt64] {
        categoryBits[category] ?? bits(byCategory[category], words: words)
    }

    private func bits(_ list: [Int], words: Int) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: words)
        for index in list { bits[index >> 6] |= 1 << UInt64(index & 63) }
        return bits
    }
}

/// Related lists for the articles with at least one big tag (`RelatedIndex.isBig`), found once
/// for each combination of big tags and category: how much another article shares of them
/// depends on nothing else, and thousands of articles share a combination. Walking a big tag's
/// list article by article, for every article holding it, grew with the square of the
/// articles (20 times the instructions for 10 times the articles, with few big tags; a magazine
/// whose tags range from a handful of articles to a third of them has both kinds).
package struct SharedRelated: Sendable {
    /// Per article: its combination's number, or -1 when it has no big tag.
    private let combination: [Int]
    /// Per combination: the articles sharing some of it, best first (most shared, then lowest
    /// index), the combination's own articles included, each with what it shares.
    private let lists: [Ranked]

    struct Ranked: Sendable {
        var articles: [(index: Int, score: Int)] = []
        /// Whether articles sharing less were left out: a list used up short of what an
        /// article needs is not the whole answer.
        var isCut = false
    }

    package static let extra = 256

    /// Each combination's list is long enough for each of its articles: `limit + 1` (an
    /// article leaves out itself and its explicit `related`), and as many again as the small
    /// tags' articles, which an article scores itself (`SiteResolver.related`), up to `extra`.
    init(_ index: RelatedIndex, limit: Int, extra: Int = Self.extra) {
        var numbers: [[Int]: Int] = [:]
        var keys: [[Int]] = []
        var lengths: [Int] = []
        var combination = [Int](repeating: -1, count: index.tags.count)
        for article in index.tags.indices {
            let big = index.tags[article].filter(index.isBig)
            guard !big.isEmpty else { continue }
            let key = big.sorted() + [index.category[article]]
            let small = index.tags[article].reduce(0) { $0 + (index.isBig($1) ? 0 : index.byTag[$1].count) }
            let length = limit + 1 + min(small, extra)
            if let number = numbers[key] {
                combination[article] = number
                lengths[number] = max(lengths[number], length)
            } else {
                numbers[key] = keys.count
                combination[article] = keys.count
                keys.append(key)
                lengths.append(length)
            }
        }
        self.combination = combination
        lists = parallelMap(Array(zip(keys, lengths))) { key, length in
            var counter = BitCounter()
            let tags = key.dropLast()
            let category = key[key.count - 1]
            let maximum = tags.count + (category >= 0 ? 1 : 0)
            counter.reset(maximum: maximum, words: index.words)
            for tag in tags { index.tagBits[tag].map { counter.add($0) } }
            if category >= 0 { counter.add(index.bits(ofCategory: category)) }
            var ranked = Ranked()
            for score in stride(from: maximum, through: 1, by: -1) where !ranked.isCut {
                counter.forEach(counted: score) { other in
                    guard ranked.articles.count < length else {
                        ranked.isCut = true
                        return false
                    }
                    ranked.articles.append((other, score))
                    return true
                }
            }
            return ranked
        }
    }

    /// Nil for an article with no big tag: its list is found through the tag index.
    func candidates(of article: Int) -> Ranked? {
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
