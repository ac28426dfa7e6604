import Foundation

extension SiteConfig {
    /// The languages other than the default one.
    package var translationLanguages: [LanguageConfig] { Array(languages.dropFirst()) }

    /// The language codes a content file may carry before its extension (`moka.en.md`), lower-cased.
    package var translationCodes: Set<String> { Set(translationLanguages.map { $0.code.lowercased() }) }

    /// The site as one of its other languages shows it: that language's words, titles, menu,
    /// category names and home-section titles, and every URL under its prefix (`/en/...`).
    /// The default language's configuration is `self`.
    package func view(for language: LanguageConfig) -> SiteConfig {
        var view = self
        let prefix = language.pathPrefix
        view.language = language.code
        view.languagePrefix = prefix
        // The search index stems and drops stop words in this language.
        view.search.language = nil
        if let title = language.title { view.title = title }
        if let description = language.description { view.description = description }
        if let menu = language.menu { view.menu = menu }
        for index in view.categories.indices {
            guard let words = language.categories[view.categories[index].slug] else { continue }
            if let name = words.name { view.categories[index].name = name }
            if let description = words.description { view.categories[index].description = description }
        }
        for (index, title) in language.homeSectionTitles.enumerated() where index < view.homeSections.count {
            view.homeSections[index].title = title
        }
        view.permalinks.article = prefix + view.permalinks.article
        view.permalinks.page = prefix + view.permalinks.page
        view.permalinks.category = prefix + view.permalinks.category
        view.permalinks.tag = prefix + view.permalinks.tag
        for index in view.catalogs.indices {
            var catalog = view.catalogs[index]
            catalog.permalink = prefix + catalog.permalink
            catalog.indexPath = prefix + catalog.indexPath
            if let file = catalog.filesByLanguage[language.code] { catalog.file = file }
            if let words = language.catalogs[catalog.name] {
                if let label = words.label { catalog.label = label }
                if let description = words.description { catalog.description = description }
                for index in catalog.filter?.fields.indices ?? 0..<0 {
                    if let label = words.filterLabels[catalog.filter?.fields[index].name ?? ""] { catalog.filter?.fields[index].label = label }
                }
            }
            catalog.translatedColumnSuffix = "_" + language.code
            view.catalogs[index] = catalog
        }
        return view
    }

    /// A site path of this language's view: `/articles/` gives `/en/articles/`.
    package func languagePath(_ path: String) -> String {
        languagePrefix.isEmpty ? path : languagePrefix + path
    }
}
