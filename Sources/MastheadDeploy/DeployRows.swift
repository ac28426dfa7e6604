import Foundation

// How each list of a deploy is written as a row of a `RowFile`: the path first, then the fields.

extension LocalFile: Row {
    var fields: [String] { [path, String(size), hash, modified.map(String.init) ?? ""] }

    init?(fields: [String]) {
        guard fields.count == 4, let size = Int(fields[1]) else { return nil }
        self.init(path: fields[0], size: size, hash: fields[2], modified: Int64(fields[3]))
    }
}

extension RemoteFile: Row {
    var fields: [String] {
        [
            path, String(size), TabFields.optional(hash), TabFields.optional(headers?.contentType), headers?.cacheControl ?? "",
            owned ? "1" : "0", deleteAfter.map { String($0.timeIntervalSince1970) } ?? "", differs ? "1" : "0", etag
        ]
    }

    init?(fields: [String]) {
        guard fields.count == 9, let size = Int(fields[1]) else { return nil }
        let headers = TabFields.optional(fields[3]).map { HeaderRules.Headers(contentType: $0, cacheControl: fields[4]) }
        self.init(
            path: fields[0], size: size, hash: TabFields.optional(fields[2]), headers: headers, owned: fields[5] == "1",
            deleteAfter: Double(fields[6]).map { Date(timeIntervalSince1970: $0) }, differs: fields[7] == "1", etag: fields[8])
    }
}

extension DeployPlan.Upload: Row {
    var fields: [String] {
        [
            path, String(size), hash, reason.rawValue, String(stage.rawValue), headers.contentType, headers.cacheControl,
            modified.map(String.init) ?? ""
        ]
    }

    init?(fields: [String]) {
        guard fields.count == 8, let size = Int(fields[1]), let reason = DeployPlan.Reason(rawValue: fields[3]),
            let stage = Int(fields[4]).flatMap(DeployPlan.Stage.init(rawValue:))
        else { return nil }
        self.init(
            path: fields[0], size: size, hash: fields[2], reason: reason, stage: stage,
            headers: HeaderRules.Headers(contentType: fields[5], cacheControl: fields[6]), modified: Int64(fields[7]))
    }
}

extension PendingDeletion: Row {
    var fields: [String] { [path, String(Int64(due.timeIntervalSince1970.rounded(.up)))] }

    init?(fields: [String]) {
        guard fields.count == 2, let seconds = Int64(fields[1]) else { return nil }
        self.init(path: fields[0], due: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

extension DeployRecord.Entry: Row {
    var fields: [String] { [path, hash, String(size), etag, headers.contentType, headers.cacheControl] }

    init?(fields: [String]) {
        guard fields.count == 6, let size = Int(fields[2]) else { return nil }
        self.init(
            path: fields[0], hash: fields[1], size: size, etag: fields[3],
            headers: HeaderRules.Headers(contentType: fields[4], cacheControl: fields[5]))
    }
}

/// A file or folder a target's listing shows. A folder's path ends with `/`, so that in byte
/// order it comes just before what it holds (`a/b/` before `a/b/c`, after `a/b.txt`).
struct ListedFile: Row, Equatable {
    var path: String
    var size: Int
    var etag = ""

    var isFolder: Bool { path.hasSuffix("/") }

    var fields: [String] { [path, String(size), etag] }

    init(path: String, size: Int, etag: String = "") {
        self.path = path
        self.size = size
        self.etag = etag
    }

    init?(fields: [String]) {
        guard fields.count == 3, let size = Int(fields[1]) else { return nil }
        self.init(path: fields[0], size: size, etag: fields[2])
    }
}
