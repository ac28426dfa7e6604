import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSearch
@testable import MastheadSite

@Suite("Search: words, stems, shards, ranking, the index of a build and of a preview patch")
struct SearchTests {
    static let templates = TestSite.minimalTemplates.merging(["search": "{{<base}}{{$main}}<h1>Search</h1>{{/main}}{{/base}}"]) { $1 }

    @Test("words are lower-cased and their diacritics folded; emoji, punctuation and regex characters split them")
    func normalisation() {
        #expect(SearchText.words("Caffè, CAFFE e l'Espresso!") == ["caffe", "caffe", "e", "l", "espresso"])
        #expect(SearchText.words("Crème brûlée (.*+?) 🚀☕ naïve") == ["creme", "brulee", "naive"])
        #expect(SearchText.words("שלום עולם") == ["שלום", "עולם"])
        #expect(SearchText.words(String(repeating: "a", count: 41)).isEmpty)
    }

    @Test("the indexed text of HTML: tags and charts dropped, entities decoded once, unknown ones kept")
    func htmlText() {
        let html = "<p>Caff&egrave; &amp;lt; &#233;&#xE9; &rsquo;A&nbsp;B&rsquo; &foo; AT&T &#0;</p><svg><text>42</text></svg><p>fine</p>"
        #expect(SearchHTMLText.plainText(html) == "Caffè &lt; éé ’A B’ &foo; AT&T &#0; fine")
        #expect(HTMLText.decodeEntities("&amp;amp;&quot;&lt;b&gt;&apos;&#39;") == "&amp;\"<b>''")
    }

    @Test("Italian and English words stemmed by Snowball, stop words of each language")
    func stemming() throws {
        let italian = try #require(Stemmer(language: "it"))
        #expect(italian.stem("ricette") == italian.stem("ricetta"))
        #expect(italian.stem("caffe") == italian.stem("caffe"))
        #expect(italian.stem("tostature") == "tostatur")
        let english = try #require(Stemmer(language: "en-GB"))
        #expect(english.stem("running") == "run")
        #expect(english.stem("recipes") == english.stem("recipe"))
        #expect(Stemmer(language: "tlh") == nil)
        #expect(StopWords.words(language: "it").isSuperset(of: ["della", "perche", "piu", "il"]))
        #expect(StopWords.words(language: "en").isSuperset(of: ["the", "and", "of"]))
        #expect(!StopWords.words(language: "it").contains("caffe"))
    }

