import MastheadContent
import MastheadSupport

/// Reads `search:` in site.yml: `false`, `true`, or a mapping of `enabled`, `language`,
/// `fields` (weights) and `catalogs`. Catalog names and their fields are checked against
/// `catalogs:`, every problem reported with its place.
enum SearchConfigReader {
    static let knownKeys = ["enabled", "language", "fields", "catalogs"]

    static func read(_ node: YAMLNode?, catalogs: [CatalogConfig]) -> (SearchConfig, [Diagnostic]) {
        var config = SearchConfig()
        guard let node, !node.isNull else { return (config, []) }
        if let text = node.string {
            switch text.lowercased() {
            case "true", "yes", "on": config.enabled = true
            case "false", "no", "off": config.enabled = false
            default: return (config, [.error("search: expected true, false or a mapping, got \(node.kindName)", at: node.location)])
            }
            return (config, [])
        }
        var reader = YAMLReader(node, context: "search")
        reader.warnAboutUnknownKeys(knownKeys, what: "search")
        config.enabled = reader.bool("enabled") ?? true
        if let language = reader.string("language") {
            // Whether Snowball stems it is checked by the search stage, which owns the stemmer.
            config.language = LanguageTag.normalised(language)
            config.languageLocation = reader.locationOf("language")
        }
        if let fields = reader.node["fields"], !fields.isNull {
            config.weights = readWeights(fields, reader: &reader)
        }
        var catalogDiagnostics: [Diagnostic] = []
        if let declared = reader.node["catalogs"], !declared.isNull {
            config.catalogs = readCatalogs(declared, catalogs: catalogs, reader: &reader, diagnostics: &catalogDiagnostics)
        }
        return (config, reader.diagnostics + catalogDiagnostics)
    }

    /// `fields: { title: 8, body: 1 }`: the fields indexed and their weights.
    private static func readWeights(_ node: YAMLNode, reader: inout YAMLReader) -> [SearchConfig.Field: Double] {
        guard let entries = node.entries else {
            reader.error("search.fields: expected a mapping of fields to weights, got \(node.kindName)", at: node.location)
            return SearchConfig.defaultWeights
        }
        var weights: [SearchConfig.Field: Double] = [:]
        let names = SearchConfig.Field.allCases.map(\.rawValue)
        for entry in entries {
            guard let field = SearchConfig.Field(rawValue: entry.key) else {
                reader.error(
                    "search.fields: unknown field '\(entry.key)' (fields: \(names.joined(separator: ", ")))"
                        + Suggestion.didYouMean(entry.key, in: names), at: entry.keyLocation)
                continue
            }
            guard let text = entry.value.string, let weight = Double(text), weight >= 0, weight <= 100 else {
                reader.error("search.fields.\(entry.key): expected a weight from 0 to 100, got \(entry.value.kindName)", at: entry.value.location)
                continue
            }
            if weight > 0 { weights[field] = weight }
        }
        return weights
    }

    /// `catalogs: { prizes: { fields: [title, description], facet: category } }`.
    private static func readCatalogs(
        _ node: YAMLNode, catalogs: [CatalogConfig], reader: inout YAMLReader, diagnostics: inout [Diagnostic]
    ) -> [SearchConfig.Catalog] {
        guard let entries = node.entries else {
            reader.error("search.catalogs: expected a mapping of catalog names, got \(node.kindName)", at: node.location)
            return []
        }
        var result: [SearchConfig.Catalog] = []
        for entry in entries {
            guard let catalog = catalogs.first(where: { $0.name == entry.key }) else {
                reader.error(
                    "search.catalogs: unknown catalog '\(entry.key)'" + Suggestion.didYouMean(entry.key, in: catalogs.map(\.name)),
                    at: entry.keyLocation)
                continue
            }
            var item = YAMLReader(entry.value, context: "search.catalogs.\(entry.key)")
            item.warnAboutUnknownKeys(["fields", "facet"], what: "search catalog")
            let known = catalog.fields?.map(\.name)
            func checked(_ name: String, key: String) -> Bool {
                guard let known, !known.contains(name) else { return true }
                item.error(
                    "search.catalogs.\(entry.key).\(key): '\(name)' is not a field of \(entry.key)" + Suggestion.didYouMean(name, in: known),
                    at: item.locationOf(key))
                return false
            }
            let fields = (item.strings("fields") ?? [catalog.titleField]).filter { checked($0, key: "fields") }
            let facet = item.string("facet").flatMap { checked($0, key: "facet") ? $0 : nil }
            diagnostics += item.diagnostics
            result.append(SearchConfig.Catalog(name: catalog.name, fields: fields, facet: facet))
        }
        return result
    }
}
