import Foundation
import MastheadContent
import MastheadImages
import MastheadSite
import MastheadSupport

/// The magazine's email edition (`email:` in site.yml, docs/email.md): for each of the latest
/// periods with articles, `email/SLUG/index.html` (the HTML part, also the copy to read in a
/// browser), `edition.txt` (the plain-text part) and `edition.eml` (both, `multipart/alternative`),
/// drawn by the theme's `email` and `email.txt` templates. Email clients ignore or strip
/// `<style>` and resolve no relative link, so a result holding either, or over
/// `EmailConfig.sizeLimit`, is an error at the template.
struct EmailEdition {
    static let htmlTemplate = "email"
    static let textTemplate = "email.txt"

    let site: Site
    let templates: TemplateSet
    let images: SiteImages
    let siteFolder: SiteFolder
    let format: SiteFormatter

    /// One edition: its slug (`2026-11`), its words and its articles (indexes into `site.articles`, newest first).
    struct Issue {
        var slug: String
        var period: String
        var articles: [Int]
    }

    func files() -> (files: [OutputFile], diagnostics: [Diagnostic]) {
        guard let email = site.config.email, site.config.languagePrefix.isEmpty else { return ([], []) }
        let missing = [Self.htmlTemplate, Self.textTemplate].filter { templates.path(of: $0) == nil }
        guard missing.isEmpty else {
            let names = missing.map { "Templates/\($0).mustache" }.joined(separator: " and ")
            return ([], [.error("email: the email edition needs \(names)", at: email.location)])
        }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        for issue in issues(email) {
            let values = self.values(issue, email: email)
            guard let html = templates.render(values, template: Self.htmlTemplate),
                let text = templates.render(values, template: Self.textTemplate)
            else { continue }
            let problems = check(html)
            diagnostics += problems
            guard problems.isEmpty else { continue }
            let folder = "\(GeneratedOutputs.emailFolder)/\(issue.slug)/"
            let newest = site.articles[issue.articles[0]].document.date
            let message = EmailMessage(
                from: email.from, subject: "\(site.config.title) · \(issue.period)", date: newest,
                messageID: "<email-\(issue.slug)@\(URL(string: site.config.baseURL)?.host ?? "localhost")>", text: text, html: html)
            files += [
                OutputFile(path: folder + "index.html", contents: .bytes(Data(html.utf8))),
                OutputFile(path: folder + "edition.txt", contents: .bytes(Data(text.utf8))),
                OutputFile(path: folder + "edition.eml", contents: .bytes(Data(message.serialized().utf8)))
            ]
        }
        return (files, diagnostics)
    }

    /// The latest `editions` periods (months or ISO weeks, in the site's time zone) that have articles, newest first.
    func issues(_ email: EmailConfig) -> [Issue] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = site.config.timeZone
        var issues: [Issue] = []
        for (index, article) in site.articles.enumerated() {
            let date = article.document.date
            let slug: String
            let period: String
            switch email.every {
            case .month:
                let parts = calendar.dateComponents([.year, .month], from: date)
                slug = String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
                period = "\(format.monthName(parts.month ?? 1)) \(parts.year ?? 0)"
            case .week:
                let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
                slug = String(format: "%04d-w%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0)
                let monday = calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? date
                period = format.longDate(monday)
            }
            if issues.last?.slug == slug {
                issues[issues.count - 1].articles.append(index)
            } else {
                guard issues.count < email.editions else { break }
                issues.append(Issue(slug: slug, period: period, articles: [index]))
            }
        }
        return issues
    }

    private func values(_ issue: Issue, email: EmailConfig) -> [String: Any] {
        let config = site.config
        let campaign = { (path: String) -> String in
            let query = [("utm_source", email.source), ("utm_medium", email.medium), ("utm_campaign", "email-" + issue.slug)]
                .map { "\($0)=\(Self.queryEscaped($1))" }.joined(separator: "&")
            return config.absoluteURL(forPath: path) + "?" + query
        }
        let articles: [[String: Any]] = issue.articles.map { index in
            let article = site.articles[index]
            let document = article.document
            var values: [String: Any] = [
                "title": document.title, "summary": document.summary, "url": campaign(article.path),
                "date": format.longDate(document.date), "dateISO": format.rfc3339(document.date)
            ]
            if let category = article.category { values["category"] = category.name }
            if let author = document.author { values["author"] = author }
            if let image = image(of: article) { values["image"] = image }
            return values
        }
        var values: [String: Any] = [
            "site": [
                "title": config.title, "description": config.description, "url": campaign("/"), "language": config.language
            ] as [String: Any],
            "edition": [
                "slug": issue.slug, "period": issue.period, "title": "\(config.title) · \(issue.period)",
                "url": campaign("/email/\(issue.slug)/"), "count": issue.articles.count
            ] as [String: Any],
            "articles": articles,
            "feedURL": config.absoluteURL(forPath: "/feed.xml")
        ]
        if let strings = templates.strings.table(for: config.language, defaultLanguage: config.languages.first?.code ?? config.language) {
            values["i18n"] = strings as [String: Any]
        }
        return values
    }

