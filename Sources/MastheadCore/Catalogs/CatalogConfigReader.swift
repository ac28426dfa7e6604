import Foundation

/// Reads `catalogs:` from site.yml: a mapping from catalog name to its declaration.
enum CatalogConfigReader {
    static let knownKeys = ["file", "key", "title", "schema", "sort", "permalink", "pageSize", "templates", "facets",
                            "featured", "link", "label", "description"]
    static let extensions = ["csv", "json", "yml", "yaml"]

    static func read(_ node: YAMLNode?, defaultPageSize: Int) -> ([CatalogConfig], [Diagnostic]) {
        guard let node, !node.isNull else { return ([], []) }
        guard let entries = node.entries else {
            return ([], [.error("catalogs: expected a mapping from catalog name to its declaration, got \(node.kindName)", at: node.location)])
        }
        var catalogs: [CatalogConfig] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            var reader = YAMLReader(entry.value, context: "catalogs.\(entry.key)")
            if entry.value.entries != nil, let catalog = readCatalog(entry.key, &reader, keyLocation: entry.keyLocation, defaultPageSize: defaultPageSize, extra: &diagnostics) {
                catalogs.append(catalog)
            }
            diagnostics += reader.diagnostics
        }
        diagnostics += duplicates(catalogs)
        return (catalogs, diagnostics)
    }

    private static func readCatalog(_ name: String, _ reader: inout YAMLReader, keyLocation: SourceLocation, defaultPageSize: Int,
                                    extra: inout [Diagnostic]) -> CatalogConfig? {
        reader.warnAboutUnknownKeys(knownKeys, what: "catalog")
        let slug = Slug.make(name)
        guard !slug.isEmpty else {
            reader.error("catalogs: the name '\(name)' has no letters or digits to make a URL from", at: keyLocation)
            return nil
        }
        guard let fileValue = reader.string("file", required: true), let key = reader.string("key", required: true) else { return nil }
        let fileName = fileValue.hasPrefix("Content/") ? String(fileValue.dropFirst("Content/".count)) : fileValue
        let fileExtension = (fileName as NSString).pathExtension.lowercased()
        if fileName.contains("..") || fileName.hasPrefix("/") {
            reader.error("file: expected a path inside Content/, like catalogs/\(name).csv, got \"\(fileValue)\"", at: reader.locationOf("file"))
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
        var sort = CatalogSort(field: key, descending: false)
        if let text = reader.string("sort") {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            sort = trimmed.hasPrefix("-") ? CatalogSort(field: String(trimmed.dropFirst()), descending: true)
                : CatalogSort(field: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed, descending: false)
        }
        var templates: (index: String?, item: String?, facet: String?) = (nil, nil, nil)
        _ = reader.mapping("templates") { templatesReader -> Bool in
            templatesReader.warnAboutUnknownKeys(["index", "item", "facet"], what: "catalog templates")
            templates = (templatesReader.string("index"), templatesReader.string("item"), templatesReader.string("facet"))
            return true
        }
        let indexTemplate = templates.index ?? "catalog-index"
        var catalog = CatalogConfig(
            name: name, file: "Content/" + fileName, location: keyLocation, key: key, titleField: titleField, fields: fields,
            sort: sort, permalink: permalink, indexPath: indexPath(of: permalink, name: slug),
            pageSize: reader.integer("pageSize", minimum: 1) ?? defaultPageSize,
            indexTemplate: indexTemplate, itemTemplate: templates.item ?? "catalog-item", facetTemplate: templates.facet ?? indexTemplate,
            linkScheme: reader.string("link") ?? (name.hasSuffix("s") ? String(name.dropLast()) : name),
            label: reader.string("label") ?? name.prefix(1).uppercased() + name.dropFirst())
        catalog.description = reader.string("description") ?? ""
        catalog.facets = reader.mappings("facets") { facet, _ in readFacet(&facet) } ?? []
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
            if entry.value.entries != nil {
                var fieldReader = YAMLReader(entry.value, context: "schema.\(entry.key)")
                fieldReader.warnAboutUnknownKeys(["type", "required"], what: "schema field")
                required = fieldReader.bool("required") ?? false
                extra += fieldReader.diagnostics
                guard let type = entry.value["type"] else {
                    reader.error("schema.\(entry.key): missing required key 'type'", at: entry.value.location)
                    continue
                }
                typeNode = type
            }
            guard let typeName = typeNode.string, let type = FieldType(rawValue: typeName) else {
                reader.error("schema.\(entry.key): unknown type \(typeNode.kindName) (one of \(typeNames.joined(separator: ", ")))\(Suggestion.didYouMean(typeNode.string ?? "", in: typeNames))",
                             at: typeNode.location)
                continue
            }
            fields.append(CatalogField(name: entry.key, type: type, required: required))
        }
        return fields
    }

    private static func readFacet(_ reader: inout YAMLReader) -> CatalogFacetConfig? {
        reader.warnAboutUnknownKeys(["field", "bands", "labels"], what: "facet")
        guard let field = reader.string("field", required: true) else { return nil }
        var facet = CatalogFacetConfig(field: field, location: reader.locationOf("field"))
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
        for facet in catalog.facets {
            check(facet.field, "facets.field", at: facet.location)
            if facet.bands != nil, let type = catalog.field(named: facet.field)?.type, type != .integer, type != .decimal {
                reader.error("facets: bands need an integer or decimal field, '\(facet.field)' is \(type.rawValue)", at: facet.location)
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

    private static func duplicates(_ catalogs: [CatalogConfig]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var schemes: [String: String] = [:]
        var paths: [String: String] = [:]
        for catalog in catalogs {
            if let other = schemes[catalog.linkScheme] {
                diagnostics.append(.error("catalogs.\(catalog.name): link scheme '\(catalog.linkScheme)' is also used by '\(other)'; set link: to tell them apart", at: catalog.location))
            } else {
                schemes[catalog.linkScheme] = catalog.name
            }
            if let other = paths[catalog.indexPath] {
                diagnostics.append(.error("catalogs.\(catalog.name): its pages would live under \(catalog.indexPath), like '\(other)''s; give it another permalink", at: catalog.location))
            } else {
                paths[catalog.indexPath] = catalog.name
            }
        }
        return diagnostics
    }
}
