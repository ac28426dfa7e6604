import Foundation
import Testing

@testable import MastheadDeploy

@Suite struct DeployPlanTests {
    static let html = HeaderRules.Headers(contentType: "text/html; charset=utf-8", cacheControl: HeaderRules.short)

    func local(_ files: [(String, String)]) -> [LocalFile] {
        files.map { LocalFile(path: $0.0, size: $0.1.count, hash: "h-" + $0.1) }
    }

    func remote(_ files: [(String, String)], rules: HeaderRules = HeaderRules()) -> [RemoteFile] {
        files.map { RemoteFile(path: $0.0, size: $0.1.count, hash: "h-" + $0.1, headers: rules.headers(for: $0.0)) }
    }

    @Test func uploadsNewAndChangedFilesInStagesAndLeavesTheRestAlone() throws {
        let plan = try DeployPlan.make(
            local: local([
                ("index.html", "home v2"), ("feed.xml", "feed v2"), ("css/site.css", "css"), ("articles/moka/index.html", "moka"),
                ("images/moka.webp", "img"), ("_redirects", "r"), ("search/shard-0.json", "s"), ("sitemap.xml", "map")
            ]),
            remote: remote([("index.html", "home v1"), ("css/site.css", "css"), ("feed.xml", "feed v1"), ("sitemap.xml", "map")]),
            rules: DeployRules())
        #expect(
            plan.uploads.map(\.path) == [
                "images/moka.webp", "search/shard-0.json", "articles/moka/index.html", "index.html", "_redirects", "feed.xml"
            ])
        #expect(plan.uploads.map(\.reason) == [.new, .new, .new, .changed, .new, .changed])
        #expect(plan.uploads.map(\.stage) == [.assets, .assets, .pages, .pages, .indexes, .indexes])
        #expect(plan.unchanged == 2)
        #expect(plan.deletions.isEmpty)
    }

    @Test func deletesWhatTheSiteNoLongerHasExceptKeptPathsAndReservedFiles() throws {
        let rules = DeployRules(keep: [PathGlob("downloads/**"), PathGlob("*.pdf")])
        let plan = try DeployPlan.make(
            local: local([("index.html", "home"), (".masthead-output", "marker")]),
            remote: remote([
                ("index.html", "home"), ("old/index.html", "old"), ("downloads/a/b.zip", "zip"), ("press/kit.pdf", "pdf"),
                (".masthead-deploy", "record"), ("zzz.html", "z")
            ]),
            rules: rules)
        #expect(plan.uploads.isEmpty)
        #expect(Array(plan.deletions) == ["old/index.html", "zzz.html"])
        #expect(Array(plan.kept) == ["downloads/a/b.zip", "press/kit.pdf"])
        #expect(!plan.deletionsNeedConfirmation)
    }

    @Test func moreDeletionsThanMaxDeletesNeedConfirmation() throws {
        let remoteFiles = (0..<5).map { ("gone-\($0).html", "x") }
        let plan = try DeployPlan.make(local: [], remote: remote(remoteFiles), rules: DeployRules(maxDeletes: 4))
        #expect(plan.deletions.count == 5)
        #expect(plan.deletionsNeedConfirmation)
        let atLimit = try DeployPlan.make(local: [], remote: remote(Array(remoteFiles.prefix(4))), rules: DeployRules(maxDeletes: 4))
        #expect(!atLimit.deletionsNeedConfirmation)
    }

    @Test func aNewHeaderRuleForcesTheUploadOfTheFilesItMatches() throws {
        let rules = DeployRules(headers: HeaderRules(rules: [.init(match: PathGlob("media/**"), cacheControl: "public, max-age=86400")]))
        let plan = try DeployPlan.make(
            local: local([("media/a.png", "a"), ("index.html", "i")]), remote: remote([("media/a.png", "a"), ("index.html", "i")]),
            rules: rules)
        #expect(plan.uploads.map(\.path) == ["media/a.png"])
        #expect(plan.uploads.first?.reason == .headers)
        #expect(plan.uploads.first?.headers.cacheControl == "public, max-age=86400")
    }

    @Test func aRemoteFileWithoutARecordedHashIsUploadedAgain() throws {
        let plan = try DeployPlan.make(
            local: local([("index.html", "home")]), remote: [RemoteFile(path: "index.html", size: 4, hash: nil, headers: nil)],
            rules: DeployRules())
        #expect(plan.uploads.map(\.reason) == [.changed])
    }

    @Test func theDefaultHeadersSuitAMagazine() {
        let rules = HeaderRules()
        #expect(rules.headers(for: "articles/moka/index.html") == Self.html)
        #expect(rules.headers(for: "feed.xml").contentType == "application/xml; charset=utf-8")
        #expect(rules.headers(for: "feed.xml").cacheControl == HeaderRules.short)
        #expect(rules.headers(for: "css/site.css").cacheControl == HeaderRules.medium)
        #expect(rules.headers(for: "css/site.css").contentType == "text/css; charset=utf-8")
        #expect(rules.headers(for: "images/moka-800.webp") == .init(contentType: "image/webp", cacheControl: HeaderRules.long))
        #expect(rules.headers(for: "images/moka-800-3fa9c1d2e4.webp").cacheControl == HeaderRules.immutable)
        #expect(rules.headers(for: "assets/site.3fa9c1d2.css").cacheControl == HeaderRules.immutable)
        #expect(rules.headers(for: "_redirects").contentType == "text/plain; charset=utf-8")
        // A word of eight letters is not a hash.
        #expect(rules.headers(for: "images/facebook.png").cacheControl == HeaderRules.long)
    }

    @Test func globsMatchAsDocumented() {
        #expect(PathGlob("*.pdf").matches("press/2026/kit.pdf"))
        #expect(!PathGlob("*.pdf").matches("press/kit.pdf.html"))
        #expect(PathGlob("downloads/**").matches("downloads/a/b/c.zip"))
        #expect(!PathGlob("downloads/**").matches("other/downloads/a.zip"))
        #expect(PathGlob("downloads/*.zip").matches("downloads/a.zip"))
        #expect(!PathGlob("downloads/*.zip").matches("downloads/x/a.zip"))
        #expect(PathGlob("**/index.html").matches("index.html"))
        #expect(PathGlob("/articles/**").matches("articles/a/index.html"))
        #expect(PathGlob("img-??.png").matches("img-01.png"))
    }

    @Test func theRecordReadsBackWhatItWrote() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let entries = [
            DeployRecord.Entry(path: "a b/c\td.html", hash: "abc", size: 3, etag: "\"e\"", headers: Self.html),
            DeployRecord.Entry(path: "z.css", hash: "def", size: 10, etag: "", headers: .init(contentType: "text/css", cacheControl: "x"))
        ]
        let pending = [PendingDeletion(path: "old.css", due: Date(timeIntervalSince1970: 1_800_000_000))]
        try DeployRecord.write(site: "https://magazine.example/", entries: entries, pending: pending, to: file)
        let record = try #require(try DeployRecord.read(from: file))
        #expect(record.site == "https://magazine.example/")
        #expect(Array(record.entries) == entries)
        #expect(Array(record.pendingDeletions) == pending)
        try Data("something else\n".utf8).write(to: file)
        #expect(try DeployRecord.read(from: file) == nil)
    }
}

