import Foundation
import MastheadCharts
import MastheadContent
import MastheadSupport

/// The report-related parts of site.yml: `datasets:`, `charts:` and `statements:`.
package struct ReportsConfig: Sendable {
    package var datasets: [DatasetDeclaration] = []
    /// Charts rendered once and offered to every template as `{{{charts.NAME}}}`.
    package var charts: [NamedChart] = []
    package var statements: StatementsConfig?
    /// `charts.palette`: the series colours the chart stylesheet sets, checked for contrast.
    package var chartColours = ChartColours.standard

    package init() {}
}

/// `datasets: { activities: { file: stats/activities.csv, schema: { points: integer } } }`.
package struct DatasetDeclaration: Sendable {
    package var name: String
    /// Site-relative (`Content/stats/activities.csv`); for a database, its file (SQLite) or "" (PostgreSQL).
    package var file: String
    /// Declared column types; columns not listed are inferred.
    package var schema: [String: FieldType]
    package var location: SourceLocation
    /// Catalog fields added to each row, looked up by one of the row's fields.
    package var join: DatasetJoin?
    /// `sqlite:` or `postgres:` with a `table:` or `query:`: rows read from a database.
    package var database: DatabaseSource?
}

/// `join: { catalog: films, on: film, fields: [runtime, genres], defaults: { runtime: 120 } }`.
package struct DatasetJoin: Sendable {
    package var catalog: String
    /// The row's field holding the catalog key.
    package var on: String
    /// Catalog fields added to each row, with the catalog's types.
    package var fields: [String]
    /// Used when the item's field is empty, as written (typed against the field later).
    package var defaults: [String: (text: String, location: SourceLocation)]
    package var location: SourceLocation
    package var catalogLocation: SourceLocation
    package var onLocation: SourceLocation
    package var fieldsLocation: SourceLocation
}

/// A chart declared under `charts:`; its YAML is read like a ```chart block.
package struct NamedChart: Sendable {
    package var name: String
    package var node: YAMLNode
}

/// Private per-member pages, off unless `statements.enabled` is true.
package struct StatementsConfig: Sendable {
    package var enabled: Bool
    /// Path pattern with `:id` (default `/members/:id/`).
    package var path: String
    /// The members source: one row per member, with `id` and `balance` columns.
    package var members: String
    package var activities: String
    package var redemptions: String?
    package var machines: String?
    /// Names for event kinds in the activity list (`code: Codice registrato`).
    package var labels: [String: String] = [:]
    package var location: SourceLocation
}

enum ReportsConfigReader {
    static let datasetKeys = ["file", "schema", "join"] + DatabaseSourceReader.keys
    static let joinKeys = ["catalog", "on", "fields", "defaults"]
    static let statementKeys = ["enabled", "path", "members", "activities", "redemptions", "machines", "labels"]
    static let extensions = ["csv", "jsonl", "ndjson", "json"]

    /// `brand`: the site's brand colour (`colours.brand`), from which the chart colours that
    /// `charts.palette` does not list are derived (`DerivedPalette`).
    static func read(datasets: YAMLNode?, charts: YAMLNode?, statements: YAMLNode?, brand: String? = nil) -> (ReportsConfig, [Diagnostic]) {
        var config = ReportsConfig()
        var diagnostics: [Diagnostic] = []

        if let datasets, !datasets.isNull {
            if let entries = datasets.entries {
                for entry in entries {
                    var reader = YAMLReader(entry.value, context: "datasets.\(entry.key)")
                    if entry.value.entries != nil, let dataset = readDataset(entry.key, &reader, location: entry.keyLocation) {
                        config.datasets.append(dataset)
                    }
                    diagnostics += reader.diagnostics
                }
            } else {
                diagnostics.append(
                    .error(
                        "datasets: expected a mapping from dataset name to { file, schema }, got \(datasets.kindName)",
                        at: datasets.location))
            }
        }
        if let charts, !charts.isNull {
            if let entries = charts.entries {
                // `palette` is the one name that is not a chart: the site's chart colours.
                config.charts = entries.filter { $0.key != "palette" }.map { NamedChart(name: $0.key, node: $0.value) }
                if let palette = entries.first(where: { $0.key == "palette" }) {
                    let (colours, problems) = ChartPaletteReader.read(palette.value)
                    config.chartColours = colours
                    diagnostics += problems
                }
            } else {
                diagnostics.append(
                    .error(
                        "charts: expected a mapping from chart name to a chart (type, source, x, y ...), got \(charts.kindName)",
                        at: charts.location))
            }
        }
        if let statements, !statements.isNull {
            var reader = YAMLReader(statements, context: "statements")
            if statements.entries != nil {
                reader.warnAboutUnknownKeys(statementKeys, what: "statements")
                let enabled = reader.bool("enabled") ?? false
                let path = reader.string("path") ?? "/members/:id/"
                if !path.contains(":id") {
                    reader.error("statements.path: the pattern must contain :id, got \"\(path)\"", at: reader.locationOf("path"))
                }
                if enabled {
                    let members = reader.string("members", required: true)
                    let activities = reader.string("activities", required: true)
                    if let members, let activities {
                        var labels: [String: String] = [:]
                        for entry in statements["labels"]?.entries ?? [] { labels[entry.key] = entry.value.string }
                        config.statements = StatementsConfig(
                            enabled: true, path: path, members: members, activities: activities,
                            redemptions: reader.string("redemptions"), machines: reader.string("machines"),
                            labels: labels, location: statements.location)
                    }
                }
            }
            diagnostics += reader.diagnostics
        }
        if let brand {
            let palette = charts?.entries?.first { $0.key == "palette" }?.value
            let derived = DerivedPalette.colours(
                brand: brand, lightBackground: config.chartColours.lightBackground, darkBackground: config.chartColours.darkBackground)
            if palette?["light"].map({ $0.isNull }) ?? true { config.chartColours.light = derived.light }
            if palette?["dark"].map({ $0.isNull }) ?? true { config.chartColours.dark = derived.dark }
        }
        return (config, diagnostics)
    }

