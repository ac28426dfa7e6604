/// `cover`: an article's or page's cover image.
struct CoverValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case src, alt
    }

    /// A link: site paths get the base path, full URLs stay.
    let src: String
    let alt: String

    func value(for key: Key) -> Any? {
        switch key {
        case .src: src
        case .alt: alt
        }
    }
}
