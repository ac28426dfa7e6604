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
