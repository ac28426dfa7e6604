import Foundation
import MastheadContent
import MastheadSupport

/// Reads `catalogs:` from site.yml: a mapping from catalog name to its declaration.
enum CatalogConfigReader {
    static let knownKeys = [
        "file", "key", "title", "schema", "sort", "permalink", "pageSize", "templates", "facets",
        "featured", "link", "label", "description", "orders", "sortLabel", "blocks", "structuredData", "map", "filter",
        "visible"
    ]
    static let extensions = ["csv", "json", "yml", "yaml"]

    static func read(_ node: YAMLNode?, defaultPageSize: Int, language: String = "") -> ([CatalogConfig], [Diagnostic]) {
        guard let node, !node.isNull else { return ([], []) }
        guard let entries = node.entries else {
            return ([], [.error("catalogs: expected a mapping from catalog name to its declaration, got \(node.kindName)", at: node.location)])
        }
        var catalogs: [CatalogConfig] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            var reader = YAMLReader(entry.value, context: "catalogs.\(entry.key)")
            if entry.value.entries != nil,
                let catalog = readCatalog(
                    entry.key, &reader, keyLocation: entry.keyLocation, defaultPageSize: defaultPageSize, language: language, extra: &diagnostics)
            {
                catalogs.append(catalog)
            }
            diagnostics += reader.diagnostics
        }
        diagnostics += duplicates(catalogs)
        diagnostics += unknownReferences(catalogs)
        return (catalogs, diagnostics)
    }

    /// `visible: { from: start, until: end }`: both fields dates of the schema, at least one given.
    private static func readVisibility(_ reader: inout YAMLReader, fields: [CatalogField]?) -> CatalogVisibilityConfig? {
        reader.mapping("visible") { visible -> CatalogVisibilityConfig? in
            visible.warnAboutUnknownKeys(["from", "until"], what: "visible")
            let config = CatalogVisibilityConfig(from: visible.string("from"), until: visible.string("until"), location: visible.location)
            guard config.from != nil || config.until != nil else {
                visible.error("visible: expected from: FIELD, until: FIELD or both (date fields of the schema)", at: visible.location)
                return nil
            }
            var valid = true
            for (key, name) in [("from", config.from), ("until", config.until)] {
                guard let name else { continue }
                guard let fields else {
                    visible.error("visible.\(key): needs a schema with '\(name)' as a date field", at: visible.locationOf(key))
                    valid = false
                    continue
                }
                guard let field = fields.first(where: { $0.name == name }) else {
                    visible.error(
                        "visible.\(key): no field '\(name)' in the schema" + Suggestion.didYouMean(name, in: fields.map(\.name)),
                        at: visible.locationOf(key))
                    valid = false
                    continue
                }
                if field.type != .date {
                    visible.error("visible.\(key): the field '\(name)' is \(field.type.rawValue); expected a date field", at: visible.locationOf(key))
                    valid = false
                }
            }
            return valid ? config : nil
        }
    }

    private static func readCatalog(
        _ name: String, _ reader: inout YAMLReader, keyLocation: SourceLocation, defaultPageSize: Int, language: String,
        extra: inout [Diagnostic]
    ) -> CatalogConfig? {
        reader.warnAboutUnknownKeys(knownKeys, what: "catalog")
        let slug = Slug.make(name)
        guard !slug.isEmpty else {
            reader.error("catalogs: the name '\(name)' has no letters or digits to make a URL from", at: keyLocation)
            return nil
        }
        // `file: { it: catalogs/prizes.csv, en: catalogs/prizes.en.csv }`: one file per language.
        var filesByLanguage: [String: String] = [:]
        for entry in reader.node["file"]?.entries ?? [] {
            guard let path = entry.value.string else { continue }
            filesByLanguage[LanguageTag.normalised(entry.key)] = SiteFolders.inContent(SiteFolders.relativeToContent(path))
        }
        let defaultFile = reader.node["file"]?.entries.flatMap { entries in
            (entries.first { LanguageTag.normalised($0.key) == LanguageTag.normalised(language) } ?? entries.first)?.value.string
        }
        guard let fileValue = defaultFile ?? reader.string("file", required: true), let key = reader.string("key", required: true) else {
            return nil
        }
        let fileName = SiteFolders.relativeToContent(fileValue)
        let fileExtension = fileName.lowercasedPathExtension
        if fileName.contains("..") || fileName.hasPrefix("/") {
            reader.error(
                "file: expected a path inside \(SiteFolders.content)/, like catalogs/\(name).csv, got \"\(fileValue)\"",
                at: reader.locationOf("file"))
            return nil
        }
        guard extensions.contains(fileExtension) else {
            reader.error("file: expected a .csv, .json, .yml or .yaml file, got \"\(fileValue)\"", at: reader.locationOf("file"))
            return nil
        }
        let fields = readSchema(&reader, extra: &extra)
        let titleField = reader.string("title") ?? key
        let permalink = reader.string("permalink") ?? "/\(slug)/:key/"
        if !permalink.contains(":key") && !permalink.contains(":slug") {
            reader.error("permalink: the pattern must contain :key or :slug, got \"\(permalink)\"", at: reader.locationOf("permalink"))
        }
        let sort = reader.string("sort").map(parseSort) ?? CatalogSort(field: key, descending: false)
        var templates: (index: String?, item: String?, facet: String?) = (nil, nil, nil)
        _ = reader.mapping("templates") { templatesReader -> Bool in
            templatesReader.warnAboutUnknownKeys(["index", "item", "facet"], what: "catalog templates")
            templates = (templatesReader.string("index"), templatesReader.string("item"), templatesReader.string("facet"))
            return true
        }
        let indexTemplate = templates.index ?? "catalog-index"
        var catalog = CatalogConfig(
            name: name, file: SiteFolders.inContent(fileName), location: keyLocation, key: key, titleField: titleField, fields: fields,
            sort: sort, permalink: permalink, indexPath: indexPath(of: permalink, name: slug),
            pageSize: reader.integer("pageSize", minimum: 1) ?? defaultPageSize,
            indexTemplate: indexTemplate, itemTemplate: templates.item ?? "catalog-item", facetTemplate: templates.facet ?? indexTemplate,
            linkScheme: reader.string("link") ?? (name.hasSuffix("s") ? String(name.dropLast()) : name),
            label: reader.string("label") ?? name.prefix(1).uppercased() + name.dropFirst())
        catalog.description = reader.string("description") ?? ""
        catalog.filesByLanguage = filesByLanguage
        catalog.facets = reader.mappings("facets") { facet, _ in readFacet(&facet) } ?? []
        catalog.orders = readOrders(&reader)
        catalog.sortLabel = reader.string("sortLabel")
        catalog.blocks = readBlocks(&reader)
        catalog.map = reader.mapping("map") { map -> CatalogMapConfig? in
            map.warnAboutUnknownKeys(["title", "longitude", "latitude"], what: "map")
            var config = CatalogMapConfig(title: map.string("title") ?? catalog.label)
            for (key, path) in [("longitude", \CatalogMapConfig.longitude), ("latitude", \CatalogMapConfig.latitude)] {
                let name = map.string(key) ?? config[keyPath: path]
                config[keyPath: path] = name
                if let fields, let field = fields.first(where: { $0.name == name }) {
                    if field.type != .decimal && field.type != .integer {
                        map.error("map: \(key): the field '\(name)' is \(field.type.rawValue); coordinates need a decimal field", at: map.location)
                    }
                } else if let fields {
                    map.error(
                        "map: \(key): no field '\(name)' in the schema" + Suggestion.didYouMean(name, in: fields.map(\.name)),
                        at: map.has(key) ? map.locationOf(key) : map.location)
                }
            }
            return config
        }
        if let type = reader.string("structuredData") {
            if let known = CatalogStructuredData(rawValue: type) {
                catalog.structuredData = known
            } else {
                let names = CatalogStructuredData.allCases.map(\.rawValue)
                reader.error(
                    "structuredData: unknown type '\(type)'" + Suggestion.didYouMean(type, in: names) + " (known: \(names.joined(separator: ", ")))",
                    at: reader.locationOf("structuredData"))
            }
        }
        catalog.featured = reader.mapping("featured") { featured -> CatalogFeaturedRule? in
            featured.warnAboutUnknownKeys(["key", "rotate"], what: "featured")
            if let key = featured.string("key") { return .key(key, featured.locationOf("key")) }
            if let rotate = featured.string("rotate") {
                guard rotate == "weekly" else {
                    featured.error("featured.rotate: expected weekly, got \"\(rotate)\"", at: featured.locationOf("rotate"))
                    return nil
                }
                return .weekly
            }
            featured.error("featured: expected key: ITEM or rotate: weekly", at: featured.location)
            return nil
        }
        catalog.filter = readFilter(&reader, fields: fields)
        catalog.visibility = readVisibility(&reader, fields: fields)
        checkFields(catalog, &reader)
        return catalog
    }

    /// `schema: { points: integer, title: { type: string, required: true } }`.
    private static func readSchema(_ reader: inout YAMLReader, extra: inout [Diagnostic]) -> [CatalogField]? {
        guard let node = reader.node["schema"], !node.isNull else { return nil }
        guard let entries = node.entries else {
            reader.error("schema: expected a mapping from field name to type, got \(node.kindName)", at: node.location)
            return nil
        }
        let typeNames = FieldType.allCases.map(\.rawValue)
        var fields: [CatalogField] = []
        for entry in entries {
            var typeNode = entry.value
            var required = false
            var references: (name: String, location: SourceLocation)?
            var currency: (code: String?, location: SourceLocation)?
            if entry.value.entries != nil {
                var fieldReader = YAMLReader(entry.value, context: "schema.\(entry.key)")
                fieldReader.warnAboutUnknownKeys(["type", "required", "references", "format", "currency"], what: "schema field")
                required = fieldReader.bool("required") ?? false
                if let target = fieldReader.string("references") {
                    references = (target.trimmingCharacters(in: .whitespaces), fieldReader.locationOf("references"))
                }
                currency = readCurrency(&fieldReader, field: entry.key)
                extra += fieldReader.diagnostics
                guard let type = entry.value["type"] else {
                    reader.error("schema.\(entry.key): missing required key 'type'", at: entry.value.location)
                    continue
                }
                typeNode = type
            }
            guard let typeName = typeNode.string, let type = FieldType(rawValue: typeName) else {
                reader.error(
                    "schema.\(entry.key): unknown type \(typeNode.kindName) (one of \(typeNames.joined(separator: ", ")))"
                        + Suggestion.didYouMean(typeNode.string ?? "", in: typeNames),
                    at: typeNode.location)
                continue
            }
            if references != nil, type != .string, type != .integer, type != .list {
                reader.error(
                    "schema.\(entry.key): references: needs a string, integer or list field, not \(type.rawValue)",
                    at: references?.location ?? typeNode.location)
                references = nil
            }
            if let currency, type != .integer, type != .decimal {
                reader.error("schema.\(entry.key): format: currency needs an integer or decimal field, not \(type.rawValue)", at: currency.location)
            }
            fields.append(
                CatalogField(
                    name: entry.key, type: type, required: required, references: references?.name,
                    referencesLocation: references?.location, currency: type == .integer || type == .decimal ? currency?.code : nil))
        }
        return fields
    }

    /// `format: currency` with `currency: EUR` (the only format a catalog field takes): the code, nil
    /// when it is wrong (reported); nil altogether without `format:`.
    private static func readCurrency(_ reader: inout YAMLReader, field: String) -> (code: String?, location: SourceLocation)? {
        guard let format = reader.string("format")?.trimmingCharacters(in: .whitespaces) else {
            if reader.has("currency") {
                reader.error("schema.\(field).currency: needs format: currency beside it", at: reader.locationOf("currency"))
            }
            return nil
        }
        guard format == "currency" else {
            let hint = Suggestion.didYouMean(format, in: ["currency"])
            reader.error(
                "schema.\(field).format: unknown format '\(format)'\(hint) (a catalog field takes currency)", at: reader.locationOf("format"))
            return nil
        }
        let code = reader.string("currency")?.trimmingCharacters(in: .whitespaces)
        guard let code, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            let got = code.map { ", got \"\($0)\"" } ?? ""
            reader.error(
                "schema.\(field): format: currency needs currency: with an ISO 4217 code like EUR or GBP\(got)",
                at: code == nil ? reader.locationOf("format") : reader.locationOf("currency"))
            return (nil, reader.locationOf("format"))
        }
        return (code, reader.locationOf("format"))
    }

    /// `filter: { card: prize-card, fields: [points, { field: category, label: Categorie }] }`.
    private static let filterTypes: [FieldType] = [.integer, .decimal, .string, .list, .date]

    private static func readFilter(_ reader: inout YAMLReader, fields: [CatalogField]?) -> CatalogFilterConfig? {
        reader.mapping("filter") { filter -> CatalogFilterConfig? in
            filter.warnAboutUnknownKeys(["card", "fields"], what: "filter")
            guard let card = filter.string("card", required: true) else { return nil }
            guard let list = filter.node["fields"], let items = list.items, !items.isEmpty else {
                filter.error("filter.fields: expected a list of fields like [points, category]", at: filter.locationOf("fields"))
                return nil
            }
            var controls: [CatalogFilterField] = []
            for item in items {
                var name = item.string
                var label: String?
                if item.entries != nil {
                    var entry = YAMLReader(item, context: "filter.fields")
                    entry.warnAboutUnknownKeys(["field", "label"], what: "filter field")
                    name = entry.string("field", required: true)
                    label = entry.string("label")
                    filter.absorb(entry)
                }
                guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
                    if item.entries == nil { filter.error("filter.fields: expected a field name, got \(item.kindName)", at: item.location) }
                    continue
                }
                if let fields {
                    guard let field = fields.first(where: { $0.name == name }) else {
                        filter.error(
                            "filter.fields: '\(name)' is not in the schema" + Suggestion.didYouMean(name, in: fields.map(\.name)), at: item.location)
                        continue
                    }
                    guard filterTypes.contains(field.type) else {
                        filter.error(
                            "filter.fields: '\(name)' is \(field.type.rawValue); a filter takes integer, decimal, string, list or date fields",
                            at: item.location)
                        continue
                    }
                }
                controls.append(
                    CatalogFilterField(name: name, label: label ?? name.prefix(1).uppercased() + name.dropFirst(), location: item.location))
            }
            return CatalogFilterConfig(card: card, cardLocation: filter.locationOf("card"), fields: controls)
        }
    }

    private static func readFacet(_ reader: inout YAMLReader) -> CatalogFacetConfig? {
        reader.warnAboutUnknownKeys(["field", "bands", "atMost", "atLeast", "labels"], what: "facet")
        guard let field = reader.string("field", required: true) else { return nil }
        var facet = CatalogFacetConfig(field: field, location: reader.locationOf("field"))
        let kinds = ["bands", "atMost", "atLeast"].filter { reader.has($0) }
        if kinds.count > 1 {
            reader.error("facets: give one of bands, atMost or atLeast, got \(kinds.joined(separator: " and "))", at: reader.locationOf(kinds[1]))
            return nil
        }
        for key in ["atMost", "atLeast"] where reader.has(key) {
            guard let thresholds = readThresholds(key, &reader) else { return nil }
            if key == "atMost" { facet.atMost = thresholds } else { facet.atLeast = thresholds }
            if let labels = reader.strings("labels") {
                if labels.count != thresholds.count {
                    reader.error(
                        "labels: expected one label per threshold (\(thresholds.count)), got \(labels.count)",
                        at: reader.locationOf("labels"))
                } else {
                    facet.labels = labels
                }
            }
        }
        if let node = reader.node["bands"], !node.isNull {
            guard let items = node.items, !items.isEmpty else {
                reader.error("bands: expected a list of lower bounds like [0, 500, 1000], got \(node.kindName)", at: node.location)
                return nil
            }
            var bounds: [Double] = []
            for item in items {
                guard let text = item.string, let bound = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    reader.error("bands: expected a number, got \(item.kindName)", at: item.location)
                    return nil
                }
                if let last = bounds.last, bound <= last {
                    reader.error("bands: bounds must increase, got \(text) after \(FacetLabels.plain(last))", at: item.location)
                    return nil
                }
                bounds.append(bound)
            }
            facet.bands = bounds
            if let labels = reader.strings("labels") {
                if labels.count != bounds.count {
                    reader.error("labels: expected one label per band (\(bounds.count)), got \(labels.count)", at: reader.locationOf("labels"))
                } else {
                    facet.labels = labels
                }
            }
        }
        return facet
    }

    /// `atMost: [300, 400]` or `atLeast: [1, 2]`: increasing numbers.
    private static func readThresholds(_ key: String, _ reader: inout YAMLReader) -> [Double]? {
        guard let node = reader.node[key], let items = node.items, !items.isEmpty else {
            reader.error(
                "\(key): expected a list of numbers like [300, 400, 500], got \(reader.node[key]?.kindName ?? "nothing")",
                at: reader.locationOf(key))
            return nil
        }
        var thresholds: [Double] = []
        for item in items {
            guard let text = item.string, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                reader.error("\(key): expected a number, got \(item.kindName)", at: item.location)
                return nil
            }
            if let last = thresholds.last, value <= last {
                reader.error("\(key): thresholds must increase, got \(text) after \(FacetLabels.plain(last))", at: item.location)
                return nil
            }
            thresholds.append(value)
        }
        return thresholds
    }

    /// `sort: points` or `sort: -points`.
    static func parseSort(_ text: String) -> CatalogSort {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("-")
            ? CatalogSort(field: String(trimmed.dropFirst()), descending: true)
            : CatalogSort(field: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed, descending: false)
    }

    /// `orders: [{ sort: -price, slug: price-desc, label: "Price, highest first" }]`. The slug defaults
    /// to the field (`price-desc` when descending), the label to the slug.
    private static func readOrders(_ reader: inout YAMLReader) -> [CatalogOrderConfig] {
        var seen: Set<String> = []
        return reader.mappings("orders") { order, _ -> CatalogOrderConfig? in
            order.warnAboutUnknownKeys(["sort", "slug", "label"], what: "order")
            guard let sortText = order.string("sort", required: true) else { return nil }
            let sort = parseSort(sortText)
            let slug = Slug.make(order.string("slug") ?? (sort.descending ? "\(sort.field)-desc" : sort.field))
            guard !slug.isEmpty else {
                order.error("orders.slug: expected letters or digits to make a URL from", at: order.locationOf(order.has("slug") ? "slug" : "sort"))
                return nil
            }
            guard seen.insert(slug).inserted else {
                order.error(
                    "orders: the slug '\(slug)' is used twice; give each order its own slug:",
                    at: order.locationOf(order.has("slug") ? "slug" : "sort"))
                return nil
            }
            return CatalogOrderConfig(sort: sort, slug: slug, label: order.string("label") ?? slug, location: order.locationOf("sort"))
        } ?? []
    }

    /// `blocks: { NAME: { kind: chart, type: bar, source: ..., where: { film: "{key}" } } }`. The block's own
    /// keys are checked when it is parsed (once, by the report engine); only `kind:` is read here.
    private static func readBlocks(_ reader: inout YAMLReader) -> [CatalogBlockConfig] {
        guard let node = reader.node["blocks"], !node.isNull else { return [] }
        guard let entries = node.entries else {
            reader.error("blocks: expected a mapping from block name to a chart, kpi or table block, got \(node.kindName)", at: node.location)
            return []
        }
        var blocks: [CatalogBlockConfig] = []
        for entry in entries {
            guard let blockEntries = entry.value.entries else {
                reader.error(
                    "blocks.\(entry.key): expected a mapping of block keys (kind, type, source, ...), got \(entry.value.kindName)",
                    at: entry.value.location)
                continue
            }
            var kind = BlockKind.chart
            if let kindNode = entry.value["kind"], !kindNode.isNull {
                let names = ["chart", "kpi", "table"]
                guard let name = kindNode.string, let found = BlockKind(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    let hint = Suggestion.didYouMean(kindNode.string ?? "", in: names)
                    reader.error(
                        "blocks.\(entry.key).kind: expected one of \(names.joined(separator: ", ")), got \(kindNode.kindName)\(hint)",
                        at: kindNode.location)
                    continue
                }
                kind = found
            }
            let node = YAMLNode(kind: .mapping(blockEntries.filter { $0.key != "kind" }), location: entry.value.location)
            blocks.append(CatalogBlockConfig(name: entry.key, kind: kind, node: node, location: entry.keyLocation))
        }
        return blocks
    }

    /// Key, title, sort and facet fields must be in the schema, and bands need a number field.
    private static func checkFields(_ catalog: CatalogConfig, _ reader: inout YAMLReader) {
        guard let fields = catalog.fields else { return }
        let names = fields.map(\.name)
        func check(_ field: String, _ what: String, at location: SourceLocation) {
            if !names.contains(field) {
                reader.error("\(what): '\(field)' is not in the schema\(Suggestion.didYouMean(field, in: names))", at: location)
            }
        }
        check(catalog.key, "key", at: reader.locationOf("key"))
        check(catalog.titleField, "title", at: reader.locationOf("title"))
        check(catalog.sort.field, "sort", at: reader.locationOf("sort"))
        for order in catalog.orders { check(order.sort.field, "orders.sort", at: order.location) }
        for facet in catalog.facets {
            check(facet.field, "facets.field", at: facet.location)
            let what = facet.bands != nil ? "bands" : facet.atMost != nil ? "atMost" : facet.atLeast != nil ? "atLeast" : nil
            if let what, let type = catalog.field(named: facet.field)?.type, type != .integer, type != .decimal {
                reader.error("facets.\(what): the field must be integer or decimal, '\(facet.field)' is \(type.rawValue)", at: facet.location)
            }
        }
    }

    /// `/prizes/:key/` gives `/prizes/`.
    static func indexPath(of pattern: String, name: String) -> String {
        let tokenStart = [pattern.range(of: ":key"), pattern.range(of: ":slug")].compactMap { $0?.lowerBound }.min()
        if let tokenStart {
            var prefix = String(pattern[..<tokenStart])
            if !prefix.hasPrefix("/") { prefix = "/" + prefix }
            if prefix.hasSuffix("/"), prefix.count > 1 { return prefix }
        }
        return "/\(name)/"
    }

    /// `references: NAME` must name a declared catalog.
    private static func unknownReferences(_ catalogs: [CatalogConfig]) -> [Diagnostic] {
        let names = catalogs.map(\.name)
        return catalogs.flatMap { catalog in
            (catalog.fields ?? []).compactMap { field -> Diagnostic? in
                guard let target = field.references, !names.contains(target) else { return nil }
                return .error(
                    "schema.\(field.name).references: unknown catalog '\(target)'\(Suggestion.didYouMean(target, in: names))",
                    at: field.referencesLocation ?? catalog.location)
            }
        }
    }

    private static func duplicates(_ catalogs: [CatalogConfig]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var schemes: [String: String] = [:]
        var paths: [String: String] = [:]
        for catalog in catalogs {
            if let other = schemes[catalog.linkScheme] {
                let message = "link scheme '\(catalog.linkScheme)' is also used by '\(other)'; set link: to tell them apart"
                diagnostics.append(.error("catalogs.\(catalog.name): \(message)", at: catalog.location))
            } else {
                schemes[catalog.linkScheme] = catalog.name
            }
            if let other = paths[catalog.indexPath] {
                let message = "its pages would live under \(catalog.indexPath), like '\(other)''s; give it another permalink"
                diagnostics.append(.error("catalogs.\(catalog.name): \(message)", at: catalog.location))
            } else {
                paths[catalog.indexPath] = catalog.name
            }
        }
        return diagnostics
    }
}
