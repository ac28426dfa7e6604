import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadRender
@testable import MastheadSite
@testable import MastheadSupport

/// The email edition (`email:` in site.yml, docs/email.md): HTML, plain text and `.eml`.
@Suite("The email edition")
struct EmailEditionTests {
    static let result: BuildResult = {
        var options = BuildOptions(siteFolder: SiteFolder(repositoryRoot))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }()

    static func campaign(_ slug: String = "2026-11") -> String {
        "?utm_source=newsletter&utm_medium=email&utm_campaign=email-\(slug)"
    }

    /// The default site's articles of a month of 2026 (November by default), in the site's time zone.
    static func novemberArticles(month: Int = 11) throws -> [ResolvedArticle] {
        let site = try #require(result.site)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = site.config.timeZone
        return site.articles.filter {
            let parts = calendar.dateComponents([.year, .month], from: $0.document.date)
            return parts.year == 2026 && parts.month == month
        }
    }

    @Test("the default site writes the latest two monthly editions, each as HTML, text and .eml")
    func files() {
        #expect(Self.result.messages == [], "\(Self.result.messages)")
        for slug in ["2026-11", "2026-10"] {
            for name in ["index.html", "edition.txt", "edition.eml"] {
                #expect(Self.result.text("email/\(slug)/\(name)") != nil, "no email/\(slug)/\(name)")
            }
        }
        #expect(Self.result.text("email/2026-09/index.html") == nil)
        #expect(Self.result.text("en/email/2026-11/index.html") == nil)
    }

    @Test("the HTML holds no <style>, no class, no relative URL, is under 100 KB, and sizes every image with alt text")
    func html() throws {
        let html = try #require(Self.result.text("email/2026-11/index.html"))
        #expect(!html.lowercased().contains("<style"))
        #expect(!html.contains("class="))
        #expect(EmailEdition.relativeURLs(in: html) == [])
        #expect(html.utf8.count < 100 * 1024, "\(html.utf8.count) bytes")
        #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
        #expect(html.contains("<table role=\"presentation\" width=\"600\""))
        let images = html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(images.count == (try Self.novemberArticles().count))
        for image in images {
            #expect(image.hasPrefix("src=\"https://magazine.example.com/"), "\(image)")
            #expect(image.contains(" width=\"552\" height=\"") && image.contains(" alt=\""), "\(image)")
            #expect(!image.contains(".svg\""), "Gmail and Outlook show no SVG: \(image)")
        }
        for article in try Self.novemberArticles() {
            let link = "https://magazine.example.com\(article.path)" + Self.campaign().replacingOccurrences(of: "&", with: "&amp;")
            #expect(html.contains("href=\"\(link)\""), "no link to \(article.path)")
        }
    }

    @Test("the text part has every article's title and link, with the campaign's parameters")
    func text() throws {
        var count = 0
        for (slug, month) in [("2026-11", 11), ("2026-10", 10)] {
            let text = try #require(Self.result.text("email/\(slug)/edition.txt"))
            let articles = try Self.novemberArticles(month: month)
            count += articles.count
            for article in articles {
                #expect(text.contains(article.document.title), "no \(article.document.title)")
                #expect(text.contains("https://magazine.example.com\(article.path)\(Self.campaign(slug))\n"), "no link to \(article.path)")
            }
            #expect(!text.contains("&amp;") && !text.contains("&#39;"), "the text part is not HTML-escaped")
        }
        #expect(count >= 3)
    }

    @Test("the .eml is multipart/alternative with both parts quoted-printable, CRLF line ends, and Python's email package reads it")
    func eml() throws {
        let eml = try #require(Self.result.text("email/2026-11/edition.eml"))
        #expect(eml.contains("Content-Type: multipart/alternative; boundary=\"=_masthead_"))
        #expect(eml.components(separatedBy: "Content-Transfer-Encoding: quoted-printable").count == 3)
        #expect(eml.contains("Subject: =?UTF-8?B?"))
        #expect(!eml.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        #expect(eml.split(separator: "\r\n", omittingEmptySubsequences: false).allSatisfy { $0.utf8.count <= 998 })
        // Quoted-printable decoded back gives the HTML part exactly.
        let html = try #require(Self.result.text("email/2026-11/index.html"))
        let encoded = EmailMessage.quotedPrintable(html)
        #expect(encoded.contains("=\r\n"))
        #expect(encoded.split(separator: "\r\n", omittingEmptySubsequences: false).allSatisfy { $0.utf8.count <= 76 })
        #expect(eml.contains(encoded))

        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-\(UUID().uuidString).eml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(eml.utf8).write(to: file)
        let process = Process()
        process.executableURL = python
        process.arguments = [repositoryRoot.appendingPathComponent("Tests/email/check_eml.py").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("text/plain utf-8 quoted-printable") && output.contains("text/html utf-8 quoted-printable"), "\(output)")
    }

