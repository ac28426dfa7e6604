import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

@Suite("Build cache: nothing changed, nothing done; changed files only")
struct CacheTests {
    func sampleSite() throws -> TestSite {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ntags: [x]", body: "Alpha with ~~old~~ text.")
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: inspiring-cooking\ntags: [x, y]", body: "Beta.")
        try site.article("c.md", "title: C\ndate: 2026-01-03\ncategory: coffee-culture", body: "Gamma.")
        try site.write("Content/pages/about.md", "---\ntitle: About\ndate: 2026-01-01\n---\nAbout us.")
        try site.write("Content/static/images/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        return site
    }

    func options(_ site: TestSite, now: String = "2026-11-23T10:00:00Z") -> BuildOptions {
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.now = ContentDate.parse(now, timeZone: TimeZone(identifier: "UTC")!)!
        return options
    }

    func build(_ site: TestSite, into output: URL, useCache: Bool = true, now: String = "2026-11-23T10:00:00Z") throws -> CachedBuild.Outcome {
        try CachedBuild.run(options(site, now: now), output: output, useCache: useCache)
    }

    /// Every file under a folder with its bytes.
    func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    func status(_ url: URL) -> (modified: Date, inode: Int)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let modified = attributes[.modificationDate] as? Date,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        else { return nil }
        return (modified, inode)
    }

    func isUpToDate(_ outcome: CachedBuild.Outcome) -> Bool {
        if case .upToDate = outcome { return true }
        return false
    }

    func report(_ outcome: CachedBuild.Outcome) -> OutputWriter.Report? {
        if case .built(_, let report) = outcome { return report }
        return nil
    }

    @Test("a cached build and a clean build give the same files, byte for byte, before and after a change")
    func cachedEqualsClean() throws {
        let site = try sampleSite()
        let cached = site.root.appendingPathComponent("cached")
        let clean = site.root.appendingPathComponent("clean")
        _ = try build(site, into: cached)
        #expect(isUpToDate(try build(site, into: cached)))
        _ = try build(site, into: clean, useCache: false)
        #expect(try contents(of: cached) == contents(of: clean))
        #expect(try contents(of: cached).keys.contains("articles/a/index.html"))

        try site.article("b.md", "title: B changed\ndate: 2026-01-02\ncategory: inspiring-cooking\ntags: [y]", body: "Beta, rewritten.")
        try site.article("d.md", "title: D\ndate: 2026-01-04\ncategory: coffee-culture", body: "Delta.")
        _ = try build(site, into: cached)
        _ = try build(site, into: clean, useCache: false)
        let cachedFiles = try contents(of: cached)
        let cleanFiles = try contents(of: clean)
        #expect(cachedFiles.keys.sorted() == cleanFiles.keys.sorted())
        for (path, data) in cleanFiles {
            #expect(cachedFiles[path] == data, "\(path) differs")
        }
        #expect(String(decoding: cachedFiles["articles/b/index.html"] ?? Data(), as: UTF8.self).contains("B changed"))
    }

