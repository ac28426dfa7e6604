import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// What the editor's lists and selects show, read from the files at each request: the
/// articles and pages with their front matter, the site's categories and languages, and the
/// tags and authors the articles already use.
struct EditorSite: Sendable {
    struct Entry: Sendable {
        var path: String
        var kind: String
        var title: String
        var date: String
        var publishDate: String
        var expiryDate: String
        var category: String
        var tags: [String]
        var author: String
        var draft: Bool
        /// Nil for the site's primary language.
        var language: String?
        var translationKey: String
        /// The file name without its language and extension: a translation's original shares it.
        var baseName: String

        /// When the article goes out, or goes away: its publish date or date, and its expiry.
        var publication: String { publishDate.isEmpty ? date : publishDate }
    }

    let siteFolder: SiteFolder
    let config: SiteConfig?
    let entries: [Entry]
    let problems: [Diagnostic]

    static func load(siteFolder: SiteFolder) -> EditorSite {
        let (config, configProblems) = SiteConfigLoader.load(siteFolder: siteFolder)
        let codes = config?.translationCodes ?? []
        var entries: [Entry] = []
        var problems = configProblems
        for (folder, kind) in [("Content/articles", "article"), ("Content/pages", "page")] {
            let (paths, found) = ContentLoader.paths(in: folder, siteFolder: siteFolder, extensions: EditorPath.documentExtensions)
            problems += found
            for path in paths {
                guard case .success(let data) = siteFolder.read(path), let file = FrontMatterText(data) else { continue }
                let node = FrontMatterForm.node(of: file)
                func text(_ key: String) -> String { node?[key]?.string ?? "" }
                let (baseName, language) = TranslationFile.split(stem: SourceFile.stem(of: path), codes: codes)
                let tags = node?["tags"]?.items?.compactMap(\.string) ?? node?["tags"]?.string.map { [$0] } ?? []
                entries.append(
                    Entry(
                        path: path, kind: kind, title: text("title"), date: text("date"), publishDate: text("publishDate"),
                        expiryDate: text("expiryDate"), category: text("category"), tags: tags, author: text("author"),
                        draft: ["true", "yes", "on"].contains(text("draft").lowercased()), language: language,
                        translationKey: text("translationKey"), baseName: baseName))
            }
        }
        return EditorSite(siteFolder: siteFolder, config: config, entries: entries, problems: problems)
    }

    var categories: [(slug: String, name: String)] { (config?.categories ?? []).map { ($0.slug, $0.name) } }
    var tags: [String] { Set(entries.flatMap(\.tags)).sorted() }
    var authors: [String] { Set(entries.map(\.author).filter { !$0.isEmpty } + [config?.author].compactMap { $0 }).sorted() }
    /// The primary language first, then the translations'.
    var languages: [String] { [config?.language ?? "en"] + (config?.translationLanguages.map(\.code) ?? []) }

    func entry(at path: String) -> Entry? { entries.first { $0.path == path } }

    /// An article's versions in the other languages (same base name or translation key).
    func translations(of entry: Entry) -> [Entry] {
        entries.filter { other in
            other.path != entry.path && other.kind == entry.kind
                && (other.baseName == entry.baseName || (!entry.translationKey.isEmpty && other.translationKey == entry.translationKey))
        }
    }

    /// Scheduled: not a draft, published after `now` (dates compared as written, in the site's time zone).
    func isScheduled(_ entry: Entry, now: String) -> Bool {
        !entry.draft && !entry.publication.isEmpty && entry.publication > now
    }

    /// When the site next needs a build because an article comes out or expires: the earliest
    /// such moment after `now`, as `masthead status` reports it (`BuildCache.nextPublicationChange`).
    func nextRebuild(now: String) -> String? {
        entries.filter { !$0.draft }.flatMap { [$0.publication, $0.expiryDate] }.filter { !$0.isEmpty && $0 > now }.min()
    }

    /// `now` written as front-matter dates are (`2026-04-21T09:30:00`) in the site's time zone.
    func nowText(_ now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = config?.timeZone ?? TimeZone(identifier: "UTC")!
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: now)
    }
}
