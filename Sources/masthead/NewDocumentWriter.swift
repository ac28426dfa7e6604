import ArgumentParser
import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport
import MastheadTerminal

/// Writes a new article, page or report: named from the title's slug, front matter filled
/// in from site.yml (the date now in the site's time zone, the category checked), never
/// over an existing file.
enum NewDocumentWriter {
    static func run(kind: Document.Kind, options: NewDocumentOptions, category: String?, tags: String?, now: Date = Date()) throws {
        let siteFolder = options.siteFolder
        let (loaded, diagnostics) = SiteConfigLoader.load(siteFolder: siteFolder)
        guard let config = loaded else {
            DiagnosticPrinter(style: .plain, siteFolder: siteFolder).print(diagnostics)
            throw ExitCode(1)
        }
        let slug = Slug.make(options.title)
        guard !slug.isEmpty else {
            throw ValidationError("the title \"\(options.title)\" has no letters or digits to name the file and its URL after")
        }
        var categorySlug: String?
        if let category {
            guard let found = config.category(named: category) else {
                let known = config.categories.map(\.slug)
                let declared =
                    known.isEmpty
                    ? "; \(SiteConfigLoader.path) declares no categories"
                    : Suggestion.didYouMean(category, in: known) + " (declared in \(SiteConfigLoader.path): \(known.joined(separator: ", ")))"
                throw ValidationError("--category: unknown category '\(category)'\(declared)")
            }
            categorySlug = found.slug
        } else if kind == .article, let first = config.categories.first {
            throw ValidationError("--category: this site's articles need a category, like --category \(first.slug)")
        }
        let folder = folder(for: kind)
        let relative = "\(folder)/\(slug).md"
        let file = siteFolder.url(relative)
        let text = frontMatter(
            kind: kind, title: options.title, date: now, timeZone: config.timeZone, category: categorySlug,
            tags: tags.map(splitTags) ?? [])
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // O_EXCL: refuses an existing file, even one made between a check and the write.
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard descriptor >= 0 else {
                if errno == EEXIST {
                    StandardError.write("error: \(relative) already exists; choose another title, or edit that file\n")
                } else {
                    StandardError.write("error: cannot write \(relative): \(String(cString: strerror(errno)))\n")
                }
                throw ExitCode(1)
            }
            defer { close(descriptor) }
            let bytes = Array(text.utf8)
            guard write(descriptor, bytes, bytes.count) == bytes.count else {
                StandardError.write("error: cannot write \(relative): \(String(cString: strerror(errno)))\n")
                throw ExitCode(1)
            }
        }
        print(relative)
    }

    static func folder(for kind: Document.Kind) -> String {
        switch kind {
        case .article: SiteFolders.articles
        case .page: SiteFolders.pages
        case .report: SiteFolders.reports
        }
    }

    static func splitTags(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The front matter and a first line of text. An article starts as a draft.
    static func frontMatter(kind: Document.Kind, title: String, date: Date, timeZone: TimeZone, category: String?, tags: [String]) -> String {
        var lines = ["---", "title: \(yamlQuoted(title))", "date: \(localTimestamp(date, timeZone: timeZone))"]
        if let category { lines.append("category: \(category)") }
        if !tags.isEmpty { lines.append("tags: [\(tags.map(yamlQuoted).joined(separator: ", "))]") }
        lines.append("# summary: one or two sentences, for lists, feeds and search engines")
        if kind == .article { lines.append("draft: true") }
        lines += ["---", "", kind == .report ? "Write the report here; add ```chart, ```kpi and ```table blocks." : "Write here.", ""]
        return lines.joined(separator: "\n")
    }

    /// `2026-03-14T09:30:00+01:00`: the wall-clock time in the site's zone, with its offset.
    static func localTimestamp(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        let text = formatter.string(from: whole)
        // ISO8601DateFormatter writes UTC as Z; front matter reads both, +00:00 is plainer.
        return text.hasSuffix("Z") ? String(text.dropLast()) + "+00:00" : text
    }

    /// A double-quoted YAML string: titles hold colons, quotes and `#`.
    static func yamlQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 { quoted += String(format: "\\x%02X", scalar.value) } else { quoted.unicodeScalars.append(scalar) }
            }
        }
        return quoted + "\""
    }
}
