import Foundation

/// What a deploy will do, worked out before it does anything: a pure function of the local
/// output (from the build's manifest), the remote listing and the target's rules.
///
/// Files go up in three stages so a reader never meets a page whose assets are missing, nor a
/// feed or sitemap pointing at a page not yet there: assets, then pages, then indexes. Stale
/// files are deleted last, and only after every upload succeeded.
///
/// Each list of the plan is a temporary file (`RowFile`), made by a merge join of the local and
/// remote files sorted by path: a plan of a million files is counted and checked whole without
/// being held in memory.
package struct DeployPlan: Sendable {
    package enum Reason: String, Sendable, Codable {
        case new
        case changed
        /// The bytes are the same but the headers a rule gives them are not (a new `cache_control`, say).
        case headers = "headers changed"
        /// `--verify` found other bytes on the target than the record says (changed behind Masthead's back).
        case repair = "differs on the target"
    }

    package enum Stage: Int, Sendable, Comparable, Codable, CaseIterable {
        /// Images, stylesheets, scripts, fonts, search shards: what pages refer to.
        case assets
        /// HTML.
        case pages
        /// Feeds, the sitemap, `_redirects`, `_headers`, robots.txt: what points at pages.
        case indexes

        package static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }

        package var name: String {
            switch self {
            case .assets: "assets"
            case .pages: "pages"
            case .indexes: "feeds, sitemap and redirects"
            }
        }
    }

    package struct Upload: Sendable, Equatable {
        package var path: String
        package var size: Int
        package var hash: String
        package var reason: Reason
        package var stage: Stage
        package var headers: HeaderRules.Headers
        /// The modification time the build recorded (`LocalOutput.contents`).
        package var modified: Int64?

        package var file: LocalFile { LocalFile(path: path, size: size, hash: hash, modified: modified) }
    }

    /// In the order they go up: by stage, then by path.
    let uploads: RowFile<Upload>
    /// How many uploads each stage has (`Stage.rawValue`).
    let stageCounts: [Int]
    /// Local files the remote already has, byte for byte and with the same headers.
    package var unchanged: Int
    /// Files an earlier deploy wrote that the site no longer has, to delete now, sorted.
    let deletions: RowFile<String>
    /// Files an earlier deploy wrote that the site no longer has but cached pages may still
    /// ask for: deleted by the first deploy after the moment given (`graceSeconds` after they left the site).
    let postponed: RowFile<PendingDeletion>
    /// Remote files the site does not have that a `keep:` glob protects.
    let kept: RowFile<String>
    /// Remote files no deploy of this site wrote (not in its record): never deleted, sorted.
    let foreign: RowFile<String>
    /// How long a page may be cached (its longest `max-age`): what a deleted asset waits.
    package var graceSeconds: Int
    package var maxDeletes: Int
    /// The rules the headers came from, for files the plan leaves alone.
    package var headerRules: HeaderRules

    package var uploadCount: Int { uploads.count }
    package var deletionCount: Int { deletions.count }
    package var postponedCount: Int { postponed.count }
    package var keptCount: Int { kept.count }
    package var foreignCount: Int { foreign.count }

    /// More deletions than `max_deletes`: none are made without `--allow-deletes`.
    package var deletionsNeedConfirmation: Bool { deletions.count > maxDeletes }

    package var isEmpty: Bool { uploads.isEmpty && deletions.isEmpty }

    /// Files no deploy sends or deletes: the output folder's marker (it tells `masthead build`
    /// the folder is its own, which a published copy is not) and the remote's deploy record.
    package static let reserved: Set<String> = [".masthead-output", DeployRecord.fileName]

    /// `now` and `pruneNow` decide which deletions wait for cached pages (`postponed`). Both lists
    /// in any order (they are sorted by path first, in bounded memory; a sorted `RowFile` as it is).
    package static func make<L: Sequence, R: Sequence>(
        local: L, remote: R, rules: DeployRules, now: Date = Date(), pruneNow: Bool = false
    ) throws -> DeployPlan where L.Element == LocalFile, R.Element == RemoteFile {
        let local = try (local as? RowFile<LocalFile>) ?? RowFile.sorted(local)
        let remote = try (remote as? RowFile<RemoteFile>) ?? RowFile.sorted(remote)
        // Local files against the remote ones: what to upload, a file per stage.
        let stages = try Stage.allCases.map { _ in try RowWriter<Upload>() }
        var unchanged = 0
        var there = RowCursor(remote)
        for file in local where !reserved.contains(file.path) {
            let headers = rules.headers.headers(for: file.path)
            let reason: Reason
            if let there = there.find(file.path) {
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
            let stage = stage(of: file.path)
            try stages[stage.rawValue].append(
                Upload(path: file.path, size: file.size, hash: file.hash, reason: reason, stage: stage, headers: headers, modified: file.modified))
        }
        let stageFiles = try stages.map { try $0.finish() }
        // Remote files against the local ones: what the site no longer has.
        let grace = graceSeconds(local: local, rules: rules.headers)
        let deletions = try RowWriter<String>()
        let postponed = try RowWriter<PendingDeletion>()
        let kept = try RowWriter<String>()
        let foreign = try RowWriter<String>()
        var here = RowCursor(local)
        for file in remote where here.find(file.path) == nil && !reserved.contains(file.path) {
            if rules.keep.contains(where: { $0.matches(file.path) }) {
                try kept.append(file.path)
            } else if !file.owned {
                try foreign.append(file.path)
            } else if pruneNow || grace == 0 || stage(of: file.path) != .assets {
                // Pages and feeds the site no longer has go at once: a cached page may link to them, but names no file it needs to show.
                try deletions.append(file.path)
            } else {
                let due = file.deleteAfter ?? now.addingTimeInterval(TimeInterval(grace))
                if due <= now { try deletions.append(file.path) } else { try postponed.append(PendingDeletion(path: file.path, due: due)) }
            }
        }
        return DeployPlan(
            uploads: try RowFile.make(stageFiles.joined()), stageCounts: stageFiles.map(\.count), unchanged: unchanged,
            deletions: try deletions.finish(), postponed: try postponed.finish(), kept: try kept.finish(), foreign: try foreign.finish(),
            graceSeconds: grace, maxDeletes: rules.maxDeletes, headerRules: rules.headers)
    }

    /// The longest time a page or the search index may be cached (`max-age` or `s-maxage` of its
    /// Cache-Control): an asset those pages named must stay on the target that long after they stop naming it.
    package static func graceSeconds<L: Sequence>(local: L, rules: HeaderRules) -> Int where L.Element == LocalFile {
        var longest = 0
        var seen = Set<String>()
        for file in local where stage(of: file.path) == .pages || file.path == "search/index.json" {
            let cacheControl = rules.headers(for: file.path).cacheControl
            guard seen.insert(cacheControl).inserted else { continue }
            longest = max(longest, maxAge(cacheControl))
        }
        return longest
    }

    /// The largest `max-age=` or `s-maxage=` of a Cache-Control value; 0 without one (or with `no-store`).
    static func maxAge(_ cacheControl: String) -> Int {
        var longest = 0
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.count == 2, parts[0] == "max-age" || parts[0] == "s-maxage",
                let seconds = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            else { continue }
            longest = max(longest, seconds)
        }
        return longest
    }

    /// Which stage a file goes up in, by its name.
    package static func stage(of path: String) -> Stage {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "_redirects", "_headers", "robots.txt": return .indexes
        default: break
        }
        switch HeaderRules.fileExtension(path) {
        case "html", "htm": return .pages
        case "xml", "rss", "atom", "xsl": return .indexes
        default: return .assets
        }
    }

    package func headers(for path: String) -> HeaderRules.Headers {
        headerRules.headers(for: path)
    }

    /// The uploads of one stage, read from the plan's file.
    func uploads(in stage: Stage) -> LazyFilterSequence<RowFile<Upload>> {
        uploads.lazy.filter { $0.stage == stage }
    }

    package func uploadCount(in stage: Stage) -> Int { stageCounts[stage.rawValue] }
}