    private static func readDataset(_ name: String, _ reader: inout YAMLReader, location: SourceLocation) -> DatasetDeclaration? {
        reader.warnAboutUnknownKeys(datasetKeys, what: "dataset")
        var database = DatabaseSourceReader.read(name, &reader)
        database?.engineLocation = reader.locationOf(reader.has("sqlite") ? "sqlite" : "postgres")
        if database == nil, DatabaseSourceReader.namesDatabase(reader) { return nil }
        if let database {
            if reader.has("file") {
                reader.error("datasets.\(name): name a file: or a database (\(database.engineName):), not both", at: reader.locationOf("file"))
            }
            if reader.has("join") {
                reader.error("datasets.\(name): join: works on files only; join in the query: instead", at: reader.locationOf("join"))
            }
            let file: String = if case .sqlite(let file) = database.engine { file } else { "" }
            return DatasetDeclaration(
                name: name, file: file, schema: readSchema(&reader), location: location, join: nil, database: database)
        }
        guard let fileValue = reader.string("file", required: true) else { return nil }
        let fileName = SiteFolders.relativeToContent(fileValue)
        if fileName.contains("..") || fileName.hasPrefix("/") {
            reader.error(
                "file: expected a path inside \(SiteFolders.content)/, like stats/\(name).csv, got \"\(fileValue)\"",
                at: reader.locationOf("file"))
            return nil
        }
        guard extensions.contains(fileName.lowercasedPathExtension) else {
            reader.error("file: expected a .csv, .jsonl or .json file, got \"\(fileValue)\"", at: reader.locationOf("file"))
            return nil
        }
        let schema = readSchema(&reader)
        let join = readJoin(&reader)
        return DatasetDeclaration(name: name, file: SiteFolders.inContent(fileName), schema: schema, location: location, join: join)
    }

    private static func readSchema(_ reader: inout YAMLReader) -> [String: FieldType] {
        var schema: [String: FieldType] = [:]
        if let node = reader.node["schema"], !node.isNull {
            if let entries = node.entries {
                let typeNames = FieldType.allCases.map(\.rawValue)
                for entry in entries {
                    let typeNode = entry.value.entries != nil ? (entry.value["type"] ?? entry.value) : entry.value
                    guard let typeName = typeNode.string, let type = FieldType(rawValue: typeName) else {
                        let hint = Suggestion.didYouMean(typeNode.string ?? "", in: typeNames)
                        reader.error(
                            "schema.\(entry.key): unknown type \(typeNode.kindName) (one of \(typeNames.joined(separator: ", ")))\(hint)",
                            at: typeNode.location)
                        continue
                    }
                    schema[entry.key] = type
                }
            } else {
                reader.error("schema: expected a mapping from field name to type, got \(node.kindName)", at: node.location)
            }
        }
        return schema
    }

    private static func readJoin(_ reader: inout YAMLReader) -> DatasetJoin? {
        reader.mapping("join") { join -> DatasetJoin? in
            join.warnAboutUnknownKeys(joinKeys, what: "join")
            let catalog = join.string("catalog", required: true)
            let on = join.string("on", required: true)
            let fields = join.strings("fields") ?? []
            var defaults: [String: (text: String, location: SourceLocation)] = [:]
            if let node = join.node["defaults"], !node.isNull {
                if let entries = node.entries {
                    for entry in entries {
                        if let text = entry.value.string {
                            defaults[entry.key] = (text, entry.value.location)
                        } else {
                            join.error("join.defaults.\(entry.key): expected a value, got \(entry.value.kindName)", at: entry.value.location)
                        }
                    }
                } else {
                    join.error(
                        "join.defaults: expected a mapping from field to the value used when the item's field is empty, got \(node.kindName)",
                        at: node.location)
                }
            }
            guard let catalog, let on else { return nil }
            return DatasetJoin(
                catalog: catalog.trimmingCharacters(in: .whitespaces), on: on.trimmingCharacters(in: .whitespaces),
                fields: fields.map { $0.trimmingCharacters(in: .whitespaces) }, defaults: defaults,
                location: join.location, catalogLocation: join.locationOf("catalog"), onLocation: join.locationOf("on"),
                fieldsLocation: join.locationOf("fields"))
        }
    }
}
