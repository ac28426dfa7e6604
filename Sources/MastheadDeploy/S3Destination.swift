import Foundation

/// An S3 bucket (and prefix) as a deploy target. What is there comes from one listing and
/// the deploy record (`DeployRecord`): an object whose ETag is the one recorded is what Masthead
/// sent; any other object the site has is asked about alone (HeadObject: its hash metadata).
public actor S3Destination: DeployDestination {
    let client: S3Client
    let keyPrefix: String
    /// From the last listing: each relative path's object (for the new record's ETags).
    var listed: [String: S3Client.Object] = [:]
    var known: [String: RemoteFile] = [:]

    public init(location: DeployTarget.S3Location, credentials: S3Credentials) {
        client = S3Client(location: location, credentials: credentials)
        keyPrefix = location.prefix.isEmpty ? "" : location.prefix + "/"
    }

    public func close() async {
        await client.shutdown()
    }

    public func remoteFiles(for local: LocalOutput) async throws -> [RemoteFile] {
        let objects = try await client.list(prefix: keyPrefix)
        let record = try await client.get(keyPrefix + DeployRecord.fileName).flatMap { DeployRecord.parse(String(decoding: $0, as: UTF8.self)) }
        let localPaths = Set(local.files.map(\.path))
        listed = [:]
        var files: [String: RemoteFile] = [:]
        var unknown: [String] = []
        for object in objects where object.key.hasPrefix(keyPrefix) {
            let path = String(object.key.dropFirst(keyPrefix.count))
            // Folder placeholders some tools create ("images/") are not files of the site.
            if path.isEmpty || path.hasSuffix("/") { continue }
            listed[path] = object
            if let entry = record?.entries[path], entry.etag == object.etag, entry.size == object.size {
                files[path] = RemoteFile(path: path, size: object.size, hash: entry.hash, headers: entry.headers)
            } else if localPaths.contains(path) {
                unknown.append(path)
            } else {
                files[path] = RemoteFile(path: path, size: object.size, hash: nil, headers: nil)
            }
        }
        // Sent by a deploy that stopped before recording it, or by another tool: its metadata says which.
        let heads = Heads()
        try await forEachConcurrently(unknown, width: 16) { [client, keyPrefix] path in
            let head = try await client.head(keyPrefix + path)
            await heads.set(path, head)
        }
        for path in unknown {
            let head = await heads.values[path] ?? nil
            let size = head?.size ?? listed[path]?.size ?? 0
            if let head { listed[path]?.etag = head.etag }
            files[path] = RemoteFile(path: path, size: size, hash: head?.contentHash, headers: head?.headers)
        }
        known = files
        return files.values.sorted { $0.path < $1.path }
    }

    public func apply(_ plan: DeployPlan, local: LocalOutput, deleting: Bool, progress: @escaping @Sendable (String) -> Void) async throws {
        var record = DeployRecord()
        let localByPath = Dictionary(local.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Unchanged files keep what the listing showed.
        for (path, file) in localByPath where !DeployPlan.reserved.contains(path) {
            if let there = known[path], let hash = there.hash, let headers = there.headers, hash == file.hash, let object = listed[path] {
                record.entries[path] = DeployRecord.Entry(hash: hash, size: object.size, etag: object.etag, headers: headers)
            }
        }
        let sent = Sent()
        for stage in DeployPlan.Stage.allCases {
            let uploads = plan.uploads(in: stage)
            guard !uploads.isEmpty else { continue }
            do {
                try await forEachConcurrently(uploads, width: 8) { [client, keyPrefix] upload in
                    let body = try Data(contentsOf: local.url(of: upload.path))
                    let etag = try await client.put(keyPrefix + upload.path, body: body, headers: upload.headers, contentHash: upload.hash)
                    await sent.add(
                        upload.path, DeployRecord.Entry(hash: upload.hash, size: body.count, etag: etag, headers: upload.headers))
                }
            } catch {
                // What did go up is recorded, so the next deploy need not ask about it (best effort: the server may be gone).
                for (path, entry) in await sent.entries { record.entries[path] = entry }
                try? await saveRecord(record)
                throw error
            }
            progress("uploaded \(uploads.count) \(stage.name)")
        }
        for (path, entry) in await sent.entries { record.entries[path] = entry }
        try await saveRecord(record)
        guard deleting, !plan.deletions.isEmpty else { return }
        try await client.delete(plan.deletions.map { keyPrefix + $0 })
        progress("deleted \(plan.deletions.count) files")
    }

    private func saveRecord(_ record: DeployRecord) async throws {
        try await client.put(
            keyPrefix + DeployRecord.fileName, body: Data(record.serialized().utf8),
            headers: HeaderRules.Headers(contentType: "text/plain; charset=utf-8", cacheControl: "no-store"), contentHash: nil)
    }

    private actor Heads {
        var values: [String: S3Client.Head?] = [:]
        func set(_ path: String, _ head: S3Client.Head?) { values[path] = head }
    }

    private actor Sent {
        var entries: [String: DeployRecord.Entry] = [:]
        func add(_ path: String, _ entry: DeployRecord.Entry) { entries[path] = entry }
    }
}
