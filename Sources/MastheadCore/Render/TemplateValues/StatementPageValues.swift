/// A member statement's page (docs/reports.md, "Member statements"): `statement`, as
/// `MemberStatements` prepares it. `@unchecked`: the statement is a dictionary of plain values
/// (strings, numbers, lists of them), made before rendering and never changed.
struct StatementPageValues: TemplateValue, @unchecked Sendable {
    enum Key: String, TemplateKey {
        case statement
        static let byName = table()
    }

    /// Strings, numbers, booleans and lists of them: immutable plain values.
    let statement: [String: Any]

    func value(for key: Key) -> Any? {
        switch key {
        case .statement: statement
        }
    }
}
