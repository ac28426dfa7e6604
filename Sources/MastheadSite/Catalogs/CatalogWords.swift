/// The few words catalog pages get from Masthead rather than from templates: cumulative
/// facet labels, the name of the default order and the filter's words, in the site's language.
package struct CatalogWords: Sendable {
    /// "up to 300"
    var upTo: @Sendable (String) -> String
    /// "2 or more"
    var orMore: @Sendable (String) -> String
    package var defaultOrder: String
    /// The filter (`CatalogFilterForm`, and the script's words in `CatalogFilterData`).
    package var filter = FilterWords()

    /// What the filter says. `{n}` and `{total}` are filled in by the script.
    package struct FilterWords: Sendable {
        package var title = "Filter"
        package var reset = "Clear filters"
        package var minimum = "minimum"
        package var maximum = "maximum"
        package var onOrAfter = "On or after"
        package var all = "All {total} results."
        package var some = "{n} of {total} results."
        package var one = "1 of {total} results."
        package var none = "Nothing matches these filters."
        package var previous = "Previous"
        package var next = "Next"
        package var page = "Page {n} of {total}"
        package var pages = "Result pages"
    }

    package init(language: String) {
        switch language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? language {
        case "it":
            upTo = { "fino a \($0)" }
            orMore = { "\($0) o più" }
            defaultOrder = "Ordine predefinito"
            filter = FilterWords(
                title: "Filtra", reset: "Azzera i filtri", minimum: "minimo", maximum: "massimo", onOrAfter: "Valido il giorno",
                all: "Tutti i {total} risultati.", some: "{n} risultati su {total}.", one: "1 risultato su {total}.",
                none: "Nessun risultato con questi filtri.", previous: "Precedenti", next: "Successivi", page: "Pagina {n} di {total}",
                pages: "Pagine dei risultati")
        case "fr":
            upTo = { "jusqu’à \($0)" }
            orMore = { "\($0) ou plus" }
            defaultOrder = "Ordre par défaut"
            filter = FilterWords(
                title: "Filtrer", reset: "Effacer les filtres", minimum: "minimum", maximum: "maximum", onOrAfter: "Valable le",
                all: "Les {total} résultats.", some: "{n} résultats sur {total}.", one: "1 résultat sur {total}.",
                none: "Aucun résultat avec ces filtres.", previous: "Précédents", next: "Suivants", page: "Page {n} sur {total}",
                pages: "Pages de résultats")
        case "de":
            upTo = { "bis \($0)" }
            orMore = { "\($0) oder mehr" }
            defaultOrder = "Standardreihenfolge"
            filter = FilterWords(
                title: "Filtern", reset: "Filter zurücksetzen", minimum: "Minimum", maximum: "Maximum", onOrAfter: "Gültig am",
                all: "Alle {total} Ergebnisse.", some: "{n} von {total} Ergebnissen.", one: "1 von {total} Ergebnissen.",
                none: "Keine Ergebnisse mit diesen Filtern.", previous: "Zurück", next: "Weiter", page: "Seite {n} von {total}",
                pages: "Ergebnisseiten")
        case "es":
            upTo = { "hasta \($0)" }
            orMore = { "\($0) o más" }
            defaultOrder = "Orden predeterminado"
            filter = FilterWords(
                title: "Filtrar", reset: "Borrar filtros", minimum: "mínimo", maximum: "máximo", onOrAfter: "Válido el",
                all: "Los {total} resultados.", some: "{n} de {total} resultados.", one: "1 de {total} resultados.",
                none: "Ningún resultado con estos filtros.", previous: "Anteriores", next: "Siguientes", page: "Página {n} de {total}",
                pages: "Páginas de resultados")
        default:
            upTo = { "up to \($0)" }
            orMore = { "\($0) or more" }
            defaultOrder = "Default order"
        }
    }
}
