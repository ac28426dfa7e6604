import Foundation
import Testing

@testable import MastheadDeploy

/// The deploy's lists are sorted files compared by merge joins (`RowFile`, `RowCursor`): the same
/// plan as a comparison of whole dictionaries, in memory that does not grow with the site.
@Suite struct StreamingDeployTests {
    /// S3 lists keys in the order of their UTF-8 bytes: upper case before lower, `-` and `.` before `/`,
    /// and an NFD name (e + combining accent) apart from, and before, its NFC form.
    @Test func rowsAreSortedByTheBytesOfTheirPaths() throws {
        let nfc = "caf\u{E9}.html"
        let nfd = "cafe\u{301}.html"
        #expect(nfc == nfd, "Swift's == takes them as one name: the deploy compares bytes instead")
        let paths = ["b.html", "日本/記事.html", nfc, "a/b", "B.html", "a.b", nfd, "a-b/c", "Z/a", "a/b/c", "é"]
        let sorted = Array(try RowFile.sorted(paths))
        #expect(sorted == ["B.html", "Z/a", "a-b/c", "a.b", "a/b", "a/b/c", "b.html", nfd, nfc, "é", "日本/記事.html"])
        #expect(sorted == paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        var cursor = RowCursor(try RowFile.sorted(paths))
        #expect(cursor.find(nfd) == nfd)
        #expect(cursor.find(nfc) == nfc)
        #expect(cursor.find("zzz") == nil)
    }

    @Test func aListLargerThanARunIsSortedOnDiskAndEachPathKeptOnce() throws {
        var generator = SystemRandomNumberGenerator()
        let paths = (0..<5000).map { _ in "f/\(Int.random(in: 0..<3000, using: &generator)).html" }
        let sorter = try RowSorter<String>(runBytes: 2000)
        for path in paths { try sorter.add(path) }
        let sorted = try sorter.finish()
        let expected = Set(paths).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(Array(sorted) == expected)
        #expect(sorted.count == expected.count)
    }

