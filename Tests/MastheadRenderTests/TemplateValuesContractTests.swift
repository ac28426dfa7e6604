import Foundation
import MastheadTesting
import Testing

@testable import MastheadRender

/// The template values docs/templates.md and docs/catalogs.md document are the values the
/// code offers, name for name, and each renders on a site where every value is present.
@Suite("Template values: the documented contract")
struct TemplateValuesContractTests {
    /// Each documented value (the first heading of its table) and the names its type answers.
    static let types: [String: [String]] = [
        "every page": PageValues.keys,
        "site": SiteValues.keys,
        "menu entry": LinkValues.keys,
        "search": SearchValues.keys,
        "page": PageInfoValues.keys,
        "language version": LanguageVersionValues.keys,
        "alternate": AlternateValues.keys,
        "category": CategoryValues.keys,
        "tag": TagValues.keys,
        "card": CardValues.keys,
        "image": ImageValues.keys,
        "home template": HomePageValues.keys,
        "section": HomeSectionValues.keys,
        "article template": ArticlePageValues.keys,
        "article": ArticleValues.keys,
        "video": VideoValues.keys,
        "table of contents": TableOfContentsValues.keys,
        "contents entry": TableOfContentsEntryValues.keys,
        "gallery image": GalleryImageValues.keys,
        "share": ShareValues.keys,
        "list template": ListPageValues.keys,
        "list": ListValues.keys,
        "archive index": ArchiveIndexValues.keys,
        "archive year": ArchiveYearValues.keys,
        "archive month": ArchiveMonthValues.keys,
        "pagination": PaginationValues.keys,
        "pagination link": PaginationLinkValues.keys,
        "terms template": TermsPageValues.keys,
        "terms": TermsValues.keys,
        "page template": DocumentPageValues.keys,
        "catalog": CatalogValues.keys,
        "facet": CatalogFacetValues.keys,
        "facet value": CatalogFacetEntryValues.keys,
        "range": CatalogRangeValues.keys,
        "order": CatalogOrderValues.keys,
        // `FIELD`: an item answers its fields' names too.
        "item": CatalogItemValues.keys + ["FIELD"],
        "field": CatalogFieldValues.keys,
        "facet link": CatalogFacetLinkValues.keys,
        "neighbour": LinkValues.keys,
        "catalog index template": CatalogIndexPageValues.keys,
        "facet value template": CatalogFacetPageValues.keys,
        "order template": CatalogOrderPageValues.keys,
        "item template": CatalogItemPageValues.keys
    ]

    /// Where each value is found on the fixture site: a template and the sections that enter it.
    /// A name passes when one of its value's places shows it.
    static let places: [String: [(template: String, path: String)]] = [
        "every page": [("home", "")],
        "site": [("home", "site")],
        "menu entry": [("home", "site.menu")],
        "search": [("home", "site.search")],
        "page": [("article", "page"), ("page", "page"), ("statement", "page")],
        "language version": [("article", "page.languages"), ("page", "page.languages"), ("list", "page.languages")],
        "alternate": [("article", "page.alternates"), ("page", "page.alternates")],
        "category": [("home", "site.categories")],
        "tag": [("article", "article.tags")],
        "card": [("list", "articles")],
        "image": [("list", "articles cover"), ("article", "article.cover")],
        "home template": [("home", "")],
        "section": [("home", "sections")],
        "article template": [("article", "")],
        "article": [("article", "article")],
        "video": [("article", "article.video")],
        "table of contents": [("article", "article.toc")],
        "contents entry": [("article", "article.toc.entries")],
        "gallery image": [("article", "article.gallery")],
        "share": [("article", "article.share")],
        "list template": [("list", "")],
        "list": [("list", "list")],
        "archive index": [("list", "list.archive")],
        "archive year": [("list", "list.archive.years")],
        "archive month": [("list", "list.archive.years months")],
        "pagination": [("list", "pagination")],
        "pagination link": [("list", "pagination.pages")],
        "terms template": [("terms", "")],
        "terms": [("terms", "terms")],
        "page template": [("page", "")],
        "catalog": [("home", "catalogs.prizes")],
        "facet": [("home", "catalogs.prizes.facets")],
        "facet value": [("home", "catalogs.prizes.facets values")],
        "range": [("home", "catalogs.prizes.range.points")],
        "order": [("home", "catalogs.prizes.orders"), ("catalog-index", "order")],
        "item": [("home", "catalogs.prizes.items"), ("home", "catalogs.stores.items"), ("catalog-item", "item")],
        "field": [("home", "catalogs.prizes.items fields")],
        "facet link": [("home", "catalogs.prizes.items facetLinks.category")],
        "neighbour": [("catalog-item", "item.previous"), ("catalog-item", "item.next")],
        "catalog index template": [("catalog-index", "")],
        "facet value template": [("catalog-index", "")],
        "order template": [("catalog-index", "")],
        "item template": [("catalog-item", "")]
    ]