@Suite struct DeployTargetTests {
    @Test func readsTheThreeKindsOfURL() throws {
        let s3 = try DeployTarget.parse(url: "s3://www-bucket/site/en/?region=eu-south-1&endpoint=http://127.0.0.1:9000&path_style=true")
        #expect(
            s3.location
                == .s3(
                    .init(
                        bucket: "www-bucket", prefix: "site/en", region: "eu-south-1", endpoint: URL(string: "http://127.0.0.1:9000"), pathStyle: true
                    )))
        let ssh = try DeployTarget.parse(url: "ssh://deploy@example.org:2222/srv/www")
        #expect(ssh.location == .rsync(.init(user: "deploy", host: "example.org", port: 2222, path: "/srv/www")))
        if case .rsync(let location) = ssh.location { #expect(location.rsyncDestination == "deploy@example.org:/srv/www/") }
        let file = try DeployTarget.parse(url: "file:///var/www/site")
        #expect(file.location == .rsync(.init(user: nil, host: nil, port: nil, path: "/var/www/site")))
    }

    @Test(arguments: [
        (
            "s3://bucket?endpoint=localhost:9000",
            "deploy target s3://bucket?endpoint=localhost:9000: endpoint \"localhost:9000\" is not an http:// or https:// URL with a host, "
                + "like https://s3.example.com"
        ),
        ("s3://bucket?colour=red", "deploy target s3://bucket?colour=red: unknown option \"colour\" (known: region, endpoint, path_style, ca_file)"),
        ("ftp://host/x", "deploy target ftp://host/x: unknown kind of target \"ftp://\" (s3://, ssh:// or file://)"),
        ("ssh://host", "deploy target ssh://host: the URL names no folder: ssh://[USER@]HOST[:PORT]/PATH (the whole file system is never a target)"),
        ("s3://bucket?path_style=maybe", "deploy target s3://bucket?path_style=maybe: path_style is true or false, got \"maybe\"")
    ])
    func malformedURLsAreExplained(_ url: String, _ message: String) {
        #expect(throws: DeployError(message)) { try DeployTarget.parse(url: url) }
    }

    @Test func readsTargetsFromSiteYMLWithPositions() {
        let yaml = """
            title: Test
            deploy:
              production:
                url: s3://www/site?region=eu-south-1
                max_deletes: 10
                keep: ["downloads/**"]
                headers:
                  - match: "media/**"
                    cache_control: public, max-age=86400
              mirror:
                url: ssh://me@example.org/srv/www
              broken:
                url: s3://bucket?endpoint=nope
                max_delete: 3
            """
        let (targets, diagnostics) = DeployConfigReader.parse(yaml)
        #expect(targets.map(\.name) == ["production", "mirror"])
        #expect(targets.first?.rules.maxDeletes == 10)
        #expect(targets.first?.rules.keep == [PathGlob("downloads/**")])
        #expect(targets.first?.rules.headers.headers(for: "media/a.png").cacheControl == "public, max-age=86400")
        #expect(
            diagnostics.map(\.description) == [
                "Content/site.yml:13:10: error: url: endpoint \"nope\" is not an http:// or https:// URL with a host, like https://s3.example.com",
                "Content/site.yml:14:5: warning: unknown deploy target key 'max_delete'; did you mean 'max_deletes'?"
            ])
    }

    @Test func resolvesNamesURLsAndTheDefault() throws {
        let (targets, _) = DeployConfigReader.parse("deploy:\n  first:\n    url: file:///srv/a\n  second:\n    url: file:///srv/b\n")
        #expect(try DeployTargetResolver.resolve(nil, configured: targets).name == "first")
        #expect(try DeployTargetResolver.resolve("second", configured: targets).name == "second")
        #expect(try DeployTargetResolver.resolve("file:///srv/c", configured: targets).name == "file:///srv/c")
        #expect(
            throws: DeployError("unknown deploy target third: site.yml names first, second; or give a URL like s3://BUCKET/PREFIX or ssh://HOST/PATH")
        ) {
            try DeployTargetResolver.resolve("third", configured: targets)
        }
    }
}
