import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// The few S3 operations a deploy needs, signed with `S3Signer`, over AsyncHTTPClient:
/// ListObjectsV2, HeadObject, GetObject, PutObject and DeleteObjects. Errors are `DeployError`s
/// whose text says what went wrong in the reader's terms (`S3ErrorExplainer`).
public final class S3Client: Sendable {
    /// One object of a listing.
    public struct Object: Sendable, Equatable {
        public var key: String
        public var size: Int
        public var etag: String
    }

    /// What HeadObject tells of an object.
    public struct Head: Sendable, Equatable {
        public var size: Int
        public var etag: String
        public var contentHash: String?
        public var site: String?
        public var headers: HeaderRules.Headers
    }

    /// The metadata header that carries a file's content hash (the build manifest's).
    public static let hashMetadata = "x-amz-meta-masthead-hash"
    /// The metadata header that names the site (its base URL) whose deploy wrote the object.
    public static let siteMetadata = "x-amz-meta-masthead-site"

    public let location: DeployTarget.S3Location
    let signer: S3Signer
    let http: HTTPClient
    let endpoint: URL
    let timeout: TimeAmount

    public init(location: DeployTarget.S3Location, credentials: S3Credentials, timeout: TimeAmount = .seconds(60)) {
        self.location = location
        signer = S3Signer(credentials: credentials, region: location.region)
        endpoint = location.endpoint ?? URL(string: "https://s3.\(location.region).amazonaws.com")!
        self.timeout = timeout
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: timeout))
        configuration.httpVersion = .http1Only
        // A refused connection is reported at once, not retried until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func shutdown() async {
        try? await http.shutdown()
    }

    /// The endpoint as the reader wrote it, for messages.
    public var endpointDescription: String { endpoint.absoluteString }

    /// Every object whose key starts with `prefix`, a thousand at a time.
    public func list(prefix: String) async throws -> [Object] {
        var objects: [Object] = []
        var token: String?
        repeat {
            var query: [(name: String, value: String)] = [("list-type", "2")]
            if !prefix.isEmpty { query.append(("prefix", prefix)) }
            if let token { query.append(("continuation-token", token)) }
            let (_, body) = try await send("GET", key: nil, query: query, operation: "listing the bucket")
            guard let parsed = ElementTextReader().records(body, record: "Contents") else {
                throw DeployError("listing the bucket: the server's answer is not a ListObjectsV2 listing")
            }
            for record in parsed.records {
                guard let key = record["Key"], let size = record["Size"].flatMap({ Int($0) }) else { continue }
                objects.append(Object(key: key, size: size, etag: Self.unquote(record["ETag"] ?? "")))
            }
            token = parsed.topLevel["IsTruncated"] == "true" ? parsed.topLevel["NextContinuationToken"] : nil
        } while token != nil
        return objects
    }

    public func head(_ key: String) async throws -> Head? {
        do {
            let (headers, _) = try await send("HEAD", key: key, operation: "reading \(key)")
            return Head(
                size: headers.first(name: "content-length").flatMap { Int($0) } ?? 0,
                etag: Self.unquote(headers.first(name: "etag") ?? ""),
                contentHash: headers.first(name: Self.hashMetadata),
                site: headers.first(name: Self.siteMetadata),
                headers: HeaderRules.Headers(
                    contentType: headers.first(name: "content-type") ?? "", cacheControl: headers.first(name: "cache-control") ?? ""))
        } catch let error as NotFound {
            _ = error
            return nil
        }
    }

    /// The object's bytes, or nil when there is none.
    public func get(_ key: String) async throws -> Data? {
        do {
            return try await send("GET", key: key, operation: "reading \(key)").body
        } catch is NotFound {
            return nil
        }
    }

    /// Streams the object's bytes into a file; false when there is no object.
    public func download(_ key: String, to file: URL) async throws -> Bool {
        do {
            _ = try await send("GET", key: key, operation: "reading \(key)", into: file)
            return true
        } catch is NotFound {
            return false
        }
    }

    /// Stores `body` under `key` with its MD5 (`Content-MD5`: the server refuses other bytes than
    /// these); returns the ETag the server gave it. An ETag that is an MD5 must be this one.
    @discardableResult
    public func put(_ key: String, body: Data, headers: HeaderRules.Headers, contentHash: String?, site: String? = nil) async throws -> String {
        let md5 = Data(Insecure.MD5.hash(data: body))
        var extra: [(name: String, value: String)] = [
            ("content-type", headers.contentType), ("cache-control", headers.cacheControl), ("content-md5", md5.base64EncodedString())
        ]
        if let contentHash { extra.append((Self.hashMetadata, contentHash)) }
        if let site { extra.append((Self.siteMetadata, site)) }
        let (answer, _) = try await send("PUT", key: key, headers: extra, body: body, operation: "uploading \(key)")
        let etag = Self.unquote(answer.first(name: "etag") ?? "")
        if Self.isMD5(etag), etag.lowercased() != S3Signer.hex(md5) {
            throw DeployError("uploading \(key): the server stored other bytes than were sent (ETag \(etag), MD5 \(S3Signer.hex(md5)))")
        }
        return etag
    }

    /// Stores a file's bytes under `key`, read a megabyte at a time (twice: once to sign them, once to send them).
    public func put(_ key: String, file: URL, headers: HeaderRules.Headers) async throws {
        var sha = SHA256()
        var md5 = Insecure.MD5()
        var size = 0
        for try await chunk in FileChunks(url: file) {
            chunk.withUnsafeReadableBytes { bytes in
                sha.update(bufferPointer: bytes)
                md5.update(bufferPointer: bytes)
            }
            size += chunk.readableBytes
        }
        let body = FileBody(url: file, size: size, sha256: S3Signer.hex(sha.finalize()))
        let extra: [(name: String, value: String)] = [
            ("content-type", headers.contentType), ("cache-control", headers.cacheControl),
            ("content-md5", Data(md5.finalize()).base64EncodedString())
        ]
        _ = try await send("PUT", key: key, headers: extra, operation: "uploading \(key)", from: body)
    }

    /// A file sent as a request's body.
    struct FileBody {
        var url: URL
        var size: Int
        var sha256: String
    }

    /// A file's bytes a megabyte at a time.
    struct FileChunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let url: URL

        struct AsyncIterator: AsyncIteratorProtocol {
            let handle: FileHandle?
            mutating func next() async throws -> ByteBuffer? {
                guard let handle else { return nil }
                guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else {
                    try? handle.close()
                    return nil
                }
                return ByteBuffer(bytes: data)
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(handle: FileHandle(forReadingAtPath: url.path))
        }
    }

    /// Whether an ETag is the MD5 of the object's bytes (a single-part upload without SSE-KMS):
    /// 32 hexadecimal digits. A multipart upload's ETag ends in `-N`.
    public static func isMD5(_ etag: String) -> Bool {
        etag.utf8.count == 32 && etag.allSatisfy(\.isHexDigit)
    }

    /// Deletes the keys, a thousand to a request; throws on the first key the server refused.
    public func delete(_ keys: [String]) async throws {
        var start = 0
        while start < keys.count {
            let batch = keys[start..<min(start + 1000, keys.count)]
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Quiet>true</Quiet>"
            for key in batch { xml += "<Object><Key>\(Self.escapeXML(key))</Key></Object>" }
            xml += "</Delete>"
            let body = Data(xml.utf8)
            let md5 = Data(Insecure.MD5.hash(data: body)).base64EncodedString()
            let (_, answer) = try await send(
                "POST", key: nil, query: [("delete", "")], headers: [("content-md5", md5), ("content-type", "application/xml")], body: body,
                operation: "deleting \(batch.count) files")
            if let failed = ElementTextReader().records(answer, record: "Error")?.records.first {
                throw DeployError(
                    "deleting \(failed["Key"] ?? "a file"): the server answered \(failed["Code"] ?? "an error"): \(failed["Message"] ?? "")")
            }
            start += batch.count
        }
    }

    struct NotFound: Error {}

    /// Signs and sends one request; a 404 on a key is `NotFound`, any other failure a `DeployError`.
    func send(
        _ method: String, key: String?, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
        body: Data = Data(), operation: String, into file: URL? = nil, from upload: FileBody? = nil
    ) async throws -> (headers: HTTPHeaders, body: Data) {
        let host = endpoint.host ?? ""
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let virtualHost = !location.pathStyle
        let authority = (virtualHost ? location.bucket + "." : "") + host + port
        // A bucket's own requests (listing, deleting) name no key: `/BUCKET`, not `/BUCKET/`, as AWS's SDKs send them.
        let bucketPath = virtualHost ? "" : "/" + location.bucket
        let objectPath = key.map { bucketPath + "/" + $0 } ?? (bucketPath.isEmpty ? "/" : bucketPath)
        let payloadHash = upload?.sha256 ?? S3Signer.sha256Hex(body)
        let request = S3Signer.Request(
            method: method, host: authority, path: objectPath, query: query,
            headers: headers + [("x-amz-content-sha256", payloadHash)], payloadHash: payloadHash)
        let signed = signer.sign(request, at: Date())
        let queryText = S3Signer.canonicalQuery(query)
        let basePath = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        let url =
            "\(endpoint.scheme ?? "https")://\(authority)\(basePath)\(S3Signer.encode(objectPath, keepingSlashes: true))"
            + (queryText.isEmpty ? "" : "?" + queryText)
        var http = HTTPClientRequest(url: url)
        http.method = HTTPMethod(rawValue: method)
        for (name, value) in request.headers + signed.headers { http.headers.add(name: name, value: value) }
        if let upload {
            http.body = .stream(FileChunks(url: upload.url), length: .known(Int64(upload.size)))
        } else if !body.isEmpty || method == "PUT" || method == "POST" {
            http.body = .bytes(ByteBuffer(bytes: body))
        }
        let response: HTTPClientResponse
        let data: Data
        do {
            response = try await self.http.execute(http, timeout: timeout)
            if let file, (200..<300).contains(Int(response.status.code)) {
                // A large body (a deploy record of a million files) goes to disk a piece at a time.
                guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = FileHandle(forWritingAtPath: file.path) else {
                    throw DeployError("\(operation): cannot write \(file.path)")
                }
                defer { try? handle.close() }
                for try await buffer in response.body { try handle.write(contentsOf: Data(buffer.readableBytesView)) }
                data = Data()
            } else {
                let buffer = try await response.body.collect(upTo: 64 << 20)
                data = Data(buffer.readableBytesView)
            }
        } catch let error as DeployError {
            throw error
        } catch {
            throw DeployError("\(operation): \(describe(error))")
        }
        let status = Int(response.status.code)
        if (200..<300).contains(status) { return (response.headers, data) }
        if status == 404, key != nil, S3ErrorExplainer.parse(data)?.code != "NoSuchBucket" { throw NotFound() }
        if status == 404, key == nil, data.isEmpty || S3ErrorExplainer.parse(data) == nil {
            throw DeployError(
                "\(operation): the server at \(endpointDescription) answered HTTP 404 with no S3 error: "
                    + "it does not look like an S3 endpoint (is the endpoint URL the storage API's, not a website's?)")
        }
        throw DeployError(
            S3ErrorExplainer.explain(
                status: status, body: data, bucket: location.bucket, endpoint: endpointDescription, credentials: signer.credentials,
                operation: operation))
    }

    /// A connection failure, in words, with a hint when the address cannot work: a bucket name
    /// put before an IP address or `localhost` (virtual-host style) names no host.
    func describe(_ error: Error) -> String {
        let message = Self.describe(error, endpoint: endpointDescription)
        guard !location.pathStyle, Self.isAddressOrLoopback(endpoint.host ?? "") else { return message }
        return "\(message); the endpoint is an IP address or localhost, where \(location.bucket).\(endpoint.host ?? "") "
            + "names no host: add path_style=true to the target URL"
    }

    static func isAddressOrLoopback(_ host: String) -> Bool {
        let trimmed = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if trimmed == "localhost" || trimmed.hasSuffix(".localhost") || trimmed.contains(":") { return true }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    /// A connection failure, in words: refused, gone mid-request, or timed out.
    static func describe(_ error: Error, endpoint: String) -> String {
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("ECONNREFUSED") {
            return "cannot connect to \(endpoint): connection refused (is the server running, and the endpoint right?)"
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .remoteConnectionClosed, .cancelled:
                return "the server at \(endpoint) closed the connection mid-request"
            case .readTimeout, .deadlineExceeded:
                return "the server at \(endpoint) did not answer in time"
            case .connectTimeout:
                return "cannot connect to \(endpoint): timed out"
            default:
                break
            }
        }
        if text.contains("connectTimeout") { return "cannot connect to \(endpoint): timed out" }
        if text.contains("ioOnClosedChannel") || text.contains("remoteConnectionClosed") || text.contains("connectionReset")
            || text.contains("Connection reset")
        {
            return "the server at \(endpoint) went away mid-request"
        }
        return "cannot reach \(endpoint): \(text)"
    }

    static func unquote(_ etag: String) -> String {
        etag.count >= 2 && etag.hasPrefix("\"") && etag.hasSuffix("\"") ? String(etag.dropFirst().dropLast()) : etag
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }
}
