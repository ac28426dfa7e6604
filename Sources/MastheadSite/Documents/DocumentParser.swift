import Foundation
import MastheadContent
import MastheadImages
import MastheadMarkdown
import MastheadSupport

/// Turns an article or page file into a `Document`: front matter checked field by
/// field, body rendered once.
public struct DocumentParser: Sendable {
    package var config: SiteConfig
    package var markdown: MarkdownRenderer

    package static let frontMatterKeys = [
        "title", "date", "subtitle", "summary", "category", "tags", "author", "cover", "video", "gallery",
        "featured", "draft", "publishDate", "expiryDate", "slug", "related", "template", "aliases", "translationKey", "toc"
    ]

    public init(config: SiteConfig, markdown: MarkdownRenderer) {
        self.config = config
        self.markdown = markdown
        // ```video, ```map, ```photos and ```pullquote between paragraphs (docs/content.md).
        let media = MediaBlocks(language: config.language, timeZone: config.timeZone)
        self.markdown.renderMediaBlock = { media.render(info: $0, body: $1, fence: $2, markers: $3) }
    }

    public func parse(_ file: SourceFile, kind: Document.Kind) -> (Document?, [Diagnostic]) {
        let parts: FrontMatter
        switch Self.frontMatterAndBody(of: file) {
        case .success(let split): parts = split
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        let node: YAMLNode
        switch YAMLNode.parse(parts.yaml, file: file.path, lineOffset: parts.yamlLineOffset) {
        case .success(let parsed): node = parsed
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        var fields = YAMLReader(node, context: "front matter")
        fields.warnAboutUnknownKeys(Self.frontMatterKeys, what: "front matter")
        let zone = config.timeZone
        // `moka.en.md`: a translation, which may leave out what its original says (`TranslationGroups`).
        let (baseName, language) = TranslationFile.split(stem: file.stem, codes: config.translationCodes)

        let title = fields.string("title", required: true)
        let writtenDate = fields.date("date", timeZone: zone, required: language == nil)
        let category = readCategory(&fields, kind: kind, required: language == nil)
        let cover = readCover(&fields)
        let video = readVideo(&fields)
        let gallery = readGallery(&fields)
        let publishDate = fields.date("publishDate", timeZone: zone)
        let expiryDate = fields.date("expiryDate", timeZone: zone)
        let slugSource = fields.string("slug") ?? baseName
        let slug = Slug.make(slugSource)
        if slug.isEmpty {
            fields.error("slug: \"\(slugSource)\" has no letters or digits to make a URL from; set slug:", at: fields.locationOf("slug"))
        }
        let template = fields.string("template")
        let summary = fields.string("summary")
        let subtitle = fields.string("subtitle")
        let tags = (fields.strings("tags") ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // A tag of symbols has a slug (`☕` is `u2615`); one of punctuation only would vanish without a word.
        for tag in tags where Slug.make(tag).isEmpty {
            let message = "tags: \"\(tag)\" has no letters, digits or symbols to make a URL from; write the tag in words"
            fields.error(message, at: fields.locationOf("tags"))
        }
        let author = fields.string("author") ?? (language == nil ? config.author : nil)
        let featured = fields.bool("featured") ?? false
        let draft = fields.bool("draft") ?? false
        let related = (fields.strings("related") ?? []).map(Slug.make)
        let aliases = readAliases(&fields)
        let translationKey = fields.string("translationKey").map(Slug.make) ?? baseName
        let writtenTOC = fields.bool("toc")

        let format: Document.Format = file.fileExtension == "html" || file.fileExtension == "htm" ? .html : .markdown
        var diagnostics = fields.diagnostics
        let body: (html: String, firstParagraph: String, words: Int)
        var bodyImages: [MarkdownImage] = []
        var tableOfContents: TableOfContents?
        var headingsTOC: TableOfContents?
        switch format {
        case .markdown:
            let rendered = markdown.render(parts.body, file: file.path, lineOffset: parts.bodyLineOffset)
            diagnostics += rendered.diagnostics
            body = (rendered.html, rendered.firstParagraph, rendered.wordCount)
            bodyImages = rendered.images
            tableOfContents = config.tableOfContents.contents(of: rendered.headings, written: writtenTOC)
            if language != nil, writtenTOC == nil { headingsTOC = config.tableOfContents.contents(of: rendered.headings, written: true) }
        case .html:
            let plain = HTMLText.plainText(parts.body)
            body = (parts.body, HTMLText.firstParagraph(parts.body), plain.split { $0.isWhitespace }.count)
        }

        // A translation without a date takes its original's (`TranslationGroups`).
        let date = writtenDate ?? (language == nil ? nil : Date(timeIntervalSince1970: 0))
        guard let title, let date, !diagnostics.hasErrors, !slug.isEmpty else { return (nil, diagnostics) }
        var document = Document(
            kind: kind, format: format, sourcePath: file.path, slug: slug, title: title,
            summary: summary ?? Self.shorten(body.firstParagraph, to: 200),
            date: date, body: SpillableText(body.html), wordCount: body.words)
        document.subtitle = subtitle
        document.summaryIsWritten = summary != nil
        document.publishDate = publishDate
        document.expiryDate = expiryDate
        document.categorySlug = category
        document.tags = tags
        document.author = author
        document.cover = cover
        document.video = video
        document.gallery = gallery
        document.bodyImages = bodyImages
        document.tableOfContents = tableOfContents
        document.writtenTOC = writtenTOC
        document.headingsTOC = headingsTOC
        document.featured = featured
        document.draft = draft
        document.related = related
        document.relatedLocation = fields.has("related") ? fields.locationOf("related") : nil
        document.template = template
        document.aliases = aliases
        document.language = language
        document.translationKey = translationKey
        // Only a translation's are read (it takes the others from its original): an original's
        // set would be about 300 bytes a document for nothing, 300 MB at a million articles.
        document.writtenKeys = language == nil ? [] : Set(node.entries?.map(\.key) ?? [])
        document.translationLocation =
            fields.has("translationKey") ? fields.locationOf("translationKey") : SourceLocation(file: file.path, line: 1, column: 1)
        return (document, diagnostics)
    }

    /// The file's text split in two. The whole text is released here, before the body is
    /// rendered: a 100 MB file is not held three times over.
    private static func frontMatterAndBody(of file: SourceFile) -> Result<FrontMatter, Diagnostic> {
        file.text().flatMap { text in
            guard let parts = FrontMatter.split(text) else {
                return .failure(
                    Diagnostic(
                        .error,
                        "missing front matter: start the file with a line '---', then at least title: and date:, "
                            + "then '---'", file: file.path, line: 1, column: 1))
            }
            return .success(parts)
        }
    }

    private func readCategory(_ fields: inout YAMLReader, kind: Document.Kind, required: Bool) -> String? {
        guard kind == .article else { return nil }
        if let items = fields.node["category"]?.items {
            fields.error("category: an article has exactly one category, got a list of \(items.count)", at: fields.locationOf("category"))
            return nil
        }
        guard let name = fields.string("category", required: required && !config.categories.isEmpty) else { return nil }
        guard let category = config.category(named: name) else {
            let known = config.categories.map(\.slug)
            let hint =
                known.isEmpty
                ? "; declare it under categories: in site.yml"
                : Suggestion.didYouMean(name, in: known) + " (declared: \(known.joined(separator: ", ")))"
            fields.error("category: unknown category '\(name)'\(hint)", at: fields.locationOf("category"))
            return nil
        }
        return category.slug
    }

    private func readCover(_ fields: inout YAMLReader) -> Document.Image? {
        guard fields.has("cover") else { return nil }
        if let src = fields.node["cover"]?.string {
            fields.error(
                "cover: give the image with its alt text, as cover: { src: \(src), alt: \"what the image shows\" }", at: fields.locationOf("cover"))
            return nil
        }
        return fields.mapping("cover") { cover -> Document.Image? in
            cover.warnAboutUnknownKeys(["src", "alt"], what: "cover")
            guard let src = cover.string("src", required: true) else { return nil }
            if let problem = SitePath.imageProblem(src) {
                cover.error("cover: \(problem)", at: cover.locationOf("src"))
                return nil
            }
            guard cover.has("alt") || cover.node["alt"] != nil else {
                cover.error("cover: missing alt text; describe the image, or write alt: \"\" if it is purely decorative", at: cover.location)
                return nil
            }
            return Document.Image(src: src, alt: cover.string("alt") ?? "", location: cover.locationOf("src"))
        }
    }

    /// `aliases: [/old-slug/, /2019/03/old.html]`: each checked where it is written.
    private func readAliases(_ fields: inout YAMLReader) -> [PageAlias] {
        guard let node = fields.node["aliases"], !node.isNull else { return [] }
        let items = node.items ?? [node]
        var aliases: [PageAlias] = []
        for item in items {
            guard let text = item.string else {
                fields.error("aliases: expected a path like /old-slug/, got \(item.kindName)", at: item.location)
                continue
            }
            switch PageAlias.normalize(text) {
            case .success(let path): aliases.append(PageAlias(path: path, location: item.location))
            case .failure(let problem): fields.error("aliases: \(problem.message)", at: item.location)
            }
        }
        return aliases
    }

    private func readVideo(_ fields: inout YAMLReader) -> Video? {
        guard let text = fields.string("video") else { return nil }
        guard let video = Video(text) else {
            fields.error("video: expected a YouTube URL or an 11-character video id, got \"\(text)\"", at: fields.locationOf("video"))
            return nil
        }
        return video
    }

    private func readGallery(_ fields: inout YAMLReader) -> [Document.GalleryImage] {
        fields.mappings("gallery") { image, _ -> Document.GalleryImage? in
            image.warnAboutUnknownKeys(["src", "alt", "caption"], what: "gallery image")
            guard let src = image.string("src", required: true) else { return nil }
            if let problem = SitePath.imageProblem(src) {
                image.error("gallery: \(problem)", at: image.locationOf("src"))
                return nil
            }
            guard image.node["alt"] != nil else {
                image.error("gallery: missing alt text for \(src)", at: image.location)
                return nil
            }
            return Document.GalleryImage(
                src: src, alt: image.string("alt") ?? "", caption: image.string("caption"), location: image.locationOf("src"))
        } ?? []
    }

    /// Cuts text at a word boundary near `limit` characters, adding an ellipsis.
    static func shorten(_ text: String, to limit: Int) -> String {
        let collapsed = text.split { $0.isWhitespace }.joined(separator: " ")
        guard collapsed.count > limit else { return collapsed }
        let cut = collapsed.prefix(limit)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}
