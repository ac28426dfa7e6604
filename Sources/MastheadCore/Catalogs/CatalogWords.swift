/// The few words catalog pages get from Masthead rather than from templates: cumulative
/// facet labels and the name of the default order, in the site's language.
struct CatalogWords: Sendable {
    /// "up to 300"
    var upTo: @Sendable (String) -> String
    /// "2 or more"
    var orMore: @Sendable (String) -> String
    var defaultOrder: String

    init(language: String) {
        switch language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? language {
        case "it":
            upTo = { "fino a \($0)" }
            orMore = { "\($0) o più" }
            defaultOrder = "Ordine predefinito"
        case "fr":
            upTo = { "jusqu’à \($0)" }
            orMore = { "\($0) ou plus" }
            defaultOrder = "Ordre par défaut"
        case "de":
            upTo = { "bis \($0)" }
            orMore = { "\($0) oder mehr" }
            defaultOrder = "Standardreihenfolge"
        case "es":
            upTo = { "hasta \($0)" }
            orMore = { "\($0) o más" }
            defaultOrder = "Orden predeterminado"
        default:
            upTo = { "up to \($0)" }
            orMore = { "\($0) or more" }
            defaultOrder = "Default order"
        }
    }
}