    @Test func fieldsWithTabsNewlinesAndBackslashesReadBackAsWritten() throws {
        let files = [
            RemoteFile(
                path: "a\tb\\c\nd.html", size: 3, hash: nil, headers: .init(contentType: "text/html", cacheControl: ""), owned: false,
                deleteAfter: Date(timeIntervalSince1970: 1_700_000_000.5), differs: true, etag: "\"x\""),
            RemoteFile(path: "z.css", size: 0, hash: "", headers: nil)
        ]
        #expect(Array(try RowFile.sorted(files)) == files)
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A site and a target with a file of each kind the plan tells apart.
    static func everyCase() -> (local: [LocalFile], remote: [RemoteFile], rules: DeployRules) {
        let rules = DeployRules(
            keep: [PathGlob("downloads/**")], headers: HeaderRules(rules: [.init(match: PathGlob("media/**"), cacheControl: "public, max-age=60")]))
        func there(_ path: String, _ hash: String?, owned: Bool = true, deleteAfter: Date? = nil, differs: Bool = false) -> RemoteFile {
            RemoteFile(
                path: path, size: 1, hash: hash, headers: rules.headers.headers(for: path), owned: owned, deleteAfter: deleteAfter, differs: differs)
        }
        let local = [
            "index.html", "new.html", "changed.css", "media/a.png", "repaired.html", "same.js", "Écrit.html", "feed.xml"
        ].map { LocalFile(path: $0, size: 1, hash: "h-" + $0) }
        var remote = [
            there("index.html", "h-index.html"), there("changed.css", "old"), there("same.js", "h-same.js"),
            there("repaired.html", "h-repaired.html", differs: true), there("feed.xml", "h-feed.xml"), there("gone.html", "x"),
            there("old-theme.css", "x"), there("older-theme.css", "x", deleteAfter: now.addingTimeInterval(-1)),
            there("downloads/kit.zip", "x"), there("backup.tar", nil, owned: false), there(DeployRecord.fileName, nil)
        ]
        // Same bytes, but the media rule gives other headers than the ones recorded.
        remote.append(RemoteFile(path: "media/a.png", size: 1, hash: "h-media/a.png", headers: HeaderRules().headers(for: "media/a.png")))
        return (local.reversed(), remote.shuffled(), rules)
    }

    @Test func theMergeJoinPlansEachKindOfFile() throws {
        let (local, remote, rules) = Self.everyCase()
        let plan = try DeployPlan.make(local: local, remote: remote, rules: rules, now: Self.now)
        #expect(plan.uploads.map(\.path) == ["changed.css", "media/a.png", "new.html", "repaired.html", "Écrit.html"])
        #expect(plan.uploads.map(\.reason) == [.changed, .headers, .new, .repair, .new])
        #expect(plan.uploads.map(\.stage) == [.assets, .assets, .pages, .pages, .pages])
        #expect(plan.uploadCount(in: .assets) == 2 && plan.uploadCount(in: .pages) == 3 && plan.uploadCount(in: .indexes) == 0)
        #expect(plan.unchanged == 3)
        #expect(Array(plan.deletions) == ["gone.html", "older-theme.css"])
        #expect(plan.postponed.map(\.path) == ["old-theme.css"])
        #expect(plan.postponed.first?.due == Self.now.addingTimeInterval(TimeInterval(plan.graceSeconds)))
        #expect(Array(plan.kept) == ["downloads/kit.zip"])
        #expect(Array(plan.foreign) == ["backup.tar"])
    }

    /// The plan of the merge join equals that of the comparison in memory it replaced, on random sites.
    @Test func theMergeJoinPlansWhatTheDictionariesPlanned() throws {
        let (local, remote, rules) = Self.everyCase()
        try expectSamePlan(local: local, remote: remote, rules: rules)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let names = (0..<200).map { "d\($0 % 7)/\(["a", "B", "é", "e\u{301}", "z"][$0 % 5])\($0).\(["html", "css", "xml", "png"][$0 % 4])" }
            let local = names.filter { _ in Bool.random(using: &generator) }.map { LocalFile(path: $0, size: 1, hash: Bool.random() ? "h" : "k") }
            let remote = names.filter { _ in Bool.random(using: &generator) }.map {
                RemoteFile(
                    path: $0, size: 1, hash: Bool.random() ? "h" : nil, headers: Bool.random() ? rules.headers.headers(for: $0) : nil,
                    owned: Int.random(in: 0..<4) > 0, deleteAfter: Bool.random() ? Self.now.addingTimeInterval(.random(in: -100...100)) : nil,
                    differs: Int.random(in: 0..<10) == 0)
            }
            try expectSamePlan(local: local.shuffled(), remote: remote.shuffled(), rules: rules)
        }
    }

    func expectSamePlan(local: [LocalFile], remote: [RemoteFile], rules: DeployRules) throws {
        let plan = try DeployPlan.make(local: local, remote: remote, rules: rules, now: Self.now)
        let oracle = DictionaryPlan(local: local, remote: remote, rules: rules, now: Self.now)
        #expect(plan.uploads.map { "\($0.stage) \($0.path) \($0.reason)" } == oracle.uploads)
        #expect(plan.unchanged == oracle.unchanged)
        #expect(Array(plan.deletions) == oracle.deletions)
        #expect(plan.postponed.map { "\($0.path) \($0.due.timeIntervalSince1970)" } == oracle.postponed)
        #expect(Array(plan.kept) == oracle.kept)
        #expect(Array(plan.foreign) == oracle.foreign)
    }

    /// The plan as it was made before it streamed: dictionaries of every file (names compared byte for byte).
    struct DictionaryPlan {
        var uploads: [String] = []
        var unchanged = 0
        var deletions: [String] = []
        var postponed: [String] = []
        var kept: [String] = []
        var foreign: [String] = []

