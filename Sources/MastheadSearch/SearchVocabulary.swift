import MastheadSupport

/// The words of a site's search entries, each given a number once, and their stems: an entry
/// keeps its words as numbers (a term takes 8 bytes rather than 24), and the postings add up
/// scores by stem number rather than by string. Entries made on every core share one.
package final class SearchVocabulary: Sendable {
    /// What the postings read, once every word has its stem.
    struct Table: Sendable {
        var words: [String] = []
        var numbers: [String: Int32] = [:]
        /// Each word's stem number, by word number; shorter than `words` until the new words are stemmed.
        var stemOfWord: [Int32] = []
        var stems: [String] = []
        var stemNumbers: [String: Int32] = [:]
    }

    /// The Snowball language the stems are in (`SearchSettings.language`).
    let language: String
    private let table = Locked(Table())

    init(language: String) {
        self.language = language
    }

    /// The numbers of `words`, numbering those met for the first time.
    func numbers(of words: some Sequence<String>) -> [Int32] {
        table.withLock { table in
            words.map { word in
                if let number = table.numbers[word] { return number }
                let number = Int32(table.words.count)
                table.words.append(word)
                table.numbers[word] = number
                return number
            }
        }
    }

    /// Every word with its stem: the words numbered since the last call are stemmed first.
    /// Without a stemmer for the language, each word is its own stem.
    func stemmed() -> Table {
        table.withLock { table in
            guard table.stemOfWord.count < table.words.count else { return table }
            let stemmer = Stemmer(language: language)
            for word in table.words[table.stemOfWord.count...] {
                let stem = stemmer?.stem(word) ?? word
                if let number = table.stemNumbers[stem] {
                    table.stemOfWord.append(number)
                } else {
                    let number = Int32(table.stems.count)
                    table.stems.append(stem)
                    table.stemNumbers[stem] = number
                    table.stemOfWord.append(number)
                }
            }
            return table
        }
    }
}
