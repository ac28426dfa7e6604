import Foundation
import MastheadCharts
import MastheadContent
import MastheadSite
import MastheadSupport

/// Optional private pages, one per member (`statements:` in site.yml): the balance, the
/// activity list (newest first, zero-point events hidden), requested prizes and machines.
/// They are written beside the site but are not routes: never linked, never in the
/// sitemap or feeds, and their template marks them `noindex`. The pages themselves are made
/// in `Render/MemberStatementPages.swift`, which has the resolved site and the templates.
package struct MemberStatements {
    package let config: StatementsConfig
    let store: StatsStore
    let format: ChartFormatter

    package init(config: StatementsConfig, store: StatsStore, format: ChartFormatter) {
        self.config = config
        self.store = store
        self.format = format
    }

    package struct Statement {
        package var id: String
        /// The member's row, for messages naming it.
        var location: SourceLocation
        var balance: ReportNumber?
        var activities: [(date: Date, event: String, points: ReportNumber)] = []
        var redemptions: [(date: Date, title: String, points: ReportNumber)] = []
        var machines: [(serial: String, model: String, date: Date?)] = []
    }

    /// Rows of a source as dictionaries of typed values, each with where it is written.
    private func rows(_ name: String, required: [String]) -> Result<[(values: [String: DataValue], location: SourceLocation)], Diagnostic> {
        let location = config.location
        let source: StatsSource
        switch store.source(named: name, at: location) {
        case .success(let found): source = found
        case .failure(let problem): return .failure(problem)
        }
        for field in required where source.column(field) == nil {
            let hint = Suggestion.didYouMean(field, in: source.columnNames)
            return .failure(
                .error(
                    "statements: \(name) has no '\(field)' field\(hint) (fields: \(source.columnNames.joined(separator: ", ")))",
                    at: location))
        }
        var all: [(values: [String: DataValue], location: SourceLocation)] = []
        let url = store.siteFolder.url(source.file)
        return StatsStore.stream(source, url: url, columns: Set(source.columns.indices), timeZone: store.timeZone) { row, line in
            var values: [String: DataValue] = [:]
            for (index, column) in source.columns.enumerated() { values[column.name] = row[index] }
            all.append((values, SourceLocation(file: source.file, line: line)))
        }.map { all }
    }

    package func statements() -> ([Statement], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func load(_ name: String?, _ fields: [String]) -> [(values: [String: DataValue], location: SourceLocation)] {
            guard let name else { return [] }
            switch rows(name, required: fields) {
            case .success(let rows): return rows
            case .failure(let problem):
                diagnostics.append(problem)
                return []
            }
        }
        var byID: [String: Statement] = [:]
        var order: [String] = []
        // Each member's page is named by the slug of the id: ids that share one would show
        // one member's statement to the other, so both are refused.
        var bySlug: [String: (id: String, location: SourceLocation)] = [:]
        var refused = Set<String>()
        for (member, location) in load(config.members, ["id"]) {
            let id = Aggregator.text(member["id"] ?? .null)
            let slug = Slug.make(id)
            if slug.isEmpty {
                let problem = id.isEmpty ? "a member has no id" : "the member id '\(id)' has no letters or digits to name a page after"
                diagnostics.append(.error("statements: \(problem)", at: location))
                continue
            }
            if let first = bySlug[slug] {
                let there = "\(first.location.file):\(first.location.line ?? 0)"
                let message =
                    first.id == id
                    ? "the member id '\(id)' is also on \(there); each member needs a row of their own"
                    : "the member ids '\(id)' and '\(first.id)' (\(there)) would share the page \(pagePath(slug)), showing one member's "
                        + "statement to the other; give each an id that differs in its letters or digits"
                diagnostics.append(.error("statements: \(message)", at: location))
                refused.insert(slug)
                continue
            }
            bySlug[slug] = (id, location)
            byID[id] = Statement(id: id, location: location, balance: member["balance"]?.reportNumber)
            order.append(id)
        }
        order.removeAll { refused.contains(Slug.make($0)) }
        var unlabelled = Set<String>()
        for (row, _) in load(config.activities, ["member", "date", "points"]) {
            let id = Aggregator.text(row["member"] ?? .null)
            guard byID[id] != nil, case .date(let date)? = row["date"], let points = row["points"]?.reportNumber else { continue }
            let event = Aggregator.text(row["event"] ?? .null)
            if points != 0, !event.isEmpty, config.labels[event] == nil { unlabelled.insert(event) }
            byID[id]?.activities.append((date, event, points))
        }
        // Members would read the data's own codes ("mission"): one warning names them all.
        if !unlabelled.isEmpty {
            let kinds = unlabelled.sorted()
            let example = kinds.prefix(2).map { "\($0): ..." }.joined(separator: ", ")
            diagnostics.append(
                .warning(
                    "statements: the event kind\(kinds.count == 1 ? "" : "s") \(kinds.map { "'\($0)'" }.joined(separator: ", ")) "
                        + "\(kinds.count == 1 ? "has" : "have") no name under statements.labels and \(kinds.count == 1 ? "is" : "are") "
                        + "shown as \(kinds.count == 1 ? "it is" : "they are"); add labels: { \(example) }",
                    at: config.location))
        }
        for (row, _) in load(config.redemptions, ["member", "date"]) {
            let id = Aggregator.text(row["member"] ?? .null)
            guard byID[id] != nil, case .date(let date)? = row["date"] else { continue }
            let title = Aggregator.text(row["title"] ?? row["prize"] ?? .null)
            byID[id]?.redemptions.append((date, title, row["points"]?.reportNumber ?? 0))
        }
        for (row, _) in load(config.machines, ["member", "serial"]) {
            let id = Aggregator.text(row["member"] ?? .null)
            guard byID[id] != nil else { continue }
            var date: Date?
            if case .date(let value)? = row["registered"] { date = value }
            byID[id]?.machines.append((Aggregator.text(row["serial"] ?? .null), Aggregator.text(row["model"] ?? .null), date))
        }
        for id in order {
            guard let statement = byID[id], statement.balance == nil, ReportNumber.sum(statement.activities.map(\.points)) == nil else { continue }
            diagnostics.append(
                .error(
                    "statements: the points of member '\(id)' add up past what can be added exactly; give the member a balance",
                    at: statement.location))
        }
        return (order.compactMap { byID[$0] }, diagnostics)
    }

    /// The site path of the page for the member whose id slugs to `slug`.
    package func pagePath(_ slug: String) -> String {
        let path = config.path.replacingOccurrences(of: ":id", with: slug)
        return path.hasPrefix("/") ? path : "/" + path
    }

    /// Plain values only (strings, booleans, lists of them), so the page's values are `Sendable` as they stand.
    package func values(_ statement: Statement) -> [String: any Sendable] {
        let shown = statement.activities.filter { $0.points != 0 }.sorted { $0.date > $1.date }
        // `statements()` has checked that the points add up.
        let balance = statement.balance ?? ReportNumber.sum(statement.activities.map(\.points)) ?? 0
        let long = Date.FormatStyle(
            date: .long, time: .omitted, locale: format.locale, calendar: Calendar(identifier: .gregorian),
            timeZone: format.timeZone)
        func signed(_ points: ReportNumber) -> String { (points > 0 ? "+" : "") + format.number(points) }
        return [
            "id": statement.id,
            "hasActivities": !shown.isEmpty,
            "hasRedemptions": !statement.redemptions.isEmpty,
            "hasMachines": !statement.machines.isEmpty,
            "balance": format.number(balance),
            "activities": shown.map {
                [
                    "date": $0.date.formatted(long), "event": config.labels[$0.event] ?? $0.event, "points": signed($0.points),
                    "earned": $0.points > 0
                ] as [String: any Sendable]
            },
            "redemptions": statement.redemptions.sorted { $0.date > $1.date }.map {
                ["date": $0.date.formatted(long), "title": $0.title, "points": format.number($0.points)]
            },
            "machines": statement.machines.map { machine -> [String: any Sendable] in
                var values: [String: any Sendable] = ["serial": machine.serial, "model": machine.model]
                if let date = machine.date { values["date"] = date.formatted(long) }
                return values
            }
        ]
    }
}