        init(local: [LocalFile], remote: [RemoteFile], rules: DeployRules, now: Date) {
            func bytes(_ path: String) -> [UInt8] { Array(path.utf8) }
            func order(_ a: String, _ b: String) -> Bool { bytes(a).lexicographicallyPrecedes(bytes(b)) }
            var remoteByPath: [[UInt8]: RemoteFile] = [:]
            for file in remote { remoteByPath[bytes(file.path)] = file }
            let localPaths = Set(local.map { bytes($0.path) })
            var planned: [(DeployPlan.Stage, String, DeployPlan.Reason)] = []
            for file in local where !DeployPlan.reserved.contains(file.path) {
                let headers = rules.headers.headers(for: file.path)
                let reason: DeployPlan.Reason
                if let there = remoteByPath[bytes(file.path)] {
                    if there.differs {
                        reason = .repair
                    } else if there.hash != file.hash || there.size != file.size {
                        reason = .changed
                    } else if there.headers != headers {
                        reason = .headers
                    } else {
                        unchanged += 1
                        continue
                    }
                } else {
                    reason = .new
                }
                planned.append((DeployPlan.stage(of: file.path), file.path, reason))
            }
            planned.sort { $0.0 == $1.0 ? order($0.1, $1.1) : $0.0 < $1.0 }
            uploads = planned.map { "\($0.0) \($0.1) \($0.2)" }
            let grace = DeployPlan.graceSeconds(local: local, rules: rules.headers)
            for file in remote.sorted(by: { order($0.path, $1.path) })
            where !localPaths.contains(bytes(file.path)) && !DeployPlan.reserved.contains(file.path) {
                if rules.keep.contains(where: { $0.matches(file.path) }) {
                    kept.append(file.path)
                } else if !file.owned {
                    foreign.append(file.path)
                } else if grace == 0 || DeployPlan.stage(of: file.path) != .assets {
                    deletions.append(file.path)
                } else {
                    let due = file.deleteAfter ?? now.addingTimeInterval(TimeInterval(grace))
                    if due <= now {
                        deletions.append(file.path)
                    } else {
                        postponed.append("\(file.path) \(Date(timeIntervalSince1970: due.timeIntervalSince1970.rounded(.up)).timeIntervalSince1970)")
                    }
                }
            }
        }
    }

    /// After deletions, rsync removes the folders left empty: found in one pass over the sorted listing.
    @Test func theFoldersDeletionsEmptyAreFoundDeepestFirst() throws {
        let listing = [
            "a/", "a/b/", "a/b/c/", "a/b/c/old.css", "a/b/gone.png", "a/b.txt", "keep/", "keep/x/", "keep/x/old.js", "keep/stays.html",
            "empty/", "half/", "half/old.css", "half/new/", "index.html", "half/new/page.html"
        ].map { ListedFile(path: $0, size: 0) }
        let deleted = ["a/b/c/old.css", "a/b/gone.png", "half/old.css", "keep/x/old.js"]
        let emptied = try RsyncDestination.emptiedFolders(listing: try RowFile.sorted(listing), deleted: deleted).map(Array.init)
        #expect(emptied == [["a/b/c"], ["a/b", "keep/x"]], "a keeps a/b.txt, keep keeps stays.html, half keeps new/page.html")
    }

    /// A deploy killed with `kill -9` cannot remove its temporary files: the next one removes the folder of a process
    /// that is gone, and leaves a running process's folder and every other name alone.
    @Test func aKilledDeploysTemporaryFolderIsRemovedByTheNextDeploy() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let names = [
            "masthead-deploy-\(exited.processIdentifier)", "masthead-deploy-1", "masthead-deploy-\(getpid())",
            "masthead-deploy-notes", "other-\(exited.processIdentifier)"
        ]
        for name in names {
            try FileManager.default.createDirectory(at: temporary.appendingPathComponent(name + "/rows"), withIntermediateDirectories: true)
        }
        DeployScratch.removeAbandoned(in: temporary)
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
        #expect(left == names.dropFirst().sorted(), "only the folder of the process that exited is removed")
        #expect(DeployScratch.folder.lastPathComponent == "masthead-deploy-\(getpid())")
        #expect(LineWriter.temporaryURL().path.hasPrefix(DeployScratch.folder.path + "/"), "rows are written in that folder")
    }
}
