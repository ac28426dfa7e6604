import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("masthead build --report NAME --standalone")
struct StandaloneReportTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-standalone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every `src`, `href` of a `<link>`, and `url(...)` of the file: what a browser would fetch.
    func fetched(_ html: String) -> [String] {
        var found: [String] = []
        let patterns = [#"\ssrc="([^"]*)""#, #"<link\b[^>]*\shref="([^"]*)""#, #"url\(\s*['"]?([^'")]+)"#, #"\ssrcset="([^"]*)""#]
        for pattern in patterns {
            let expression = try! NSRegularExpression(pattern: pattern)
            let text = html as NSString
            for match in expression.matches(in: html, range: NSRange(location: 0, length: text.length)) {
                found.append(text.substring(with: match.range(at: 1)))
            }
        }
        return found
    }

    @Test("the default site's report as one file: CSS inlined, images as data: URLs, links to the published site")
    func defaultReport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("programme.html")
        let run = try MastheadCommand.run(
            ["build", "--site", repositoryRoot.path, "--report", "programme", "--standalone", "--output", target.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Wrote the report 'programme' as one file"))
        let html = try String(contentsOf: target, encoding: .utf8)
        #expect(html.contains("<h1 class=\"article-title\">Il programma in cifre</h1>"))
        #expect(html.contains("<svg"))
        #expect(html.contains("<style>\n"))
        #expect(html.contains("<style media=\"print\">"))
        #expect(!html.contains("<script src"))
        // Every link-tag href (canonical, feed) names the published site; what is fetched is data: or nothing.
        let external = fetched(html).filter { !$0.hasPrefix("data:") && !$0.hasPrefix("#") && !$0.hasPrefix("https://magazine.example.com/") }
        #expect(external == [], "\(external)")
        let resources = fetched(html).filter { !$0.hasPrefix("https://magazine.example.com/") && !$0.hasPrefix("#") }
        #expect(!resources.isEmpty && resources.allSatisfy { $0.hasPrefix("data:") }, "\(resources)")
        #expect(html.contains("<link rel=\"canonical\" href=\"https://magazine.example.com/reports/programme/\">"))
        #expect(html.contains("href=\"https://magazine.example.com/faq/\""))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".programme.html.masthead-new").path))
    }

    @Test("an unknown report, or --standalone alone, is a usage error and writes nothing")
    func refusals() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("x.html")
        let unknown = try MastheadCommand.run(
            ["build", "--site", repositoryRoot.path, "--report", "programm", "--standalone", "--output", target.path])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("--report: no report named 'programm'; did you mean 'programme'? (reports: programme)"))
        let alone = try MastheadCommand.run(["build", "--site", repositoryRoot.path, "--standalone", "--output", target.path])
        #expect(alone.status == 2)
        #expect(alone.errors.contains("--report and --standalone go together"))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("a content error writes no file and exits 1")
    func contentError() throws {
        let site = try TestSite()
        try site.write("Content/reports/r.md", "---\ntitle: R\ndate: 2026-01-01\n---\nText.\n")
        try site.write("Templates/report.mustache", "{{<base}}{{$main}}<h1>{{title}}</h1>{{{content}}}{{/main}}{{/base}}")
        try site.article("bad.md", "title: Bad\ndate: someday\ncategory: coffee-culture")
        let target = site.root.appendingPathComponent("r.html")
        let run = try MastheadCommand.run(["build", "--site", site.root.path, "--report", "r", "--standalone", "--output", target.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/articles/bad.md:3:7: error: date:"))
        #expect(!FileManager.default.fileExists(atPath: target.path))
        try site.article("bad.md", "title: Bad\ndate: 2026-01-01\ncategory: coffee-culture")
        let good = try MastheadCommand.run(["build", "--site", site.root.path, "--report", "r", "--standalone", "--output", target.path])
        #expect(good.status == 0, "\(good.errors)")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("<h1>R</h1>"))
    }
}
