import Foundation
import MastheadContent
import MastheadSupport

/// Reads `languages:` from site.yml (docs/translating.md): the default language first,
/// every code checked (`en-UK` → did you mean `en-GB`?).
enum LanguageConfigReader {
    static let knownKeys = ["code", "name", "title", "description", "menu", "categories", "home", "tags", "catalogs"]

    /// The languages with the default one first; empty when `languages:` is absent.
    static func read(
        _ reader: inout YAMLReader, defaultLanguage: String, categories: [CategoryConfig], extra: inout [Diagnostic]
    ) -> [LanguageConfig] {
        guard reader.has("languages") else { return [] }
        var nested: [Diagnostic] = []
        let read =
            reader.mappings("languages") { entry, _ -> LanguageConfig? in
                readLanguage(&entry, categories: categories, extra: &nested)
            } ?? []
        extra += nested
        var languages: [LanguageConfig] = []
        var seen = Set<String>()
        for language in read {
            guard seen.insert(language.code).inserted else {
                reader.error("languages: '\(language.code)' is declared twice", at: language.location)
                continue
            }
            languages.append(language)
        }
        guard let defaultIndex = languages.firstIndex(where: { $0.code == LanguageTag.normalised(defaultLanguage) }) else {
            if !languages.isEmpty {
                let message = "languages: the default language '\(defaultLanguage)' (language:) is not in the list; "
                reader.error(message + "add { code: \(defaultLanguage), name: ... }", at: reader.locationOf("languages"))
            }
            return []
        }
        let defaultLanguage = languages.remove(at: defaultIndex)
        return [defaultLanguage] + languages
    }

    private static func readLanguage(_ entry: inout YAMLReader, categories: [CategoryConfig], extra: inout [Diagnostic]) -> LanguageConfig? {
        entry.warnAboutUnknownKeys(knownKeys, what: "language")
        guard let written = entry.string("code", required: true), let name = entry.string("name", required: true) else { return nil }
        if let problem = LanguageCodes.problem(with: written) {
            entry.error("code: \(problem)", at: entry.locationOf("code"))
            return nil
        }
        // The one normal form (`EN` is `en`), so `title_en` columns, `moka.en.md` and `lang="en"` all match it.
        let code = LanguageTag.normalised(written)
        var language = LanguageConfig(code: code, name: name, location: entry.locationOf("code"))
        language.title = entry.string("title")
        language.description = entry.string("description")
        language.menu = entry.mappings("menu") { item, _ in
            item.warnAboutUnknownKeys(["title", "url"], what: "menu")
            guard let title = item.string("title", required: true), let url = item.string("url", required: true) else { return nil }
            return MenuLink(title: title, url: url)
        }
        for category in entry.node["categories"]?.entries ?? [] {
            var words = YAMLReader(category.value, context: "categories.\(category.key)")
            words.warnAboutUnknownKeys(["name", "description"], what: "category")
            guard categories.contains(where: { $0.slug == category.key }) else {
                entry.error(
                    "categories: no category with the slug '\(category.key)'" + Suggestion.didYouMean(category.key, in: categories.map(\.slug)),
                    at: category.keyLocation)
                continue
            }
            language.categories[category.key] = (words.string("name"), words.string("description"))
            extra += words.diagnostics
        }
        _ = entry.mapping("home") { home -> Bool in
            home.warnAboutUnknownKeys(["sections"], what: "home")
            language.homeSectionTitles = home.mappings("sections") { section, _ in section.string("title", required: true) } ?? []
            return true
        }
        for tag in entry.node["tags"]?.entries ?? [] {
            if let translated = tag.value.string, !translated.isEmpty { language.tags[Slug.make(tag.key)] = translated }
        }
        for catalog in entry.node["catalogs"]?.entries ?? [] {
            var words = YAMLReader(catalog.value, context: "catalogs.\(catalog.key)")
            words.warnAboutUnknownKeys(["label", "description", "filter"], what: "catalog")
            var filterLabels: [String: String] = [:]
            for field in catalog.value["filter"]?.entries ?? [] {
                if let label = field.value.string, !label.isEmpty { filterLabels[field.key] = label }
            }
            language.catalogs[catalog.key] = (words.string("label"), words.string("description"), filterLabels)
            extra += words.diagnostics
        }
        return language
    }
}