    @Test("the feed carries each article's full content and its cover as an enclosure and media:content")
    func feed() throws {
        let feed = try #require(Self.result.text("feed.xml"))
        #expect(feed.contains("xmlns:media=\"http://search.yahoo.com/mrss/\""))
        #expect(feed.contains("<content type=\"html\""))
        #expect(feed.contains("<link rel=\"enclosure\" href=\"https://magazine.example.com/images/"))
        #expect(feed.contains("<media:content url=\"https://magazine.example.com/images/"))
    }

    static func site(email template: String) throws -> TestSite {
        let site = try TestSite(config: TestSite.minimalConfig + "\nemail: { every: month }\n")
        try site.write("Templates/email.mustache", template)
        try site.write("Templates/email.txt.mustache", "{{#articles}}{{title}} {{url}}\n{{/articles}}")
        try site.article("moka.md", "title: Moka\ndate: 2026-11-10\ncategory: coffee-culture")
        return site
    }

    @Test(
        "a template that leaves a <style> block or a relative URL, or an HTML part over 100 KB, is an error at the template, and nothing is written")
    func badTemplates() throws {
        let styled = try Self.site(
            email:
                "<html>\n<head>\n  <style>p { color: red }</style>\n</head>\n{{#articles}}<a href=\"{{url}}\">{{title}}</a>{{/articles}}\n</html>\n")
        let result = styled.build()
        #expect(!result.succeeded)
        #expect(
            result.messages == [
                "Templates/email.mustache:3:3: error: email: the HTML holds a <style> block, which Gmail and Outlook drop: "
                    + "write each style inline, style=\"...\""
            ])
        #expect(result.text("email/2026-11/index.html") == nil)

        let relative = try Self.site(
            email: "<html>\n{{#articles}}<a href=\"{{url}}\">{{title}}</a>{{/articles}}\n<img src=\"/images/logo.png\" alt=\"\">\n</html>\n")
        #expect(
            relative.build().messages == [
                "Templates/email.mustache:3:11: error: email: the HTML links to /images/logo.png, a relative URL no email client can follow: "
                    + "use an absolute one (https://...)"
            ])

        let large = try Self.site(email: "<html>\n" + String(repeating: "<p>Lorem ipsum dolor sit amet.</p>\n", count: 3_000) + "</html>\n")
        let messages = large.build().messages
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Templates/email.mustache:1:1: error: email: the HTML is 102 KB, over the 100 KB") == true, "\(messages)")
    }

    @Test("every: week makes an edition per ISO week, the latest `editions` of them, each with its own articles")
    func weekly() throws {
        let site = try TestSite(config: TestSite.minimalConfig + "\nemail: { every: week, editions: 2 }\n")
        try site.write("Templates/email.mustache", "<html>{{#articles}}<a href=\"{{url}}\">{{title}}</a>{{/articles}}</html>\n")
        try site.write("Templates/email.txt.mustache", "{{% CONTENT_TYPE: TEXT}}\n{{edition.slug}}: {{#articles}}{{title}}; {{/articles}}\n")
        try site.article("a.md", "title: Tuesday\ndate: 2026-11-10\ncategory: coffee-culture")
        try site.article("b.md", "title: Sunday\ndate: 2026-11-15\ncategory: coffee-culture")
        try site.article("c.md", "title: Monday\ndate: 2026-11-16\ncategory: coffee-culture")
        try site.article("d.md", "title: Older\ndate: 2026-11-01\ncategory: coffee-culture")
        let result = site.build()
        #expect(result.messages == [])
        #expect(result.text("email/2026-w47/edition.txt") == "2026-w47: Monday; \n")
        #expect(result.text("email/2026-w46/edition.txt") == "2026-w46: Sunday; Tuesday; \n")
        #expect(result.paths.filter { $0.hasPrefix("email/") }.count == 6)
    }

    @Test("email: without the email templates is an error at email: in site.yml")
    func missingTemplates() throws {
        let site = try TestSite(config: TestSite.minimalConfig + "\nemail: { every: month }\n")
        try site.article("moka.md", "title: Moka\ndate: 2026-11-10\ncategory: coffee-culture")
        let messages = site.build().messages
        #expect(
            messages.contains {
                $0.hasPrefix("Content/site.yml:")
                    && $0.hasSuffix("error: email: the email edition needs Templates/email.mustache and Templates/email.txt.mustache")
            }, "\(messages)")
    }
}