    /// The fixture's names for the placeholders of the docs.
    static let examples = [
        "catalogs.NAME": "catalogs.prizes", "charts.NAME": "charts.monthly", "facet.FIELD": "facet.points", "range.FIELD": "range.points",
        "FIELD": "points", "raw.FIELD": "raw.points", "facetLinks.FIELD": "facetLinks.category", "refs.FIELD": "refs.store",
        "referencedBy.CATALOG": "referencedBy.prizes", "referencedCount.CATALOG": "referencedCount.prizes", "blocks.NAME": "blocks.activity",
        "i18n.KEY": "i18n.readMore"
    ]

    static func documented() throws -> (names: [String: [String]], problems: [String]) {
        let docs = try read()
        return (docs.resolved(), docs.problems.map(\.description))
    }

    static func read() throws -> DocumentedValues {
        var docs = DocumentedValues()
        try docs.read("docs/templates.md")
        try docs.read("docs/catalogs.md", section: "## Template values")
        return docs
    }

    /// `raw.FIELD` is the value's name `raw`.
    static func name(_ documented: String) -> String {
        documented == "FIELD" ? documented : String(documented.prefix { $0 != "." })
    }

    @Test("every documented name is one the values answer, and every name they answer is documented")
    func namesMatch() throws {
        let (documented, problems) = try Self.documented()
        #expect(problems.isEmpty, "\(problems)")
        #expect(Set(documented.keys).subtracting(Self.types.keys).sorted() == [], "documented, but no type here answers them")
        #expect(Set(Self.types.keys).subtracting(documented.keys).sorted() == [], "answered, but no table documents them")
        for (value, names) in documented.sorted(by: { $0.key < $1.key }) {
            let answered = Set(Self.types[value] ?? [])
            let written = Set(names.map(Self.name))
            #expect(written.subtracting(answered).sorted() == [], "\(value): documented, but the values do not answer")
            #expect(answered.subtracting(written).sorted() == [], "\(value): answered, but not documented")
            #expect(names.count == written.count, "\(value): a name documented twice in \(names)")
        }
    }

    @Test("every documented name renders on a site where every value is present")
    func everyNameRenders() throws {
        let (documented, _) = try Self.documented()
        // One line per value, place and name: `⟦value.name:what it renders⟧`.
        var templates: [String: String] = ["404": ""]
        for template in ["home", "article", "list", "terms", "page", "statement", "catalog-index", "catalog-item", "search"] {
            templates[template] = ""
        }
        for (value, names) in documented {
            for place in Self.places[value] ?? [] {
                let sections = place.path.split(separator: " ").map(String.init)
                let open = sections.map { "{{#\($0)}}" }.joined()
                let close = sections.reversed().map { "{{/\($0)}}" }.joined()
                for written in names {
                    let name = Self.examples[written] ?? written
                    templates[place.template, default: ""] += "\(open)⟦\(value).\(written):{{.\(name)}}⟧\(close)\n"
                }
            }
        }
        let result = try TemplateValuesFixture.build(templates: templates)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.messages)")
        var shown = Set<String>()
        for path in result.paths where path.hasSuffix(".html") {
            let text = try #require(result.text(path))
            for marker in text.components(separatedBy: "⟦").dropFirst() {
                guard let end = marker.firstIndex(of: "⟧"), let colon = marker.firstIndex(of: ":"), colon < end else { continue }
                if marker.index(after: colon) < end { shown.insert(String(marker[..<colon])) }
            }
        }
        for (value, names) in documented.sorted(by: { $0.key < $1.key }) {
            let missing = names.filter { !shown.contains("\(value).\($0)") }
            #expect(missing == [], "\(value): these render nothing on the fixture site")
        }
    }

    @Test(
        "the kinds of pages, lists and indexes are the words the docs list",
        arguments: [
            ("page", "kind", "home", "page.kind"), ("list", "kind", "list", "list.kind"), ("terms", "kind", "terms", "terms.kind")
        ])
    func documentedWords(value: String, name: String, template: String, path: String) throws {
        let words = try #require(Self.read().descriptions[value]?[name])
        var templates = [
            "404": "", "home": "", "article": "", "list": "", "terms": "", "page": "", "statement": "", "catalog-index": "",
            "catalog-item": "", "search": ""
        ]
        let marker = "⟦{{\(path)}}⟧"
        if value == "page" { templates = templates.mapValues { _ in marker } } else { templates[template] = marker }
        let result = try TemplateValuesFixture.build(templates: templates)
        let shown = try result.paths.filter { $0.hasSuffix(".html") }.compactMap { path -> String? in
            let text = try #require(result.text(path))
            guard let start = text.range(of: "⟦"), let end = text.range(of: "⟧") else { return nil }
            return String(text[start.upperBound..<end.lowerBound])
        }
        #expect(Set(shown) == Set(DocumentedValues.backticked(words)), "\(value).\(name): \(words)")
    }
}