    /// Shown 552 px wide (600 less the margins): the resized JPEG or PNG copy nearest twice that,
    /// for sharp screens; an SVG cover (which Gmail and Outlook do not show) gives way to the
    /// page's social card, a PNG the build drew.
    private func image(of article: ResolvedArticle) -> [String: Any]? {
        let shownWidth = 552
        let alt = article.document.cover?.alt ?? article.document.title
        if let cover = article.document.cover, let image = images.image(cover.src), let fallback = image.fallback,
            let width = image.width, let height = image.height, width > 0,
            let chosen = fallback.candidates.first(where: { $0.width >= 2 * shownWidth })
                ?? fallback.candidates.last
        {
            return ["src": absolute(chosen.path), "width": shownWidth, "height": shownWidth * height / width, "alt": alt]
        }
        if let card = images.cards[article.path], let width = card.width, let height = card.height, width > 0 {
            return ["src": absolute(card.src), "width": shownWidth, "height": shownWidth * height / width, "alt": alt]
        }
        return nil
    }

    private func absolute(_ path: String) -> String {
        site.config.absoluteURL(forPath: path)
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// A `<style>` block, a relative link or an HTML part over the size limit: each an error
    /// at the template line that wrote it (the first line when a value wrote it).
    func check(_ html: String) -> [Diagnostic] {
        let path = templates.path(of: Self.htmlTemplate) ?? "Templates/\(Self.htmlTemplate).mustache"
        let source = (try? String(contentsOf: siteFolder.url(path), encoding: .utf8)) ?? ""
        func location(of text: String) -> SourceLocation {
            guard let range = source.range(of: text, options: .caseInsensitive) else { return SourceLocation(file: path, line: 1, column: 1) }
            let before = source[..<range.lowerBound]
            let line = before.count(where: { $0 == "\n" }) + 1
            let column =
                before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
            return SourceLocation(file: path, line: line, column: column)
        }
        var problems: [Diagnostic] = []
        if html.range(of: "<style", options: .caseInsensitive) != nil {
            problems.append(
                .error(
                    "email: the HTML holds a <style> block, which Gmail and Outlook drop: write each style inline, style=\"...\"",
                    at: location(of: "<style")))
        }
        for url in Self.relativeURLs(in: html) {
            let shown = url.isEmpty ? "\"\"" : url
            problems.append(
                .error(
                    "email: the HTML links to \(shown), a relative URL no email client can follow: use an absolute one (https://...)",
                    at: location(of: url.isEmpty ? "=\"\"" : url)))
        }
        let size = html.utf8.count
        if size > EmailConfig.sizeLimit {
            problems.append(
                .error(
                    "email: the HTML is \(size / 1024) KB, over the \(EmailConfig.sizeLimit / 1024) KB Gmail shows before clipping it: "
                        + "set fewer editions' articles (email.every: week) or a shorter template",
                    at: SourceLocation(file: path, line: 1, column: 1)))
        }
        return problems
    }

    /// Every `href`, `src`, `background` or `action` value that is not an absolute URL (`https:`, `http:`, `mailto:`, `tel:`).
    static func relativeURLs(in html: String) -> [String] {
        guard
            let pattern = try? NSRegularExpression(
                pattern: "\\s(?:href|src|background|action)\\s*=\\s*[\"']([^\"']*)[\"']", options: [.caseInsensitive])
        else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        var found: [String] = []
        for match in pattern.matches(in: html, range: range) {
            guard let valueRange = Range(match.range(at: 1), in: html) else { continue }
            let value = String(html[valueRange]).trimmingCharacters(in: .whitespaces)
            let lower = value.lowercased()
            if ["https://", "http://", "mailto:", "tel:"].contains(where: { lower.hasPrefix($0) }) { continue }
            if !found.contains(value) { found.append(value) }
        }
        return found
    }
}
