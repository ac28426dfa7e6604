import Foundation

/// The template values a docs page documents: each table whose first heading names a value
/// (`| card | what |`) lists that value's names in its first column, in backticks; a row
/// "everything of a *card*" takes in the card's names.
package struct DocumentedValues {
    package struct Problem: CustomStringConvertible {
        package let file: String
        package let line: Int
        package let message: String
        package var description: String { "\(file):\(line): \(message)" }
    }

    /// Names as written (`title`, `raw.FIELD`), by value.
    package private(set) var names: [String: [String]] = [:]
    /// The second column of each name's row, by value and name.
    package private(set) var descriptions: [String: [String: String]] = [:]
    package private(set) var problems: [Problem] = []
    private var includes: [String: [String]] = [:]

    package init() {}

    /// Reads the tables of `file` (relative to the repository), or of its `section` alone.
    package mutating func read(_ file: String, section: String? = nil) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        var lines = text.components(separatedBy: "\n").enumerated().map { (number: $0.offset + 1, text: $0.element) }
        if let section {
            guard let start = lines.firstIndex(where: { $0.text == section }) else {
                problems.append(Problem(file: file, line: 1, message: "no section '\(section)'"))
                return
            }
            let rest = lines[(start + 1)...]
            lines = Array(rest.prefix { !$0.text.hasPrefix("## ") })
        }
        var value: String?
        for (index, line) in lines.enumerated() {
            guard line.text.hasPrefix("|") else {
                value = nil
                continue
            }
            let cells = Self.cells(line.text)
            if value == nil {
                // A table starts: its heading names the value, the next line is the separator.
                guard index + 1 < lines.count, lines[index + 1].text.hasPrefix("|---") else { continue }
                value = cells.first
                if let value, names[value] != nil {
                    problems.append(Problem(file: file, line: line.number, message: "'\(value)' has a second table"))
                }
                names[value!] = []
                continue
            }
            guard let value, let first = cells.first, !first.hasPrefix("---") else { continue }
            if let included = Self.included(first) {
                includes[value, default: []].append(included)
                continue
            }
            let documented = Self.backticked(first)
            if documented.isEmpty {
                problems.append(Problem(file: file, line: line.number, message: "no `name` in the first column of \(value)'s row"))
            }
            names[value, default: []] += documented
            for name in documented { descriptions[value, default: [:]][name] = cells.dropFirst().first ?? "" }
        }
    }

    /// Every value's names, with those of the values it takes in.
    package func resolved() -> [String: [String]] {
        func all(_ value: String, seen: Set<String>) -> [String] {
            let own = names[value] ?? []
            return own + (includes[value] ?? []).filter { !seen.contains($0) }.flatMap { all($0, seen: seen.union([$0])) }
        }
        return Dictionary(uniqueKeysWithValues: names.keys.map { ($0, all($0, seen: [$0])) })
    }

    private static func cells(_ line: String) -> [String] {
        line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    package static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// `card` in "everything of a *card*".
    private static func included(_ cell: String) -> String? {
        guard cell.hasPrefix("everything of a"), let open = cell.firstIndex(of: "*") else { return nil }
        let rest = cell[cell.index(after: open)...]
        return rest.firstIndex(of: "*").map { String(rest[..<$0]) }
    }
}
