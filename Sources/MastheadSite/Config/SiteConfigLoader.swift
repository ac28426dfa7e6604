import Foundation
import MastheadCharts
import MastheadContent
import MastheadImages
import MastheadMarkdown
import MastheadSupport

/// Reads `Content/site.yml` into a `SiteConfig`, reporting every problem.
public enum SiteConfigLoader {
    public static let path = SiteFolders.siteConfig

    static let knownKeys = [
        "title", "description", "baseURL", "language", "timezone", "author", "categories", "home", "menu",
        "pageSize", "archives", "permalinks", "markdown", "feed", "related", "catalogs", "images",
        "datasets", "charts", "statements", "search", "colours", "languages", "toc", "email",
        // Read by `masthead deploy` (MastheadDeploy's DeployConfigReader), not by the build.
        "deploy"
    ]

    package static func load(siteFolder: SiteFolder) -> (SiteConfig?, [Diagnostic]) {
        let files = siteFolder
        if let problem = files.problem(at: path) { return (nil, [problem]) }
        guard FileStatus(path: siteFolder.path(path)) != nil else {
            return (nil, [Diagnostic(.error, "missing site configuration: create \(path) with at least a title", file: path)])
        }
        let data: Data
        switch files.read(path) {
        case .success(let read): data = read
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        switch SourceFile(path: path, data: data).text() {
        case .success(let text): return parse(text)
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
    }

    public static func parse(_ text: String, file: String = path) -> (SiteConfig?, [Diagnostic]) {
        let node: YAMLNode
        switch YAMLNode.parse(text, file: file) {
        case .success(let parsed): node = parsed
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        var reader = YAMLReader(node, context: "site.yml")
        reader.warnAboutUnknownKeys(knownKeys, what: "site.yml")
        var config = SiteConfig(title: reader.string("title", required: true) ?? "Untitled")
        if let description = reader.string("description") { config.description = description }
        if let baseURL = reader.string("baseURL") {
            if let normalised = normaliseBaseURL(baseURL) {
                config.baseURL = normalised
            } else {
                reader.error("baseURL: expected an absolute URL like https://example.com/, got \"\(baseURL)\"", at: reader.locationOf("baseURL"))
            }
        }
        if let language = reader.string("language") {
            // Read once, in normal form (`IT` is `it`): labels, stemmer, URLs and `lang` all use it.
            if let tag = LanguageTag(language) {
                config.language = tag.description
            } else {
                reader.error("language: expected a BCP 47 tag like it or en-GB, got \"\(language)\"", at: reader.locationOf("language"))
            }
        }
        if let zoneName = reader.string("timezone") {
            if let zone = TimeZone(identifier: zoneName) {
                config.timeZone = zone
            } else {
                reader.error("timezone: unknown time zone \"\(zoneName)\" (use an IANA name like Europe/Rome)", at: reader.locationOf("timezone"))
            }
        }
        config.author = reader.string("author")
        config.categories = reader.mappings("categories", readCategory) ?? []
        reportDuplicateCategories(config.categories, reader: &reader)
        if let sections = reader.mapping(
            "home",
            { home -> [HomeSectionConfig]? in
                home.warnAboutUnknownKeys(["sections"], what: "home")
                return home.mappings("sections") { section, _ in readSection(&section, categories: config.categories) }
            })
        {
            config.homeSections = sections
        }
        config.menu =
            reader.mappings("menu") { item, _ in
                item.warnAboutUnknownKeys(["title", "url"], what: "menu")
                guard let title = item.string("title", required: true), let url = item.string("url", required: true) else { return nil }
                return MenuLink(title: title, url: url)
            } ?? []
        if let pageSize = reader.integer("pageSize", minimum: 1) { config.pageSize = pageSize }
        if let archives = reader.bool("archives") { config.archives = archives }
        if let permalinks = reader.mapping("permalinks", readPermalinks) { config.permalinks = permalinks }
        if let markdown = reader.mapping(
            "markdown",
            { markdown -> MarkdownOptions in
                markdown.warnAboutUnknownKeys(["rawHTML", "smartPunctuation", "maxNesting"], what: "markdown")
                var options = MarkdownOptions()
                if let raw = markdown.bool("rawHTML") { options.rawHTML = raw }
                if let smart = markdown.bool("smartPunctuation") { options.smartPunctuation = smart }
                if let depth = markdown.integer("maxNesting", minimum: 1) { options.maxNesting = depth }
                return options
            })
        {
            config.markdown = markdown
        }
        if let toc = reader.mapping("toc", readTableOfContents) { config.tableOfContents = toc }
        if let length = reader.mapping(
            "feed",
            { feed -> Int? in
                feed.warnAboutUnknownKeys(["length"], what: "feed")
                return feed.integer("length", minimum: 1)
            })
        {
            config.feedLength = length
        }
        if let limit = reader.mapping(
            "related",
            { related -> Int? in
                related.warnAboutUnknownKeys(["limit"], what: "related")
                return related.integer("limit", minimum: 0)
            })
        {
            config.relatedLimit = limit
        }
        if let images = reader.mapping("images", readImages) { config.images = images }
        config.email = EmailConfig.read(&reader, baseURL: config.baseURL)
        var languageDiagnostics: [Diagnostic] = []
        config.languages = LanguageConfigReader.read(
            &reader, defaultLanguage: config.language, categories: config.categories, extra: &languageDiagnostics)
        let (catalogs, catalogDiagnostics) = CatalogConfigReader.read(
            reader.node["catalogs"], defaultPageSize: config.pageSize, language: config.language)
        config.catalogs = catalogs
        if let brand = reader.mapping("colours", readColours) { config.brandColour = brand }
        let (reports, reportDiagnostics) = ReportsConfigReader.read(
            datasets: reader.node["datasets"], charts: reader.node["charts"],
            statements: reader.node["statements"], brand: config.brandColour)
        config.reports = reports
        let (search, searchDiagnostics) = SearchConfigReader.read(reader.node["search"], catalogs: catalogs)
        config.search = search
        let diagnostics = (reader.diagnostics + languageDiagnostics + catalogDiagnostics + reportDiagnostics + searchDiagnostics).sortedByPosition()
        return (diagnostics.hasErrors ? nil : config, diagnostics)
    }

    package static func normaliseBaseURL(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else { return nil }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    private static func readCategory(_ reader: inout YAMLReader, _ index: Int) -> CategoryConfig? {
        reader.warnAboutUnknownKeys(["name", "slug", "description", "colour", "color"], what: "category")
        guard let name = reader.string("name", required: true) else { return nil }
        let slug = reader.string("slug").map(Slug.make) ?? Slug.make(name)
        if slug.isEmpty {
            reader.error("category \"\(name)\" has no usable slug: give it one with slug:", at: reader.location)
            return nil
        }
        var category = CategoryConfig(name: name, slug: slug)
        category.description = reader.string("description") ?? ""
        category.colour = reader.string("colour") ?? reader.string("color")
        return category
    }

    private static func reportDuplicateCategories(_ categories: [CategoryConfig], reader: inout YAMLReader) {
        var seen = Set<String>()
        for category in categories where !seen.insert(category.slug).inserted {
            reader.error("categories: two categories have the slug '\(category.slug)'", at: reader.locationOf("categories"))
        }
    }

    private static func readSection(_ reader: inout YAMLReader, categories: [CategoryConfig]) -> HomeSectionConfig? {
        reader.warnAboutUnknownKeys(["title", "show", "category", "limit", "background"], what: "home section")
        guard let title = reader.string("title", required: true) else { return nil }
        let showText = reader.string("show") ?? "rest"
        guard let show = HomeSectionConfig.Show(rawValue: showText) else {
            let choices = HomeSectionConfig.Show.allCases.map(\.rawValue)
            let hint = Suggestion.didYouMean(showText, in: choices)
            reader.error("show: expected one of \(choices.joined(separator: ", ")), got \"\(showText)\"\(hint)", at: reader.locationOf("show"))
            return nil
        }
        var section = HomeSectionConfig(title: title, show: show, limit: reader.integer("limit", minimum: 1) ?? 6)
        section.background = reader.string("background")
        if show == .category {
            guard let name = reader.string("category", required: true) else { return nil }
            let slug = Slug.make(name)
            guard let category = categories.first(where: { $0.slug == name || $0.slug == slug || $0.name == name }) else {
                reader.error(
                    "category: unknown category '\(name)'\(Suggestion.didYouMean(name, in: categories.map(\.slug)))",
                    at: reader.locationOf("category"))
                return nil
            }
            section.categorySlug = category.slug
        }
        return section
    }

    /// `toc: { minHeadings: 4, startLevel: 2, endLevel: 3 }` (docs/site-yml.md).
    private static func readTableOfContents(_ toc: inout YAMLReader) -> TableOfContentsOptions {
        toc.warnAboutUnknownKeys(["minHeadings", "startLevel", "endLevel"], what: "toc")
        var options = TableOfContentsOptions()
        options.minHeadings = toc.integer("minHeadings", minimum: 1)
        for key in ["startLevel", "endLevel"] {
            guard let level = toc.integer(key, minimum: 1) else { continue }
            guard level <= 6 else {
                toc.error("toc.\(key): a heading level is 1 to 6, got \(level)", at: toc.locationOf(key))
                continue
            }
            if key == "startLevel" { options.startLevel = level } else { options.endLevel = level }
        }
        if options.startLevel > options.endLevel {
            toc.error(
                "toc: startLevel \(options.startLevel) is below endLevel \(options.endLevel); list from the higher level to the lower: "
                    + "startLevel: \(options.endLevel), endLevel: \(options.startLevel)",
                at: toc.location)
            options.endLevel = options.startLevel
        }
        return options
    }

    private static func readPermalinks(_ reader: inout YAMLReader) -> Permalinks {
        reader.warnAboutUnknownKeys(["article", "page", "category", "tag"], what: "permalinks")
        var permalinks = Permalinks()
        func pattern(_ key: String) -> String? {
            guard let value = reader.string(key) else { return nil }
            guard value.contains(":slug") else {
                reader.error("permalinks.\(key): the pattern must contain :slug, got \"\(value)\"", at: reader.locationOf(key))
                return nil
            }
            return value
        }
        if let value = pattern("article") { permalinks.article = value }
        if let value = pattern("page") { permalinks.page = value }
        if let value = pattern("category") { permalinks.category = value }
        if let value = pattern("tag") { permalinks.tag = value }
        return permalinks
    }

    /// `colours: { brand: "#7b4a2d" }`: the site's brand colour, from which chart colours are derived.
    private static func readColours(_ colours: inout YAMLReader) -> String? {
        colours.warnAboutUnknownKeys(["brand"], what: "colours")
        guard let node = colours.node["brand"], !node.isNull else { return nil }
        guard let text = node.string, ColourContrast.components(text) != nil else {
            colours.error("colours.brand: expected a colour like \"#7b4a2d\", got \(node.kindName)", at: node.location)
            return nil
        }
        return text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `images:` (docs/images.md).
    private static func readImages(_ images: inout YAMLReader) -> ImageSettings {
        images.warnAboutUnknownKeys(["widths", "maxPixels", "quality", "card"], what: "images")
        var settings = ImageSettings()
        if let widths = images.node["widths"] {
            let values = widths.items?.compactMap { $0.string.flatMap { Int($0) } } ?? []
            if values.isEmpty || values.count != widths.items?.count || values.contains(where: { $0 < 16 || $0 > 8192 }) {
                images.error(
                    "images.widths: expected a list of widths in pixels from 16 to 8192, like [480, 960, 1600]", at: images.locationOf("widths"))
            } else {
                settings.widths = values
            }
        }
        if let limit = images.integer("maxPixels", minimum: 1) { settings.maxPixels = limit }
        if let quality = images.integer("quality", minimum: 1) { settings.quality = min(quality, 100) }
        if let colours = images.mapping(
            "card",
            { card -> (String?, String?) in
                card.warnAboutUnknownKeys(["background", "text"], what: "images.card")
                return (card.string("background"), card.string("text"))
            })
        {
            if let background = colours.0 { settings.cardBackground = background }
            if let text = colours.1 { settings.cardText = text }
        }
        return settings
    }
}
