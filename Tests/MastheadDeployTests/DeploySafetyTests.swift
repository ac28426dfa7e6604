import Foundation
import MastheadContent
import Testing

@testable import MastheadDeploy

/// The faults a magazine's deploys meet, each on a small site against moto's S3 server on loopback
/// (read back with boto3, Support/s3_client.py) or rsync to a folder: a build during a deploy, a
/// bucket shared with other files or another site, a bucket changed behind Masthead's back, cached
/// pages naming old assets, and output folders holding what the build did not write.
@Suite(.serialized) struct DeploySafetyTests {
    static let bucket = "magazine-www"
    static let credentials = S3DeployTests.credentials

    func target(_ server: MotoServer, prefix: String = "www") -> String {
        "s3://\(Self.bucket)/\(prefix)?endpoint=\(server.endpoint)&path_style=true&region=us-east-1"
    }

    func rootTarget(_ server: MotoServer) -> String {
        "s3://\(Self.bucket)?endpoint=\(server.endpoint)&path_style=true"
    }

    func deploy(_ site: GeneratedSite, _ arguments: [String], environment: [String: String] = credentials) throws -> ProcessRun {
        try Processes.masthead(["deploy", "--site", site.folder.path] + arguments, environment: environment)
    }

    /// Every key under `prefix` (without it) and its SHA-256, the deploy record left out.
    func remote(_ server: MotoServer, prefix: String = "www") throws -> [String: String] {
        var files: [String: String] = [:]
        for (key, object) in try server.dump(Self.bucket) where key.hasPrefix(prefix + "/") && !key.hasSuffix("/" + DeployRecord.fileName) {
            files[String(key.dropFirst(prefix.count + 1))] = object.sha256
        }
        return files
    }

    func differing(_ left: [String: String], _ right: [String: String]) -> [String] {
        Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }

