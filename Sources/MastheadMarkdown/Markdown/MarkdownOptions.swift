/// `markdown:` in site.yml: how Markdown is read.
public struct MarkdownOptions: Sendable, Hashable {
    public var rawHTML = false
    public var smartPunctuation = true
    /// Lists and block quotes nested deeper than this are an error (`markdown.maxNesting`).
    package var maxNesting = 100

    public init(rawHTML: Bool = false, smartPunctuation: Bool = true) {
        self.rawHTML = rawHTML
        self.smartPunctuation = smartPunctuation
    }
}
