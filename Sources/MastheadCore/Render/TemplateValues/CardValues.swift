/// A card: what a list shows of an article (its document's values and its category).
/// Built once per article and kept (`PageContext`).
struct CardValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case category
    }

    let source: TemplateSource
    /// Into `site.articles`.
    let index: Int
    let document: DocumentValues

    func child(named name: String) -> Any? {
        Key(rawValue: name).flatMap(value(for:)) ?? document.child(named: name)
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .category: source.articleCategory[index].map { source.categories[$0] }
        }
    }

    static var keys: [String] { Key.allCases.map(\.rawValue) + DocumentValues.keys }
}
