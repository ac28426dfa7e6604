import Foundation
import MastheadContent
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Change detection that times cannot fool (issue 57): inputs and the output folder's files are
/// compared by size, modification time, change time and inode, as git compares its index with
/// the work tree, and the output folder holds only what the build wrote.
@Suite("Build cache: edits with their time set back, files the build did not write")
struct ChangeDetectionTests {
    let cache = CacheTests()

    /// Sets a file's modification (and access) time back to `status`'s.
    func restoreTime(_ path: String, to status: FileStatus) {
        let seconds = Int(status.modified / 1_000_000_000)
        let nanoseconds = Int(status.modified % 1_000_000_000)
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// Writes `text` over the file (same inode), then sets its time back.
    func editKeepingTime(_ url: URL, _ text: String) throws {
        let before = try #require(FileStatus(path: url.path))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        restoreTime(url.path, to: before)
        let after = try #require(FileStatus(path: url.path))
        #expect(after.size == before.size && after.modified == before.modified && after.inode == before.inode)
    }

    @Test("a page edited by hand in public/, its size and time kept, is written again by the next build")
    func handEditInOutput() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let built = try cache.contents(of: output)
        let page = output.appendingPathComponent("articles/a/index.html")
        let original = try String(contentsOf: page, encoding: .utf8)
        let forged = original.replacingOccurrences(of: "<h1>A</h1>", with: "<h1>Z</h1>")
        #expect(forged != original && forged.utf8.count == original.utf8.count)
        try editKeepingTime(page, forged)
        let outcome = try cache.build(site, into: output)
        #expect(!cache.isUpToDate(outcome))
        if case .built(let result, _) = outcome {
            #expect(
                result.messages.contains { $0.contains("changed or removed since masthead build wrote them, written again: articles/a/index.html") })
        }
        #expect(try cache.contents(of: output) == built)
        // Put right, the next build has nothing to do.
        #expect(cache.isUpToDate(try cache.build(site, into: output)))
    }

    @Test("a file added to public/ is removed by the next build, with a warning naming it; an empty folder too")
    func unlistedFileInOutput() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let built = try cache.contents(of: output)
        try Data("mine".utf8).write(to: output.appendingPathComponent("articles/a/notes.txt"))
        try FileManager.default.createDirectory(at: output.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        let manifest = try #require(BuildCache(siteFolder: SiteFolder(site.root), output: output).loadManifest())
        let drift = OutputDrift.find(in: output, recorded: manifest.outputs, folders: manifest.folders)
        #expect(drift.unlisted == ["articles/a/notes.txt", "drafts/"])
        #expect(drift.changed == [] && drift.missing == [])
        let outcome = try cache.build(site, into: output)
        #expect(!cache.isUpToDate(outcome))
        if case .built(let result, _) = outcome {
            #expect(result.messages.contains { $0.contains("removed 2 files masthead build did not write: articles/a/notes.txt, drafts/") })
        }
        #expect(try cache.contents(of: output) == built)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("drafts").path))
        #expect(cache.isUpToDate(try cache.build(site, into: output)))
    }

    @Test("a file added to a folder whose time is then set back is found: the folder's change time moved")
    func unlistedFileWithFolderTimeRestored() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let built = try cache.contents(of: output)
        let folder = output.appendingPathComponent("articles/b")
        let before = try #require(FileStatus(path: folder.path))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        restoreTime(folder.path, to: before)
        #expect(try #require(FileStatus(path: folder.path)).modified == before.modified)
        let outcome = try cache.build(site, into: output)
        #expect(!cache.isUpToDate(outcome))
        if case .built(let result, _) = outcome {
            #expect(result.messages.contains { $0.contains("removed 1 files masthead build did not write: articles/b/notes.txt") })
        }
        #expect(try cache.contents(of: output) == built)
    }

    @Test("a folder as the manifest recorded it is not listed; one changed in the tick it was looked at is")
    func folderRecordsSpareListings() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let manifest = try #require(BuildCache(siteFolder: SiteFolder(site.root), output: output).loadManifest())
        #expect(manifest.folders.records["articles/a"] != nil && manifest.folders.records[""] != nil)
        #expect(manifest.folders.records["articles/a/index.html"] == nil)
        try Data("mine".utf8).write(to: output.appendingPathComponent("articles/a/notes.txt"))
        // Records taken after the file was added vouch for the folder as it is now: it is not listed.
        var now = FolderRecords(of: output, files: manifest.outputs.keys)
        now.takenAt = Int64.max
        #expect(OutputDrift.find(in: output, recorded: manifest.outputs, folders: now).unlisted == [])
        // The same records, taken in the tick the folder changed, cannot vouch for it.
        now.takenAt = try #require(now.records["articles/a"]).changed
        #expect(OutputDrift.find(in: output, recorded: manifest.outputs, folders: now).unlisted == ["articles/a/notes.txt"])
        // The build's own records: the folder changed since, so it is listed.
        #expect(OutputDrift.find(in: output, recorded: manifest.outputs, folders: manifest.folders).unlisted == ["articles/a/notes.txt"])
    }

    @Test("a source edited with the same size and its modification time set back is built")
    func sourceEditWithRestoredTime() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let source = site.root.appendingPathComponent("Content/articles/c.md")
        let text = try String(contentsOf: source, encoding: .utf8)
        try editKeepingTime(source, text.replacingOccurrences(of: "Gamma.", with: "Delta."))
        #expect(!cache.isUpToDate(try cache.build(site, into: output)))
        let page = try String(contentsOf: output.appendingPathComponent("articles/c/index.html"), encoding: .utf8)
        #expect(page.contains("Delta."))
        let clean = site.root.appendingPathComponent("clean")
        _ = try cache.build(site, into: clean, useCache: false)
        #expect(try cache.contents(of: output) == cache.contents(of: clean))
    }

    @Test("the manifest records change time, inode, the output's folders and the pages' fingerprints; a manifest of an earlier format is not used")
    func manifestFormat() throws {
        var manifest = BuildManifest(key: "k")
        let hash = StableDigest(high: 0xAB, low: 0xCD)
        manifest.inputs["Content/a.md"] = .init(size: 1, modified: 2, changed: 3, inode: 4, hash: hash)
        let text = manifest.serialized()
        #expect(text.contains("in 1 2 3 4 00000000000000ab00000000000000cd Content/a.md"))
        // A record whose hash is not 32 hexadecimal digits (or a folder's `-`) makes the manifest unusable.
        #expect(BuildManifest.parse("masthead-build-cache 4\nkey k\nin 1 2 3 4 h Content/a.md\n") == nil)
        #expect(BuildManifest.parse(text) == manifest)
        #expect(BuildManifest.parse("masthead-build-cache 1\nkey k\nin 1 2 h Content/a.md\n") == nil)
        // Version 3 records the output's folders; a manifest of version 2 has none, and is not used.
        manifest.folders.records[""] = .init(size: 4096, modified: 5, changed: 6, inode: 7, hash: StableDigest())
        manifest.folders.takenAt = 8
        let withFolders = manifest.serialized()
        #expect(withFolders.contains("foldersAt 8\ndir 4096 5 6 7 - \n"))
        #expect(BuildManifest.parse(withFolders) == manifest)
        #expect(BuildManifest.parse(withFolders.replacingOccurrences(of: "masthead-build-cache 4", with: "masthead-build-cache 2")) == nil)
        // Version 4 records each page's fingerprint; one of version 3 has none, and is not used.
        manifest.pageFingerprints["articles/a b/index.html"] = 0xfeed_beef
        let withFingerprints = manifest.serialized()
        #expect(withFingerprints.contains("fingerprint feedbeef articles/a b/index.html\n"))
        #expect(BuildManifest.parse(withFingerprints) == manifest)
        #expect(BuildManifest.parse(withFingerprints, withPages: false)?.pageFingerprints.isEmpty == true)
        #expect(BuildManifest.parse(withFingerprints.replacingOccurrences(of: "masthead-build-cache 4", with: "masthead-build-cache 3")) == nil)
    }
}
