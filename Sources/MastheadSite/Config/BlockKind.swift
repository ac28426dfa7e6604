/// What a ```chart, ```kpi or ```table block draws: its fence name, or `kind:` of a catalog's `blocks:`.
package enum BlockKind: String, Sendable {
    case chart, kpi, table
}
