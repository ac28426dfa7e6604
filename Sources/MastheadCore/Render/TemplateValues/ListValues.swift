/// `list` on the archive, a category's and a tag's pages.
struct ListValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case title, kind, description, category, tag, archive
    }

    let title: String
    /// `archive`, `year`, `month`, `category` or `tag`.
    let kind: String
    /// The archive's and categories' (none for tags).
    var description: String?
    var category: CategoryValues?
    var tag: TagValues?
    /// On the archive and its year and month pages: every year and month, with links.
    var archive: ArchiveIndexValues?

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
