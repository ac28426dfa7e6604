/// A member statement's page (docs/reports.md, "Member statements"): `statement`, as
/// `MemberStatements` prepares it: a dictionary of plain values.
struct StatementPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case statement
        static let byName = table()
    }

    /// Strings, booleans and lists of them.
    let statement: [String: any Sendable]

    func value(for key: Key) -> Any? {
        switch key {
        case .statement: statement
        }
    }
}