/// The plan's lists for messages and reports, read from its files as they are iterated.
extension DeployPlan {
    package static func make(local: LocalOutput, remote: RemoteState, rules: DeployRules, now: Date = Date(), pruneNow: Bool = false) throws
        -> DeployPlan
    {
        try make(local: local.files, remote: remote.files, rules: rules, now: now, pruneNow: pruneNow)
    }

    package var allUploads: AnySequence<Upload> { AnySequence(uploads) }
    package func stageUploads(_ stage: Stage) -> AnySequence<Upload> { AnySequence(uploads(in: stage)) }
    package var deletionPaths: AnySequence<String> { AnySequence(deletions) }
    package var postponedPaths: AnySequence<String> { AnySequence(postponed.lazy.map(\.path)) }
    package var keptPaths: AnySequence<String> { AnySequence(kept) }
    package var foreignPaths: AnySequence<String> { AnySequence(foreign) }
}

/// A file of a deploy record whose deletion waits until `due` (`DeployPlan.postponed`).
struct PendingDeletion: Sendable, Equatable {
    var path: String
    var due: Date
}

/// A file of the output folder, as the build's manifest records it.
package struct LocalFile: Sendable, Equatable {
    package var path: String
    package var size: Int
    package var hash: String
    /// The modification time (nanoseconds) the build recorded; nil when not known.
    package var modified: Int64?

    package init(path: String, size: Int, hash: String, modified: Int64? = nil) {
        self.path = path
        self.size = size
        self.hash = hash
        self.modified = modified
    }
}

/// A file on the target, with what a deploy recorded of it: its content hash (the build
/// manifest's) and headers. Both nil when no deploy of Masthead's put it there.
package struct RemoteFile: Sendable, Equatable {
    package var path: String
    package var size: Int
    package var hash: String?
    package var headers: HeaderRules.Headers?
    /// Named in this site's deploy record: written by one of its deploys, so deleted when the site no longer has it.
    package var owned: Bool
    /// When an earlier deploy put off deleting it, the moment it may go.
    package var deleteAfter: Date?
    /// `--verify` read other bytes on the target than the output's, whatever the record says.
    package var differs: Bool
    /// The ETag an S3 listing gave it (empty for rsync targets).
    package var etag: String

    package init(
        path: String, size: Int, hash: String?, headers: HeaderRules.Headers?, owned: Bool = true, deleteAfter: Date? = nil, differs: Bool = false,
        etag: String = ""
    ) {
        self.etag = etag
        self.path = path
        self.size = size
        self.hash = hash
        self.headers = headers
        self.owned = owned
        self.deleteAfter = deleteAfter
        self.differs = differs
    }
}

/// A target's rules: how many deletions go without confirmation, what is never deleted, and headers.
package struct DeployRules: Sendable, Equatable {
    package static let defaultMaxDeletes = 256

    package var maxDeletes: Int
    package var keep: [PathGlob]
    package var headers: HeaderRules

    package init(maxDeletes: Int = defaultMaxDeletes, keep: [PathGlob] = [], headers: HeaderRules = HeaderRules()) {
        self.maxDeletes = maxDeletes
        self.keep = keep
        self.headers = headers
    }
}
