import Foundation
import MastheadSupport

/// An S3 bucket (and prefix) as a deploy target. What is there comes from one listing and
/// the deploy record (`DeployRecord`): an object whose ETag is the one recorded is what Masthead
/// sent; any other object the site has is asked about alone (HeadObject: its hash and site
/// metadata). With `--verify`, each of the site's files is compared with its object by MD5
/// (the ETag of a single-part upload) or, when the ETag is not one, by its bytes.
package actor S3Destination: DeployDestination {
    let client: S3Client
    let keyPrefix: String
    /// From the last listing, sorted by path: each object as `remoteState` saw it (with its ETag).
    var listed: RowFile<RemoteFile>?
    /// The entries of the record the target had for the objects listed (or, rebuilt by `--verify`, of the objects
    /// this site's deploys wrote), sorted by path.
    var previous: RowFile<DeployRecord.Entry>?
    /// The digest of the record as the target had it, to write it only when it changes.
    var previousDigest: String?
    var hadRecord = false
    let scratch: URL

    package init(location: DeployTarget.S3Location, credentials: S3Credentials) {
        client = S3Client(location: location, credentials: credentials)
        keyPrefix = location.prefix.isEmpty ? "" : location.prefix + "/"
        scratch = DeployScratch.newURL()
    }

    package func close() async {
        await client.shutdown()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// An object the listing alone does not settle: asked about (HeadObject) or, with `--verify`, compared.
    struct Question {
        var object: ListedFile
        var entry: DeployRecord.Entry?
        var file: LocalFile?
        var deleteAfter: Date?
        var compare: Bool
    }

    package func remoteState(for local: LocalOutput, site: String?, verify: Bool) async throws -> RemoteState {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // Pages of the listing arrive sorted by key; a sorter keeps them so without holding them.
        let objects = try RowSorter<ListedFile>()
        let prefixBytes = keyPrefix.utf8.count
        try await client.list(prefix: keyPrefix) { [keyPrefix] object in
            guard object.key.utf8.starts(with: keyPrefix.utf8) else { return }
            let path = String(decoding: object.key.utf8.dropFirst(prefixBytes), as: UTF8.self)
            // Folder placeholders some tools create ("images/") are not files of the site.
            if path.isEmpty || path.hasSuffix("/") || DeployPlan.reserved.contains(path) { return }
            try objects.add(ListedFile(path: path, size: object.size, etag: object.etag))
        }
        let recordFile = scratch.appendingPathComponent("record-before")
        hadRecord = try await client.download(keyPrefix + DeployRecord.fileName, to: recordFile)
        let record = hadRecord ? try DeployRecord.read(from: recordFile) : nil
        previousDigest = hadRecord ? StableHash.digest(fileAt: recordFile.path) : nil
        try? FileManager.default.removeItem(at: recordFile)
        let state: RemoteState.Record = !hadRecord ? .missing : record.map { .found(site: $0.site) } ?? .damaged
        // The listing joined with the record and the output, an object at a time; the objects it does not settle are
        // asked about a thousand at a time.
        var recorded = record.map { RowCursor($0.entries) } ?? RowCursor()
        var pending = record.map { RowCursor($0.pendingDeletions) } ?? RowCursor()
        var here = RowCursor(local.files)
        let files = try RowSorter<RemoteFile>()
        let entries = try RowSorter<DeployRecord.Entry>()
        var questions: [Question] = []
        for object in try objects.finish() {
            let entry = recorded.find(object.path)
            let deleteAfter = pending.find(object.path)?.due
            let file = here.find(object.path)
            if let entry { try entries.add(entry) }
            if verify, file != nil {
                questions.append(Question(object: object, entry: entry, file: file, deleteAfter: deleteAfter, compare: true))
            } else if let entry, entry.etag == object.etag, entry.size == object.size {
                try files.add(
                    RemoteFile(
                        path: object.path, size: object.size, hash: entry.hash, headers: entry.headers, deleteAfter: deleteAfter, etag: object.etag))
            } else if file != nil || (entry == nil && verify) {
                // Sent by a deploy that stopped before recording it, changed by another tool, or (with --verify
                // a record rebuilt) perhaps written by this site's deploys: the object's metadata says which.
                questions.append(Question(object: object, entry: entry, file: file, deleteAfter: deleteAfter, compare: false))
            } else {
                try files.add(
                    RemoteFile(
                        path: object.path, size: object.size, hash: nil, headers: nil, owned: entry != nil, deleteAfter: deleteAfter,
                        etag: object.etag))
            }
            if questions.count >= 1000 {
                try await answer(questions, local: local, site: site, files: files, entries: entries)
                questions.removeAll()
            }
        }
        try await answer(questions, local: local, site: site, files: files, entries: entries)
        listed = try files.finish()
        previous = try entries.finish()
        return RemoteState(files: listed!, record: state)
    }

    /// Asks about a batch of objects concurrently, and adds what they are to `files` (and to `entries`, the
    /// objects this site's deploys wrote, by their metadata).
    private func answer(
        _ questions: [Question], local: LocalOutput, site: String?, files: RowSorter<RemoteFile>, entries: RowSorter<DeployRecord.Entry>
    ) async throws {
        let heads = Results<S3Client.Head?>()
        try await forEachConcurrently(questions.filter { !$0.compare }.map(\.object.path), width: 16) { [client, keyPrefix] path in
            let head = try await client.head(keyPrefix + path)
            await heads.set(path, head)
        }
        let verdicts = Results<RemoteFile>()
        try await forEachConcurrently(questions.filter(\.compare), width: 8) { [client, keyPrefix] question in
            guard let file = question.file else { return }
            var verdict = try await Self.compare(
                file, question.object, local: local, entry: question.entry, client: client, key: keyPrefix + file.path)
            verdict.etag = question.object.etag
            await verdicts.set(file.path, verdict)
        }
        let asked = await heads.values
        let compared = await verdicts.values
        for question in questions {
            let path = question.object.path
            if question.compare {
                if let verdict = compared[path] { try files.add(verdict) }
                continue
            }
            let head = asked[path] ?? nil
            let ours = question.entry != nil || (site != nil && head?.site == site)
            if ours, question.entry == nil, let head {
                try entries.add(DeployRecord.Entry(path: path, hash: head.contentHash ?? "", size: head.size, etag: head.etag, headers: head.headers))
            }
            try files.add(
                RemoteFile(
                    path: path, size: head?.size ?? question.object.size, hash: head?.contentHash, headers: head?.headers, owned: ours,
                    deleteAfter: question.deleteAfter, etag: head?.etag ?? question.object.etag))
        }
    }

    /// `--verify`: whether the object holds the output file's bytes (its MD5 against a single-part
    /// ETag, or else its bytes read back), and the headers it is served with.
    static func compare(_ file: LocalFile, _ object: ListedFile, local: LocalOutput, entry: DeployRecord.Entry?, client: S3Client, key: String)
        async throws -> RemoteFile
    {
        let bytes = try local.contents(of: file)
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

    package func apply(_ plan: DeployPlan, local: LocalOutput, site: String?, progress: @escaping @Sendable (String) -> Void) async throws {
        // Entries for every file an earlier deploy wrote that is still there, so a deploy stopped anywhere loses no ownership:
        // the site's own where the object holds its bytes, else what the record said; merged by path.
        var earlier = RowCursor(try previous ?? RowFile.make([]))
        var here = RowCursor(local.files)
        let kept = try RowFile.make(
            (try listed ?? RowFile.make([])).lazy.compactMap { there -> DeployRecord.Entry? in
                if let file = here.find(there.path), !there.differs, let hash = there.hash, let headers = there.headers, hash == file.hash {
                    return DeployRecord.Entry(path: there.path, hash: hash, size: there.size, etag: there.etag, headers: headers)
                }
                return earlier.find(there.path)
            })
        // A target no deploy wrote gets its record first: a first deploy stopped halfway leaves a target known to be this site's.
        if !hadRecord { try await saveRecord(site: site, entries: RowFile.make([]), pending: RowFile.make([])) }
        let sent = try RowSorter<DeployRecord.Entry>()
        for stage in DeployPlan.Stage.allCases {
            let count = plan.uploadCount(in: stage)
            guard count > 0 else { continue }
            for batch in batches(plan.uploads(in: stage), of: 256) {
                let results = Results<DeployRecord.Entry>()
                do {
                    try await forEachConcurrently(batch, width: 8) { [client, keyPrefix] upload in
                        // Read once: the bytes hashed are the bytes sent.
                        let body = try local.contents(of: upload.file)
                        let etag = try await client.put(
                            keyPrefix + upload.path, body: body, headers: upload.headers, contentHash: upload.hash, site: site)
                        await results.set(
                            upload.path,
                            DeployRecord.Entry(path: upload.path, hash: upload.hash, size: body.count, etag: etag, headers: upload.headers))
                    }
                } catch {
                    // What did go up is recorded, so the next deploy need not ask about it (best effort: the server may be gone).
                    for entry in await results.values.values { try? sent.add(entry) }
                    if let entries = try? RowFile.make(SortedUnion(preferred: sent.finish(), other: kept)) {
                        try? await saveRecord(site: site, entries: entries, pending: plan.postponed)
                    }
                    throw error
                }
                for entry in await results.values.values { try sent.add(entry) }
            }
            progress("uploaded \(count) \(stage.name)")
        }
        let entries = try RowFile.make(SortedUnion(preferred: sent.finish(), other: kept))
        try await saveRecord(site: site, entries: entries, pending: plan.postponed)
        guard !plan.deletions.isEmpty else { return }
        for batch in batches(plan.deletions, of: 1000) { try await client.delete(batch.map { keyPrefix + $0 }) }
        var gone = RowCursor(plan.deletions)
        try await saveRecord(site: site, entries: RowFile.make(entries.lazy.filter { gone.find($0.path) == nil }), pending: plan.postponed)
        progress("deleted \(plan.deletions.count) files")
    }

    /// Writes the record through a file, streamed; not at all when the target has it already.
    private func saveRecord(site: String?, entries: RowFile<DeployRecord.Entry>, pending: RowFile<PendingDeletion>) async throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("record")
        try DeployRecord.write(site: site, entries: entries, pending: pending, to: file)
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
