/// The stages a build reports to a `BuildProgress`, in the order they run.
package enum BuildStage: String, Sendable, CaseIterable {
    /// Finding and reading site.yml, templates and source files (and, for `masthead build`,
    /// fingerprinting the inputs for the build cache).
    case reading
    /// Catalogs, then every article, page and report (counted in documents).
    case parsing
    /// Joining the documents into one site: URLs, order, lists, routes.
    case resolving
    /// Processing images (counted in images).
    case images
    /// Pages through their templates (counted in pages; for `masthead build`, also written),
    /// and beside them the search index.
    case rendering
    /// The remaining files (static files, statements) and putting the new site in place.
    case writing
    /// `masthead check` over the built pages.
    case checking

    /// How the stage is named in the terminal.
    package var name: String { rawValue }

    /// What the stage counts, for "4,096/10,021 pages".
    package var unit: String {
        switch self {
        case .reading, .writing: "files"
        case .parsing: "documents"
        case .resolving: "routes"
        case .images: "images"
        case .rendering, .checking: "pages"
        }
    }
}

/// Receives a build's progress: which stage runs and how much of it is done. Called from
/// every core at once (`parallelMap`), so an implementation must be cheap and thread-safe;
/// the build never waits on it. `masthead build`, `check` and `serve` pass one that draws a
/// line on the terminal (`TerminalProgress`); tests and the preview's later builds pass none.
package protocol BuildProgress: Sendable {
    /// A stage starts; `total` is how many items it will count, nil when unknown.
    func begin(_ stage: BuildStage, total: Int?)
    /// `count` more items of the current stage are done.
    func advance(by count: Int)
}