    @Test("with nothing changed, the second build renders nothing and rewrites nothing")
    func nothingChanged() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        let first = try build(site, into: output)
        let fileCount = try contents(of: output).count
        // Every file but Masthead's marker, which is bookkeeping, not a file of the site.
        #expect(report(first)?.written == fileCount - 1)
        let before = status(output.appendingPathComponent("articles/a/index.html"))
        let second = try build(site, into: output)
        guard case .upToDate(let manifest) = second else {
            Issue.record("expected the second build to be skipped, got \(second)")
            return
        }
        #expect(manifest.summary.contains("3 article"))
        #expect(status(output.appendingPathComponent("articles/a/index.html"))?.modified == before?.modified)
        // --no-cache builds again and writes everything.
        #expect(report(try build(site, into: output, useCache: false))?.unchanged == 0)
    }

    @Test("a changed article's page is rewritten; unchanged files keep their file and modification time")
    func changedOnly() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try build(site, into: output)
        let untouched = ["articles/c/index.html", "about/index.html", "images/x.svg"]
        let before = Dictionary(uniqueKeysWithValues: untouched.map { ($0, status(output.appendingPathComponent($0))) })
        let changedBefore = status(output.appendingPathComponent("articles/a/index.html"))

        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ntags: [x]", body: "Alpha with ~~new~~ text.")
        let outcome = try build(site, into: output)
        let written = try #require(report(outcome))
        #expect(written.written >= 1)
        #expect(written.unchanged > 0)
        for path in untouched {
            let now = status(output.appendingPathComponent(path))
            #expect(now?.modified == before[path]??.modified, "\(path) was rewritten")
            #expect(now?.inode == before[path]??.inode, "\(path) was replaced")
        }
        let page = try String(contentsOf: output.appendingPathComponent("articles/a/index.html"), encoding: .utf8)
        #expect(page.contains("<del>new</del>"))
        #expect(status(output.appendingPathComponent("articles/a/index.html"))?.inode != changedBefore?.inode)
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-old"))
    }

    @Test("a deleted article's page disappears from the output")
    func deletedArticle() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try build(site, into: output)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("articles/c/index.html").path))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/articles/c.md"))
        let outcome = try build(site, into: output)
        #expect(report(outcome)?.removed ?? 0 >= 1)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("articles/c/index.html").path))
    }

    @Test("changing a template invalidates the cache and the pages show the new template")
    func templateChange() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try build(site, into: output)
        try site.write("Templates/article.mustache", "{{<base}}{{$main}}<h1 class=\"new\">{{article.title}}</h1>{{/main}}{{/base}}")
        let outcome = try build(site, into: output)
        #expect(!isUpToDate(outcome))
        let page = try String(contentsOf: output.appendingPathComponent("articles/a/index.html"), encoding: .utf8)
        #expect(page.contains("<h1 class=\"new\">A</h1>"))
    }

    @Test("an output file changed by hand, or a different base URL, means building again")
    func outputAndOptions() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try build(site, into: output)
        try Data("edited".utf8).write(to: output.appendingPathComponent("articles/a/index.html"))
        #expect(!isUpToDate(try build(site, into: output)))
        #expect(try String(contentsOf: output.appendingPathComponent("articles/a/index.html"), encoding: .utf8) != "edited")
        var other = options(site)
        other.identity.baseURL = "https://preview.example.org/"
        #expect(!isUpToDate(try CachedBuild.run(other, output: output)))
        #expect(try String(contentsOf: output.appendingPathComponent("feed.xml"), encoding: .utf8).contains("https://preview.example.org/"))
    }

    @Test("an article scheduled for later appears once its date has passed, without any file changing")
    func scheduledArticle() throws {
        let site = try sampleSite()
        try site.article("later.md", "title: Later\ndate: 2026-11-23T15:00:00Z\ncategory: coffee-culture")
        let output = site.root.appendingPathComponent("public")
        _ = try build(site, into: output, now: "2026-11-23T10:00:00Z")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("articles/later/index.html").path))
        #expect(isUpToDate(try build(site, into: output, now: "2026-11-23T12:00:00Z")))
        #expect(!isUpToDate(try build(site, into: output, now: "2026-11-23T16:00:00Z")))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("articles/later/index.html").path))
    }

    @Test("a failed build leaves the previous output and cache as they were")
    func failedBuild() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try build(site, into: output)
        let before = try contents(of: output)
        try site.article("bad.md", "title: Bad\ndate: 14 marzo\ncategory: coffee-culture")
        guard case .failed(let result) = try build(site, into: output) else {
            Issue.record("expected the build to fail")
            return
        }
        #expect(result.diagnostics.errors.count == 1)
        #expect(try contents(of: output) == before)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/articles/bad.md"))
        #expect(isUpToDate(try build(site, into: output)))
    }

    @Test("the manifest file is read a chunk at a time: lines across chunks, a last line without its newline, no file at all")
    func manifestReadFromItsFile() throws {
        let site = try TestSite()
        var manifest = BuildManifest(key: "k")
        for index in 0..<200 {
            let path = "articles/article-\(index)/index.html"
            manifest.outputs[path] = .init(size: index, modified: 7, changed: 8, inode: 9, hash: StableDigest(of: path))
        }
        manifest.pageURLs["Content/articles/last one.md"] = "/articles/last-one/"
        let text = manifest.serialized()
        let file = site.root.appendingPathComponent("build.cache")
        try Data(text.utf8).write(to: file)
        // Chunks shorter than a line, a line's length, longer: every line cut somewhere, or none.
        for chunkSize in [1, 7, 64, 100, 4 << 20] {
            #expect(BuildManifest.parse(fileAt: file.path, chunkSize: chunkSize) == manifest, "chunks of \(chunkSize) bytes")
        }
        try Data(text.dropLast().utf8).write(to: file)
        #expect(BuildManifest.parse(fileAt: file.path, chunkSize: 64) == manifest)
        try Data((text + "odd line\n").utf8).write(to: file)
        #expect(BuildManifest.parse(fileAt: file.path, chunkSize: 64) == nil)
        #expect(BuildManifest.parse(fileAt: site.root.appendingPathComponent("none.cache").path) == nil)
    }

    @Test("the manifest reads back what it wrote, paths with spaces and newlines included")
    func manifestRoundTrip() throws {
        var manifest = BuildManifest(key: "k1")
        manifest.validUntil = Date(timeIntervalSince1970: 1_800_000_000.5)
        manifest.summary = "1 home, 2 article"
        manifest.warnings = ["Content/a.md:1:1: warning: odd \\ thing\nsecond line"]
        manifest.inputs["Content/articles/with space.md"] = .init(size: 12, modified: 1_700_000_000_123_456_789, hash: StableDigest(of: "abc"))
        manifest.outputs["articles/odd\nname/index.html"] = .init(size: 3, modified: 5, hash: StableDigest(of: "def"))
        // A CR LF pair is one Character: escaped all the same, or the manifest would break its line.
        manifest.outputs["articles/crlf\r\nname/index.html"] = .init(size: 4, modified: 6, hash: StableDigest(of: "fed"))
        manifest.pageURLs["Content/articles/with space.md"] = "/articles/with-space/"
        #expect(BuildManifest.parse(manifest.serialized()) == manifest)
        #expect(!manifest.serialized().utf8.contains(UInt8(ascii: "\r")))
        #expect(BuildManifest.parse("something else") == nil)
        // A build without the cache reads the page URLs and nothing of the records.
        var withoutRecords = manifest
        withoutRecords.inputs = [:]
        withoutRecords.outputs = [:]
        #expect(BuildManifest.parse(manifest.serialized(), withRecords: false) == withoutRecords)
        // A build that may find nothing changed reads the records and no page URL or fingerprint.
        manifest.pageFingerprints["articles/with-space/index.html"] = 42
        var withoutPages = manifest
        withoutPages.pageURLs = [:]
        withoutPages.pageFingerprints = [:]
        #expect(BuildManifest.parse(manifest.serialized(), withPages: false) == withoutPages)
        // Blank lines are skipped; a line of no known kind, or a record cut short, is no manifest.
        #expect(BuildManifest.parse(manifest.serialized().replacingOccurrences(of: "\nsummary", with: "\n\nsummary")) == manifest)
        #expect(BuildManifest.parse(manifest.serialized() + "odd line\n") == nil)
        #expect(BuildManifest.parse(manifest.serialized() + "out 3 5 0 0\n") == nil)
    }

    @Test("content hashes differ when one byte differs, and are stable")
    func contentHash() {
        let text = String(repeating: "Masthead builds sites. ", count: 100)
        #expect(StableHash.digest(text) == StableHash.digest(Data(text.utf8)))
        #expect(StableHash.digest(text) != StableHash.digest(text + "."))
        #expect(StableHash.digest("abc") != StableHash.digest("abd"))
        #expect(StableHash.digest("") != StableHash.digest("\0"))
        #expect(StableHash.digest("abc").count == 32)
    }
}

@Suite("Build cache: hashing large inputs")
struct StableHashFileTests {
    @Test("a file hashes the same read whole or in chunks of one, and chunked files differ when one byte does")
    func chunkedHash() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-hash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = Data((0..<10_000).map { UInt8($0 % 251) })
        try bytes.write(to: url)
        #expect(StableHash.digest(fileAt: url.path) == StableHash.digest(bytes))
        let chunked = StableHash.digest(fileAt: url.path, chunkSize: 1_000)
        #expect(chunked == StableHash.digest(fileAt: url.path, chunkSize: 1_000))
        bytes[9_999] ^= 1
        try bytes.write(to: url)
        #expect(StableHash.digest(fileAt: url.path, chunkSize: 1_000) != chunked)
    }
}
