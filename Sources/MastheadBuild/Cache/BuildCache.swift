import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// The build cache behind `masthead build`: a manifest of every input and output of the last
/// successful build, kept in `SITE/.masthead/`. When every input is as it was, the build is
/// skipped whole (no parsing, no rendering); otherwise the site is built and only the files
/// whose bytes changed are written (`OutputWriter.write(_:to:siteFolder:previous:)`).
///
/// Inputs are every file under `Content/` and `Templates/` (path, size, modification time
/// and content hash; a file whose size and time are unchanged is not read again), the build
/// options, the Masthead binary itself, and time: the manifest expires at the first of the
/// site's scheduled changes (`ScheduledChanges`: a publication, an expiry, a catalog item's
/// date, a weekly rotation).
package struct BuildCache: Sendable {
    package let siteFolder: SiteFolder
    package let output: URL
    package let manifestURL: URL

    package static let folder = ".masthead"

    package init(siteFolder: SiteFolder, output: URL) {
        self.siteFolder = siteFolder
        self.output = output.standardizedFileURL
        // One manifest per output folder: building to public/ and to a preview folder
        // must not invalidate each other.
        let name = "build-" + String(StableHash.digest(self.output.path).prefix(16)) + ".cache"
        manifestURL = siteFolder.url(Self.folder + "/" + name)
    }

    /// The cache key: everything besides the input files that decides the output.
    package func key(_ identity: BuildIdentity) -> String {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        let binary = FileStatus(path: executable).map { "\($0.size)-\($0.modified)" } ?? "unknown"
        let parts = ["masthead \(executable) \(binary)", "output \(output.path)"] + identity.lines
        return StableHash.digest(parts.joined(separator: "\n"))
    }

    /// The manifest, or the parts of it asked for (`BuildManifest.parse`).
    package func loadManifest(withRecords: Bool = true, withPages: Bool = true) -> BuildManifest? {
        BuildManifest.parse(fileAt: manifestURL.path, withRecords: withRecords, withPages: withPages)
    }

    package func save(_ manifest: BuildManifest) throws {
        try Self.makeFolder(siteFolder: siteFolder)
        // Written a megabyte at a time into a new file, then renamed over the old one: never
        // half a manifest, and never the whole of a large site's in memory.
        let temporary = manifestURL.path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let file = FileHandle(forWritingAtPath: temporary) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        do {
            var chunk = ""
            try manifest.serialize { line in
                chunk += line
                if chunk.utf8.count >= 1 << 20 {
                    try file.write(contentsOf: Data(chunk.utf8))
                    chunk = ""
                }
            }
            try file.write(contentsOf: Data(chunk.utf8))
            try file.close()
            guard rename(temporary, manifestURL.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: manifestURL.path])
            }
        } catch {
            try? file.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// `SITE/.masthead/`, with a .gitignore so its files never show up in the site's repository.
    @discardableResult
    static func makeFolder(siteFolder: SiteFolder) throws -> URL {
        let folder = siteFolder.url(Self.folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ignore = folder.appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path) {
            try Data("# Masthead's build cache: safe to delete.\n*\n".utf8).write(to: ignore)
        }
        return folder
    }

    package func removeManifest() {
        try? FileManager.default.removeItem(at: manifestURL)
    }

    /// Every input file with its record. Files whose size, modification time, change time and
    /// inode match `previous` keep their recorded hash; the others are read and hashed (a file
    /// edited with its size kept and its time set back has a new change time).
    package func fingerprintInputs(previous: [String: BuildManifest.FileRecord]) -> [String: BuildManifest.FileRecord] {
        var paths: [Input] = []
        var linkedFolders = Set<String>()
        for folder in [SiteFolders.content, SiteFolders.templates] where siteFolder.problem(at: folder) == nil {
            collect(folder, siteFolder: siteFolder, linkedFolders: &linkedFolders, into: &paths)
        }
        // The first build after a restart reads every input from the disk here: 16 reads in flight, not 2.
        let records = parallelMap(paths, threads: 16) { entry -> (String, BuildManifest.FileRecord) in
            if let old = previous[entry.relative], entry.status.matches(old) {
                return (entry.relative, old)
            }
            // A link the build refuses is recorded by its own status: its target is never read.
            let hash =
                entry.readable
                ? StableDigest(ofFileAt: siteFolder.path(entry.relative))
                : StableDigest(of: "symbolic link not read")
            return (entry.relative, BuildManifest.FileRecord(entry.status, hash: hash))
        }
        return Dictionary(records, uniquingKeysWith: { first, _ in first })
    }

    /// An input file found by `collect`; `readable` is false for a link the build refuses.
    private struct Input: Sendable {
        var relative: String
        var status: FileStatus
        var readable: Bool
    }

    /// All files under a folder, ignored names included (a change anywhere invalidates). Links
    /// are checked as the build checks them (`SiteFolder`): one to a file inside the site is
    /// that file; one to a folder inside the site is followed once per real folder (a
    /// catalog may live there, and a loop ends); any other is recorded but not read.
    private func collect(_ folder: String, siteFolder: SiteFolder, linkedFolders: inout Set<String>, into paths: inout [Input]) {
        SiteTree.walk(folder, in: siteFolder, scope: .everything) { entry in
            if entry.status.isDirectory { return true }
            if entry.status.isRegular {
                paths.append(Input(relative: entry.relative, status: entry.status, readable: true))
            } else if entry.status.isLink {
                switch siteFolder.target(ofLink: entry.absolute) {
                case .insideFile:
                    if let status = FileStatus(path: entry.absolute) { paths.append(Input(relative: entry.relative, status: status, readable: true)) }
                case .insideFolder:
                    if let real = realPath(entry.absolute), linkedFolders.insert(real).inserted { return true }
                case .outside, .nowhere, .loop:
                    paths.append(Input(relative: entry.relative, status: entry.status, readable: false))
                }
            }
            return false
        }
    }

    /// The first moment the same inputs can give a different site (`ScheduledChanges`); a
    /// site with nothing scheduled stays valid until its files change.
    package static func validUntil(_ changes: [ScheduledChange]) -> Date {
        changes.first?.date ?? .distantFuture
    }
}
