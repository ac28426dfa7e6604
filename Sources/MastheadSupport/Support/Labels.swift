/// The few words Masthead itself puts on pages (list titles, labels inside rendered
/// Markdown), in the site's language. Templates hold all other text.
package struct Labels: Sendable {
    package var articles: String
    package var categories: String
    package var tags: String
    package var notFound: String
    package var page: String
    /// The search page's title.
    package var search = "Search"
    /// `aria-label` of the `#` link beside every heading.
    package var headingAnchor = "Link to this section"
    /// `aria-label` of the ↩ link after a footnote.
    package var backToContent = "Back to content"
    /// `aria-label`s of task list checkboxes.
    package var taskDone = "done"
    package var taskToDo = "to do"
    /// The text of a redirect page, before the link to the page's new URL.
    package var movedTo = "This page has moved to"
    /// The accessible name of an article's table of contents (its `<nav>`), and its folded title.
    package var tableOfContents = "Contents"
    /// A video between paragraphs (```` ```video ````): its button, and the words before its title in the preview's alt text.
    package var watchVideo = "Watch the video"
    package var video = "Video"
    /// The link under a map point (```` ```map ````) to the place on OpenStreetMap.
    package var openMap = "Open the map"
    /// The headings of a map's table of coordinates.
    package var latitude = "Latitude"
    package var longitude = "Longitude"

    package init(language: String) {
        // By the tag's language in normal form: `IT` and `it-CH` get the Italian words.
        switch LanguageTag(language)?.language ?? language {
        case "it":
            self.init(articles: "Articoli", categories: "Categorie", tags: "Tag", notFound: "Pagina non trovata", page: "pagina")
            headingAnchor = "Link a questa sezione"
            backToContent = "Torna al testo"
            taskDone = "fatto"
            taskToDo = "da fare"
            search = "Cerca"
            movedTo = "Questa pagina si è spostata in"
            tableOfContents = "Indice"
            watchVideo = "Guarda il video"
            openMap = "Apri la mappa"
            latitude = "Latitudine"
            longitude = "Longitudine"
        case "fr":
            self.init(articles: "Articles", categories: "Catégories", tags: "Étiquettes", notFound: "Page introuvable", page: "page")
            search = "Rechercher"
            movedTo = "Cette page a été déplacée vers"
            tableOfContents = "Sommaire"
        case "de":
            self.init(articles: "Artikel", categories: "Kategorien", tags: "Schlagwörter", notFound: "Seite nicht gefunden", page: "Seite")
            search = "Suche"
            movedTo = "Diese Seite ist umgezogen nach"
            tableOfContents = "Inhalt"
        case "es":
            self.init(articles: "Artículos", categories: "Categorías", tags: "Etiquetas", notFound: "Página no encontrada", page: "página")
            search = "Buscar"
            movedTo = "Esta página se ha trasladado a"
            tableOfContents = "Índice"
        default:
            self.init(articles: "Articles", categories: "Categories", tags: "Tags", notFound: "Page not found", page: "page")
        }
    }

    private init(articles: String, categories: String, tags: String, notFound: String, page: String) {
        self.articles = articles
        self.categories = categories
        self.tags = tags
        self.notFound = notFound
        self.page = page
    }
}