    @Test("shards cut by first characters until small; a word is found in the shard of the longest key it starts with")
    func sharding() {
        let words = ["caffe", "caffeina", "caffetteria", "cacao", "crema", "moka", "mokador", "zucchero"]
        let shards = SearchShards.split(words.sorted(), targetBytes: 30) { _ in 10 }
        #expect(shards.map(\.key) == ["cac", "caf", "cr", "m", "z"])
        #expect(shards.first { $0.key == "caf" }?.words == ["caffe", "caffeina", "caffetteria"])
        let keys = shards.map(\.key)
        // Which shard each query word needs.
        #expect(SearchShards.key(of: "caffeina", in: keys) == "caf")
        #expect(SearchShards.key(of: "mokador", in: keys) == "m")
        #expect(SearchShards.key(of: "crema", in: keys) == "cr")
        #expect(SearchShards.key(of: "ciao", in: keys) == nil)
        for shard in shards { for word in shard.words { #expect(SearchShards.key(of: word, in: keys) == shard.key) } }
        // A key's own word stays in its shard when longer words are cut away.
        let deeper = SearchShards.split(["ca", "cab", "cac"], targetBytes: 15) { _ in 10 }
        #expect(deeper.map(\.key) == ["ca", "cab", "cac"])
    }

    @Test("an entry counts each field's words without its stop words, which neither make terms nor count in the length")
    func entryTerms() {
        let vocabulary = SearchVocabulary(language: "xx")
        var texts = Array(repeating: [String](), count: SearchConfig.Field.allCases.count)
        texts[SearchConfig.Field.title.index] = ["Il caffè e la moka"]
        texts[SearchConfig.Field.body.index] = ["La moka e il caffè, il caffè e la moka: caffè"]
        let entry = SearchEntry(
            kind: "article", group: "", groupLabel: "", url: "/a/", title: "", summary: "", image: nil, date: nil, excerptText: "",
            texts: texts, stopWords: ["il", "la", "e"], vocabulary: vocabulary)
        let table = vocabulary.stemmed()
        let terms = entry.terms.map { "\(table.words[Int($0.word)]) \($0.field) \($0.count)" }
        let title = UInt8(SearchConfig.Field.title.index)
        let body = UInt8(SearchConfig.Field.body.index)
        // By field, each field's words in the order first met.
        #expect(terms == ["caffe \(title) 1", "moka \(title) 1", "moka \(body) 2", "caffe \(body) 3"])
        #expect(entry.lengths[SearchConfig.Field.title.index] == 2)
        #expect(entry.lengths[SearchConfig.Field.body.index] == 5)
        #expect(entry.lengths.reduce(0, +) == 7)
    }

    @Test("ranking on a fixed corpus: the title weighs more than the body, a rare word more than a common one")
    func ranking() {
        // No stemmer: each word is its own stem.
        let vocabulary = SearchVocabulary(language: "xx")
        func entry(_ url: String, title: String, body: String) -> SearchEntry {
            var texts = Array(repeating: [String](), count: SearchConfig.Field.allCases.count)
            texts[SearchConfig.Field.title.index] = [title]
            texts[SearchConfig.Field.body.index] = [body]
            return SearchEntry(
                kind: "article", group: "", groupLabel: "", url: url, title: title, summary: "", image: nil, date: nil, excerptText: body,
                texts: texts, vocabulary: vocabulary)
        }
        let entries = [
            entry("/a/", title: "Moka e caffe", body: "La moka si carica con acqua e caffe macinato."),
            entry("/b/", title: "Colazione", body: "Caffe caffe caffe a colazione, con la moka di casa."),
            entry("/c/", title: "Il tiramisu", body: "Savoiardi bagnati nel caffe, mascarpone e cacao."),
            entry("/d/", title: "Cacao amaro", body: "Il cacao e il caffe, due semi tostati.")
        ]
        let weights = SearchConfig.Field.allCases.map { SearchConfig.defaultWeights[$0] ?? 0 }
        let postings = SearchPostings(entries: entries, weights: weights, vocabulary: vocabulary.stemmed())
        func order(_ word: String) -> [Int32] {
            (postings.postings[word] ?? []).sorted { $0.score != $1.score ? $0.score > $1.score : $0.document < $1.document }.map(\.document)
        }
        #expect(order("moka") == [0, 1])
        #expect(order("cacao") == [3, 2])
        #expect(order("caffe").first == 0)
        // A word in every document scores less than one in two of them.
        #expect(postings.postings["caffe"]![0].score < postings.postings["moka"]![0].score)
    }

    @Test("a stem's list is cut to its best documents by selection, as sorting it would: ties to the earlier document, in document order")
    func listCutEqualsSort() {
        var generator = SplitMix(seed: 15)
        let max = SearchPostings.maxPostings
        // Counts from few distinct values (many ties) to many; lengths around and above the cut.
        for (length, distinct) in [(max + 1, 3), (2 * max, 1), (2 * max, 7), (2 * max - 3, 1000), (3 * max + 17, 40), (5, 2)] {
            let list = (0..<length).map { (document: Int32($0 * 3), tf: Float(generator.next() % UInt64(distinct)) / 4) }
            var cut = list
            SearchPostings.keepBest(&cut)
            let sorted = list.sorted { $0.tf != $1.tf ? $0.tf > $1.tf : $0.document < $1.document }
            let expected = Array(sorted.prefix(max)).sorted { $0.document < $1.document }
            #expect(cut.map(\.document) == expected.map(\.document), "length \(length), \(distinct) distinct counts")
            #expect(cut.map(\.tf) == expected.map(\.tf))
        }
        var values: [Float] = [5, 1, 4, 4, 2, 9, 4]
        #expect(SearchPostings.largest(1, of: &values) == 9)
        #expect(SearchPostings.largest(3, of: &values) == 4)
        #expect(SearchPostings.largest(7, of: &values) == 1)
    }

    @Test("a build writes the entry, hashed shards and fragments, the script and the search page")
    func indexFiles() throws {
        let site = try TestSite(templates: Self.templates)
        try site.article("moka.md", "title: La moka di casa\ndate: 2026-01-02\ncategory: coffee-culture", body: "Una moka e un caffè.")
        try site.article("cake.md", "title: A coffee cake\ndate: 2026-01-03\ncategory: inspiring-cooking", body: "Flour, butter, recipes.")
        let result = site.build()
        #expect(result.messages.isEmpty)
        let entry = try #require(result.text("search/index.json"))
        #expect(entry.contains("\"language\":\"en\""))
        #expect(entry.contains("[\"article\",\"coffee-culture\",\"Coffee Culture\","))
        #expect(result.paths.contains("search/index.html"))
        #expect(result.paths.contains { $0.hasPrefix("search/search.") && $0.hasSuffix(".js") })
        let shards = result.paths.filter { $0.hasPrefix("search/shards/") }
        #expect(!shards.isEmpty)
        for path in shards {
            let hash = path.dropFirst("search/shards/".count).dropLast(".json".count)
            #expect(entry.contains("\"\(hash)\""))
        }
        let fragment = try #require(result.paths.first { $0.hasPrefix("search/fragments/") }.flatMap(result.text))
        #expect(fragment.contains("\"url\":\"/articles/"))
        // Without a search template and without `search:`, nothing.
        let plain = try TestSite()
        try plain.article("moka.md", "title: Moka\ndate: 2026-01-02\ncategory: coffee-culture")
        #expect(!plain.build().paths.contains { $0.hasPrefix("search/") })
    }

    @Test("search: problems in site.yml are reported with their place")
    func configProblems() throws {
        let site = try TestSite(
            config: TestSite.minimalConfig + "\nsearch:\n  fields: { title: 5, bodi: 1 }\n  catalogs: { prize: { fields: [title] } }\n",
            templates: Self.templates)
        try site.article("moka.md", "title: Moka\ndate: 2026-01-02\ncategory: coffee-culture")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/site.yml:11:23: error: search.fields: unknown field 'bodi' (fields: title, subtitle, tags, category, summary, body); "
                    + "did you mean 'body'?",
                "Content/site.yml:12:15: error: search.catalogs: unknown catalog 'prize'"
            ])
        #expect(!result.succeeded)
        try site.write("Content/site.yml", TestSite.minimalConfig + "\nsearch:\n  language: tlh\n")
        #expect(
            site.build().messages == [
                "Content/site.yml:11:13: error: search.language: Snowball has no stemmer for \"tlh\" (use a code like it, en, fr, de)"
            ])
    }

    /// Twelve articles, built once with a preview's memory: the site, and the options its patches run with.
    static func builtWithMemory() throws -> (TestSite, BuildOptions) {
        let site = try TestSite(templates: Self.templates)
        for number in 1...12 {
            try site.article(
                "a\(number).md", "title: Article \(number)\ndate: 2026-01-\(10 + number)\ncategory: coffee-culture",
                body: "Words of article \(number).")
        }
        var options = site.options()
        options.memory = RebuildMemory()
        #expect(Pipeline.run(options: options).succeeded)
        return (site, options)
    }

    @Test("the index after a preview patch equals a clean build's, and `search: false` turns it off")
    func previewPatch() throws {
        let (site, built) = try Self.builtWithMemory()
        var options = built
        try site.article(
            "a5.md", "title: Article 5\ndate: 2026-01-15\ncategory: coffee-culture", body: "Words of article 5.\n\nA new paragraph about zabaglione.")
        let patched = Pipeline.run(.changes(Changes(saved: ["Content/articles/a5.md"])), options: options)
        #expect(patched.patched)
        // The patch shows the pages first; the index follows.
        #expect(!patched.paths.contains { $0.hasPrefix("search/") })
        let index = Pipeline.run(.pendingSearchIndex, options: options)
        let (searchFiles, removed) = (index.files, index.removed)
        #expect(Pipeline.run(.pendingSearchIndex, options: options).files.isEmpty)
        options.memory = nil
        let clean = Pipeline.run(options: options)
        let cleanIndex = Dictionary(uniqueKeysWithValues: clean.files.filter { $0.path.hasPrefix("search/") }.map { ($0.path, try? $0.data()) })
        // Every file the patch wrote is the clean build's; the entry names only files a clean build has.
        #expect(searchFiles.contains { $0.path.hasPrefix("search/shards/") })
        // The new word's shard replaces the last one of its key: that one is gone.
        #expect(!removed.isEmpty && removed.allSatisfy { $0.hasPrefix("search/") && cleanIndex[$0] == nil })
        for file in searchFiles {
            #expect(cleanIndex[file.path] == (try? file.data()), "\(file.path)")
        }
        #expect(
            String(decoding: try #require(try searchFiles.first { $0.path == "search/index.json" }?.data()), as: UTF8.self)
                == clean.text("search/index.json"))
        #expect(clean.text("search/index.json")?.contains("\"documents\":12") == true)
        let zabaglione = clean.files.filter { $0.path.hasPrefix("search/shards/") }.compactMap { clean.text($0.path) }
        #expect(zabaglione.contains { $0.contains("\"zabaglione\"") })

        try site.write("Content/site.yml", TestSite.minimalConfig + "\nsearch: false\n")
        let off = site.build()
        #expect(!off.paths.contains { $0.hasPrefix("search/") })
    }

    @Test("a finish made while another save was patched is dropped, and the next one indexes both saves")
    func finishRacedByASave() throws {
        let (site, built) = try Self.builtWithMemory()
        var options = built
        let memory = try #require(options.memory)
        try site.article("a5.md", "title: Article 5\ndate: 2026-01-15\ncategory: coffee-culture", body: "About zabaglione.")
        #expect(Pipeline.run(.changes(Changes(saved: ["Content/articles/a5.md"])), options: options).patched)
        // A finish takes the state; before it keeps its index, the next save is patched.
        let search = try #require(memory.allLanguages.first).search
        let (taken, generation) = try #require(search.current())
        try site.article("a6.md", "title: Article 6\ndate: 2026-01-16\ncategory: coffee-culture", body: "About panettone.")
        #expect(Pipeline.run(.changes(Changes(saved: ["Content/articles/a6.md"])), options: options).patched)
        #expect(!search.replace(taken, ifStillAt: generation))
        // The next finish has both saves, and its files are a clean build's.
        let index = Pipeline.run(.pendingSearchIndex, options: options)
        options.memory = nil
        let clean = Pipeline.run(options: options)
        let shards = index.files.filter { $0.path.hasPrefix("search/shards/") }.compactMap { try? $0.data() }
        let words = String(decoding: shards.joined(), as: UTF8.self)
        #expect(words.contains("\"zabaglione\"") && words.contains("\"panettone\""))
        for file in index.files {
            #expect(clean.text(file.path) == (try? file.data()).map { String(decoding: $0, as: UTF8.self) }, "\(file.path)")
        }
        #expect(index.files.contains { $0.path == "search/index.json" })
    }
}
