/// `list` on the archive, a category's and a tag's pages. A class: as a value, its 216 bytes
/// would be copied into a new box at each name a template reads in it.
final class ListValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, kind, description, category, tag, archive
        static let byName = table()
    }

    let title: String
    /// `archive`, `year`, `month`, `category` or `tag`.
    let kind: String
    /// The archive's and categories' (none for tags).
    let description: String?
    let category: CategoryValues?
    let tag: TagValues?
    /// On the archive and its year and month pages: every year and month, with links.
    let archive: ArchiveIndexValues?

    init(
        title: String, kind: String, description: String? = nil, category: CategoryValues? = nil, tag: TagValues? = nil,
        archive: ArchiveIndexValues? = nil
    ) {
        self.title = title
        self.kind = kind
        self.description = description
        self.category = category
        self.tag = tag
        self.archive = archive
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .title: title
        case .kind: kind
        case .description: description
        case .category: category
        case .tag: tag
        case .archive: archive
        }
    }
}
