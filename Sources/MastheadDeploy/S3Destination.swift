import Foundation
import MastheadSupport

/// An S3 bucket (and prefix) as a deploy target. What is there comes from one listing and
/// the deploy record (`DeployRecord`): an object whose ETag is the one recorded is what Masthead
/// sent; any other object the site has is asked about alone (HeadObject: its hash and site
/// metadata). With `--verify`, each of the site's files is compared with its object by MD5
/// (the ETag of a single-part upload) or, when the ETag is not one, by its bytes.
public actor S3Destination: DeployDestination {
    let client: S3Client
    let keyPrefix: String
    /// From the last listing: each relative path's object (for the new record's ETags).
    var listed: [String: S3Client.Object] = [:]
    var known: [String: RemoteFile] = [:]
    /// The entries of the record the target had (or, rebuilt by `--verify`, of the objects this site's deploys wrote).
    var previous: [String: DeployRecord.Entry] = [:]
    /// The digest of the record as the target had it, to write it only when it changes.
    var previousDigest: String?
    var hadRecord = false
    let scratch: URL

    public init(location: DeployTarget.S3Location, credentials: S3Credentials) {
        client = S3Client(location: location, credentials: credentials)
        keyPrefix = location.prefix.isEmpty ? "" : location.prefix + "/"
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-deploy-\(UUID().uuidString)")
    }

    public func close() async {
        await client.shutdown()
        try? FileManager.default.removeItem(at: scratch)
    }

    public func remoteState(for local: LocalOutput, site: String?, verify: Bool) async throws -> RemoteState {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let objects = try await client.list(prefix: keyPrefix)
        let recordFile = scratch.appendingPathComponent("record-before")
        hadRecord = try await client.download(keyPrefix + DeployRecord.fileName, to: recordFile)
        let record = hadRecord ? DeployRecord.read(from: recordFile) : nil
        previousDigest = hadRecord ? StableHash.digest(fileAt: recordFile.path) : nil
        try? FileManager.default.removeItem(at: recordFile)
        let state: RemoteState.Record = !hadRecord ? .missing : record.map { .found(site: $0.site) } ?? .damaged
        previous = record?.entries ?? [:]
        let pending = record?.pendingDeletions ?? [:]
        let localByPath = Dictionary(local.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        listed = [:]
        var files: [String: RemoteFile] = [:]
        var asked: [String] = []
        var compared: [String] = []
        for object in objects where object.key.hasPrefix(keyPrefix) {
            let path = String(object.key.dropFirst(keyPrefix.count))
            // Folder placeholders some tools create ("images/") are not files of the site.
            if path.isEmpty || path.hasSuffix("/") || DeployPlan.reserved.contains(path) { continue }
            listed[path] = object
            let entry = previous[path]
            if verify, localByPath[path] != nil {
                compared.append(path)
            } else if let entry, entry.etag == object.etag, entry.size == object.size {
                files[path] = RemoteFile(
                    path: path, size: object.size, hash: entry.hash, headers: entry.headers, deleteAfter: pending[path])
            } else if localByPath[path] != nil || (entry == nil && verify) {
                // Sent by a deploy that stopped before recording it, changed by another tool, or (with --verify
                // a record rebuilt) perhaps written by this site's deploys: the object's metadata says which.
                asked.append(path)
            } else {
                files[path] = RemoteFile(path: path, size: object.size, hash: nil, headers: nil, owned: entry != nil, deleteAfter: pending[path])
            }
        }
        let heads = Results<S3Client.Head?>()
        try await forEachConcurrently(asked, width: 16) { [client, keyPrefix] path in
            let head = try await client.head(keyPrefix + path)
            await heads.set(path, head)
        }
        for path in asked {
            let head = await heads.values[path] ?? nil
            let size = head?.size ?? listed[path]?.size ?? 0
            if let head { listed[path]?.etag = head.etag }
            let ours = previous[path] != nil || (site != nil && head?.site == site)
            if ours, previous[path] == nil, let head {
                previous[path] = DeployRecord.Entry(hash: head.contentHash ?? "", size: head.size, etag: head.etag, headers: head.headers)
            }
            files[path] = RemoteFile(
                path: path, size: size, hash: head?.contentHash, headers: head?.headers, owned: ours, deleteAfter: pending[path])
        }
        let verdicts = Results<RemoteFile>()
        try await forEachConcurrently(compared, width: 8) { [client, keyPrefix, listed, previous] path in
            guard let file = localByPath[path], let object = listed[path] else { return }
            let verdict = try await Self.compare(file, object, local: local, entry: previous[path], client: client, key: keyPrefix + path)
            await verdicts.set(path, verdict)
        }
        for path in compared { files[path] = await verdicts.values[path] }
        known = files
        return RemoteState(files: files.values.sorted { $0.path < $1.path }, record: state)
    }

    /// `--verify`: whether the object holds the output file's bytes (its MD5 against a single-part
    /// ETag, or else its bytes read back), and the headers it is served with.
    static func compare(_ file: LocalFile, _ object: S3Client.Object, local: LocalOutput, entry: DeployRecord.Entry?, client: S3Client, key: String)
        async throws -> RemoteFile
    {
        let bytes = try local.contents(of: file.path, hash: file.hash)
        let same: Bool
        if S3Client.isMD5(object.etag) {
            same = object.size == bytes.count && object.etag.lowercased() == S3Signer.hex(Digest.md5(bytes))
        } else {
            same = try await client.get(key) == bytes
        }
        var headers = entry?.etag == object.etag ? entry?.headers : nil
        if same, headers == nil { headers = try await client.head(key)?.headers }
        return RemoteFile(
            path: file.path, size: object.size, hash: same ? file.hash : nil, headers: headers, differs: !same)
    }

    public func apply(_ plan: DeployPlan, local: LocalOutput, site: String?, progress: @escaping @Sendable (String) -> Void) async throws {
        // Entries for every file an earlier deploy wrote that is still there, so a deploy stopped anywhere loses no ownership.
        var record = DeployRecord(site: site)
        for (path, entry) in previous where listed[path] != nil { record.entries[path] = entry }
        for (path, file) in Dictionary(local.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        where !DeployPlan.reserved.contains(path) {
            if let there = known[path], !there.differs, let hash = there.hash, let headers = there.headers, hash == file.hash,
                let object = listed[path]
            {
                record.entries[path] = DeployRecord.Entry(hash: hash, size: object.size, etag: object.etag, headers: headers)
            }
        }
        record.pendingDeletions = plan.postponed
        // A target no deploy wrote gets its record first: a first deploy stopped halfway leaves a target known to be this site's.
        if !hadRecord { try await saveRecord(DeployRecord(site: site)) }
        let sent = Results<DeployRecord.Entry>()
        for stage in DeployPlan.Stage.allCases {
            let uploads = plan.uploads(in: stage)
            guard !uploads.isEmpty else { continue }
            do {
                try await forEachConcurrently(uploads, width: 8) { [client, keyPrefix] upload in
                    // Read once: the bytes hashed are the bytes sent.
                    let body = try local.contents(of: upload.path, hash: upload.hash)
                    let etag = try await client.put(
                        keyPrefix + upload.path, body: body, headers: upload.headers, contentHash: upload.hash, site: site)
                    await sent.set(upload.path, DeployRecord.Entry(hash: upload.hash, size: body.count, etag: etag, headers: upload.headers))
                }
            } catch {
                // What did go up is recorded, so the next deploy need not ask about it (best effort: the server may be gone).
                for (path, entry) in await sent.values { record.entries[path] = entry }
                try? await saveRecord(record)
                throw error
            }
            progress("uploaded \(uploads.count) \(stage.name)")
        }
        for (path, entry) in await sent.values { record.entries[path] = entry }
        try await saveRecord(record)
        guard !plan.deletions.isEmpty else { return }
        try await client.delete(plan.deletions.map { keyPrefix + $0 })
        for path in plan.deletions { record.entries[path] = nil }
        try await saveRecord(record)
        progress("deleted \(plan.deletions.count) files")
    }

    /// Writes the record through a file, streamed; not at all when the target has it already.
    private func saveRecord(_ record: DeployRecord) async throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("record")
        try record.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let digest = StableHash.digest(fileAt: file.path)
        guard digest != previousDigest else { return }
        try await client.put(
            keyPrefix + DeployRecord.fileName, file: file,
            headers: HeaderRules.Headers(contentType: "text/plain; charset=utf-8", cacheControl: "no-store"))
        previousDigest = digest
        hadRecord = true
    }
}

/// Values gathered by concurrent tasks, by path.
actor Results<Value: Sendable> {
    var values: [String: Value] = [:]
    func set(_ path: String, _ value: Value) { values[path] = value }
}