    @Test func aBuildDuringADeployWaitsOrRefusesAndTheBucketHoldsOneBuildByteForByte() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let site = try GeneratedSite(articles: 60)
        defer { site.remove() }
        try site.build()
        let first = try site.outputFiles()
        let running = try Processes.start(
            Repository.masthead.path, ["deploy", "--site", site.folder.path, target(server)], environment: Self.credentials)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, running.process.isRunning, (try? server.count(Self.bucket)) ?? 0 < 10 { usleep(50_000) }
        #expect(running.process.isRunning, "the deploy ended before the build started: make the site larger")
        // An editor saves an article and a build runs while the files go up.
        let article = try site.articles()[1]
        try (try String(contentsOf: article, encoding: .utf8) + "\nA sentence saved mid-deploy.\n").write(
            to: article, atomically: true, encoding: .utf8)
        let build = try Processes.masthead(["build", "--site", site.folder.path, "--quiet"])
        let deployed = Processes.finish(running)
        #expect(deployed.status == 0, "\(deployed.errors)")
        #expect(
            build.status == 0
                || build.errors.contains("another masthead deploy of this site is running (process \(running.process.processIdentifier))"),
            "\(build.errors)")
        let wrong = differing(try remote(server), first)
        #expect(wrong.isEmpty, "the bucket is not the first build's output: \(wrong.prefix(5))")
    }

    /// What the build lock cannot stop: another program rewriting the output. Whether it is caught by the time
    /// (before the plan) or by the hash (as the file is read for its upload), nothing with its bytes goes up.
    @Test func aFileChangedAfterTheBuildStopsTheDeployNamingIt() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        try site.build()
        let home = site.output.appendingPathComponent("index.html")
        var bytes = try Data(contentsOf: home)
        let index = bytes.firstIndex(of: UInt8(ascii: "<"))!
        bytes[index + 1] = bytes[index + 1] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        try bytes.write(to: home)
        let run = try deploy(site, [target(server)])
        #expect(run.status == 1)
        #expect(run.errors.contains("\(site.output.path)/index.html changed since masthead build wrote it"), "\(run.errors)")
        #expect(try server.dump(Self.bucket)["www/index.html"] == nil)
    }

    @Test func theBytesSentAreTheBytesHashed() throws {
        let site = try GeneratedSite(articles: 2)
        defer { site.remove() }
        try site.build()
        let output = try LocalOutput.load(siteFolder: SiteFolder(site.folder), output: site.output)
        let home = try #require(output.files.first { $0.path == "index.html" })
        #expect(try output.contents(of: home) == (try Data(contentsOf: site.output.appendingPathComponent("index.html"))))
        // Rewritten after the plan was made: same size, but other bytes and a new time.
        var bytes = try Data(contentsOf: site.output.appendingPathComponent("index.html"))
        bytes[bytes.startIndex + 1] = bytes[bytes.startIndex + 1] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        try bytes.write(to: site.output.appendingPathComponent("index.html"))
        #expect(throws: DeployError.self) { try output.contents(of: home) }
    }

    @Test func aFirstDeployBesideAHundredForeignObjectsDeletesNone() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        #expect(try server.client(["put-many", Self.bucket, "", "100"]).status == 0)
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        try site.build()
        let refused = try deploy(site, [rootTarget(server)])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains(
                "the target is not empty and no deploy of this site wrote it (it has no .masthead-deploy): 100 files are there "
                    + "(backup-0000.bak, backup-0001.bak"), "\(refused.errors)")
        #expect(refused.errors.contains("--adopt"))
        #expect(try server.count(Self.bucket) == 100, "the refusal wrote nothing")

        let adopted = try deploy(site, [rootTarget(server), "--adopt", "--prune-now"])
        #expect(adopted.status == 0, "\(adopted.errors)")
        try FileManager.default.removeItem(at: try site.articles()[0])
        try site.build()
        let again = try DeployJSON.parse(try deploy(site, [rootTarget(server), "--format", "json", "--prune-now"]))
        #expect(again.status == "deployed", "\(again.diagnostics.map(\.message))")
        #expect(again.deletions?.contains { $0.hasPrefix("backup-") } == false)
        let after = try server.dump(Self.bucket)
        #expect(after.keys.filter { $0.hasPrefix("backup-") }.count == 100)
    }

    @Test func anotherSitesTargetIsRefusedBeforeAnyUpload() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let magazine = try GeneratedSite(articles: 3)
        defer { magazine.remove() }
        try magazine.build()
        #expect(try deploy(magazine, [target(server)]).status == 0)
        let home = try server.dump(Self.bucket)["www/index.html"]

        let other = try GeneratedSite(articles: 4)
        defer { other.remove() }
        let config = other.folder.appendingPathComponent("Content/site.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "https://magazine.example.com/", with: "https://other.example.org/").write(
            to: config, atomically: true, encoding: .utf8)
        try other.build()
        let refused = try deploy(other, [target(server)])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains(
                "the target holds the site https://magazine.example.com/ (its deploy record), not https://other.example.org/: "
                    + "nothing was uploaded or deleted"), "\(refused.errors)")
        #expect(try server.dump(Self.bucket)["www/index.html"] == home, "the other site's home page was replaced")
    }

    @Test func verifyRepairsABucketChangedBehindMastheadsBackAndRebuildsItsRecord() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        try site.build()
        let local = try site.outputFiles()
        #expect(try deploy(site, [target(server)]).status == 0)
        let claimed = try server.dump(Self.bucket)["www/index.html"]?.metadata["masthead-hash"] ?? ""
        // Other bytes under the home page, claiming the right hash; a stylesheet gone.
        let stylesheet = local.keys.filter { $0.hasSuffix(".css") }.sorted().first ?? "index.xml"
        #expect(try server.client(["put-claiming", Self.bucket, "www/index.html", "damaged", claimed]).status == 0)
        #expect(try server.client(["delete", Self.bucket, "www/" + stylesheet]).status == 0)
        let trusting = try DeployJSON.parse(try deploy(site, [target(server), "--dry-run", "--format", "json"]))
        // Without --verify the claimed hash is believed: the home page goes up again only for its headers.
        #expect(trusting.uploads?.first { $0.path == "index.html" }?.reason != "differs on the target")

        let verified = try DeployJSON.parse(try deploy(site, [target(server), "--verify", "--format", "json"]))
        #expect(verified.status == "deployed", "\(verified.diagnostics.map(\.message))")
        #expect(verified.uploads?.first { $0.path == "index.html" }?.reason == "differs on the target")
        #expect(Set(verified.uploads?.map(\.path) ?? []) == ["index.html", stylesheet])
        #expect(differing(try remote(server), local).isEmpty)

        // A record damaged, then deleted: refused without --verify, rebuilt from the bucket with it.
        #expect(try server.client(["put", Self.bucket, "www/.masthead-deploy", "not a record"]).status == 0)
        let damaged = try deploy(site, [target(server)])
        #expect(damaged.status == 1)
        #expect(damaged.errors.contains("the target's deploy record (.masthead-deploy) cannot be read"), "\(damaged.errors)")
        #expect(try deploy(site, [target(server), "--verify"]).status == 0)
        #expect(try server.client(["delete", Self.bucket, "www/.masthead-deploy"]).status == 0)
        let rebuilt = try DeployJSON.parse(try deploy(site, [target(server), "--verify", "--format", "json"]))
        #expect(rebuilt.status == "deployed", "\(rebuilt.diagnostics.map(\.message))")
        #expect(rebuilt.uploads?.map(\.path) == [])
        let after = try DeployJSON.parse(try deploy(site, [target(server), "--format", "json"]))
        #expect(after.uploads?.map(\.path) == [])
        #expect(differing(try remote(server), local).isEmpty)
    }

    @Test func oldAssetsOutliveThePagesThatMayCacheThem() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        try site.appendSiteYML(
            """
            deploy:
              production:
                url: \(target(server))
                headers:
                  - match: "*.html"
                    cache_control: public, max-age=20
                  - match: "search/index.json"
                    cache_control: public, max-age=20
            """)
        let stylesheet = site.folder.appendingPathComponent("Content/static/styles/old-theme.css")
        try FileManager.default.createDirectory(at: stylesheet.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "body { color: brown }".write(to: stylesheet, atomically: true, encoding: .utf8)
        try site.build()
        #expect(try deploy(site, []).status == 0)
        #expect(try server.dump(Self.bucket)["www/styles/old-theme.css"] != nil)

        try FileManager.default.removeItem(at: stylesheet)
        try site.build()
        let replaced = try DeployJSON.parse(try deploy(site, ["--format", "json"]))
        #expect(replaced.status == "deployed", "\(replaced.diagnostics.map(\.message))")
        #expect(replaced.deletions == [])
        #expect(try server.dump(Self.bucket)["www/styles/old-theme.css"] != nil, "deleted while a cached page may still ask for it")
        let early = try DeployJSON.parse(try deploy(site, ["--format", "json"]))
        #expect(early.deletions == [])
        sleep(21)
        let later = try DeployJSON.parse(try deploy(site, ["--format", "json"]))
        #expect(later.deletions == ["styles/old-theme.css"])
        #expect(try server.dump(Self.bucket)["www/styles/old-theme.css"] == nil)
        #expect(differing(try remote(server), try site.outputFiles()).isEmpty)
    }

    @Test func endpointsThatCannotWorkAreExplained() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let site = try GeneratedSite(articles: 2)
        defer { site.remove() }
        try site.build()
        // Virtual-host style on an IP address: BUCKET.127.0.0.1 is no host.
        let virtualHost = try deploy(site, ["s3://\(Self.bucket)?endpoint=\(server.endpoint)"])
        #expect(virtualHost.status == 1)
        #expect(virtualHost.errors.contains("add path_style=true to the target URL"), "\(virtualHost.errors)")
        // A refused connection, reported at once.
        let closedPort = try Processes.freePort()
        let started = Date()
        let refused = try deploy(site, ["s3://\(Self.bucket)?endpoint=http://127.0.0.1:\(closedPort)&path_style=true"])
        #expect(refused.errors.contains("cannot connect to http://127.0.0.1:\(closedPort): connection refused"))
        #expect(Date().timeIntervalSince(started) < 5, "a refused connection took \(Date().timeIntervalSince(started)) s to report")
        // (A web server answering a bare 404 is explained as no S3 endpoint, not a missing bucket: S3Client.send. Its test,
        // against python3 -m http.server, hung the suite once and was taken out.)
    }

    @Test func aFileTheBuildDidNotWriteAndANameWithANewlineAreErrorsNamingThem() throws {
        let site = try GeneratedSite(articles: 2)
        defer { site.remove() }
        let folder = site.folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try site.build()
        try "by hand".write(to: site.output.appendingPathComponent("extra.txt"), atomically: true, encoding: .utf8)
        let extra = try deploy(site, ["file://\(folder.path)"])
        #expect(extra.status == 1)
        #expect(extra.errors.contains("\(site.output.path)/extra.txt was not written by masthead build"), "\(extra.errors)")
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("extra.txt"))

        try "odd".write(to: site.folder.appendingPathComponent("Content/static/two\nlines.txt"), atomically: true, encoding: .utf8)
        let build = try Processes.masthead(["build", "--site", site.folder.path, "--quiet"])
        let newline = build.status == 0 ? try deploy(site, ["file://\(folder.path)"]) : build
        #expect(newline.status == 1)
        #expect(newline.errors.contains("two\\nlines.txt"), "\(newline.errors)")
    }

    @Test func aBuildStoppedWhilePuttingItsFilesInPlaceIsNotDeployedUntilTheNextBuildFinishesIt() throws {
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        let folder = site.folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try site.build()
        // What a build killed during its commit leaves: one file renamed into place, the journal and the rest staged.
        let staging = site.output.path + ".masthead-new"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try Data("masthead-commit 1\n".utf8).write(to: URL(fileURLWithPath: staging + "/.masthead-commit"))
        try Data("<p>staged</p>".utf8).write(to: URL(fileURLWithPath: staging + "/404.html"))
        try Data("<p>moved in</p>".utf8).write(to: URL(fileURLWithPath: staging + "/index.html"))
        #expect(rename(staging + "/index.html", site.output.path + "/index.html") == 0)
        let refused = try deploy(site, ["file://\(folder.path)"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("\(site.output.path)/index.html changed since masthead build wrote it"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
        // The next build finishes the commit, then writes again what its own site differs in.
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: staging))
        let run = try deploy(site, ["file://\(folder.path)"])
        #expect(run.status == 0, "\(run.errors)")
        let published = try Data(contentsOf: folder.appendingPathComponent("index.html"))
        #expect(published == (try Data(contentsOf: site.output.appendingPathComponent("index.html"))))
        #expect(!String(decoding: published, as: UTF8.self).contains("moved in"))
    }

    @Test func rsyncDeletionsRemoveTheFoldersTheyEmptied() throws {
        let site = try GeneratedSite(articles: 2)
        defer { site.remove() }
        let folder = site.folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = site.folder.appendingPathComponent("Content/static/press/2025/kit.txt")
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "kit".write(to: old, atomically: true, encoding: .utf8)
        try site.build()
        #expect(try deploy(site, ["file://\(folder.path)"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("press/2025/kit.txt").path))
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("Content/static/press"))
        try site.build()
        let run = try deploy(site, ["file://\(folder.path)", "--prune-now"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("press").path), "an emptied folder was left")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
    }
}
