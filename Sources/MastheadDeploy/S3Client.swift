import CCurl
import Foundation

/// The few S3 operations a deploy needs, signed with `S3Signer`, over libcurl (`CurlSession`):
/// ListObjectsV2, HeadObject, GetObject, PutObject and DeleteObjects. An answer of 500, 503 or
/// `SlowDown` is tried again after a pause that doubles each time. Errors are `DeployError`s
/// whose text says what went wrong in the reader's terms (`S3ErrorExplainer`).
package final class S3Client: Sendable {
    /// One object of a listing.
    package struct Object: Sendable, Equatable {
        package var key: String
        package var size: Int
        package var etag: String
    }

    /// What HeadObject tells of an object.
    package struct Head: Sendable, Equatable {
        package var size: Int
        package var etag: String
        package var contentHash: String?
        package var site: String?
        package var headers: HeaderRules.Headers
    }

    /// The metadata header that carries a file's content hash (the build manifest's).
    package static let hashMetadata = "x-amz-meta-masthead-hash"
    /// The metadata header that names the site (its base URL) whose deploy wrote the object.
    package static let siteMetadata = "x-amz-meta-masthead-site"

    package let location: DeployTarget.S3Location
    let signer: S3Signer
    let session: CurlSession
    let endpoint: URL
    /// The pause before the first retry; each next one is twice as long.
    let retryDelay: Duration
    static let retries = 4

    package init(location: DeployTarget.S3Location, credentials: S3Credentials, retryDelay: Duration = .milliseconds(250)) {
        self.location = location
        signer = S3Signer(credentials: credentials, region: location.region)
        endpoint = location.endpoint ?? URL(string: "https://s3.\(location.region).amazonaws.com")!
        self.retryDelay = retryDelay
        // libcurl's proxy variables for an http:// endpoint (https:// goes through a CONNECT tunnel, which keeps its connection).
        let environment = ProcessInfo.processInfo.environment
        let proxied = endpoint.scheme == "http" && ["http_proxy", "all_proxy", "ALL_PROXY"].contains { !(environment[$0] ?? "").isEmpty }
        session = CurlSession(options: TransferOptions(caFile: location.caFile, oneRequestPerConnection: proxied))
    }

    package func shutdown() async {
        session.shutdown()
    }

    /// The endpoint as the reader wrote it, for messages.
    package var endpointDescription: String { endpoint.absoluteString }

    /// Every object whose key starts with `prefix`, handed to `each` a page (a thousand) at a time, in the order
    /// of the keys' bytes.
    package func list(prefix: String, _ each: (Object) throws -> Void) async throws {
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
                try each(Object(key: key, size: size, etag: Self.unquote(record["ETag"] ?? "")))
            }
            token = parsed.topLevel["IsTruncated"] == "true" ? parsed.topLevel["NextContinuationToken"] : nil
        } while token != nil
    }

    package func head(_ key: String) async throws -> Head? {
        do {
            let (headers, _) = try await send("HEAD", key: key, operation: "reading \(key)")
            return Head(
                size: headers.header("content-length").flatMap { Int($0) } ?? 0,
                etag: Self.unquote(headers.header("etag") ?? ""),
                contentHash: headers.header(Self.hashMetadata),
                site: headers.header(Self.siteMetadata),
                headers: HeaderRules.Headers(contentType: headers.header("content-type") ?? "", cacheControl: headers.header("cache-control") ?? ""))
        } catch is NotFound {
            return nil
        }
    }

    /// The object's bytes, or nil when there is none.
    package func get(_ key: String) async throws -> Data? {
        do {
            return try await send("GET", key: key, operation: "reading \(key)").body
        } catch is NotFound {
            return nil
        }
    }

    /// Streams the object's bytes into a file; false when there is no object.
    package func download(_ key: String, to file: URL) async throws -> Bool {
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
    package func put(_ key: String, body: Data, headers: HeaderRules.Headers, contentHash: String?, site: String? = nil) async throws -> String {
        let md5 = Data(Digest.md5(body))
        var extra: [(name: String, value: String)] = [
            ("content-type", headers.contentType), ("cache-control", headers.cacheControl), ("content-md5", md5.base64EncodedString())
        ]
        if let contentHash { extra.append((Self.hashMetadata, contentHash)) }
        if let site { extra.append((Self.siteMetadata, site)) }
        let (answer, _) = try await send("PUT", key: key, headers: extra, body: body, operation: "uploading \(key)")
        let etag = Self.unquote(answer.header("etag") ?? "")
        if Self.isMD5(etag), etag.lowercased() != S3Signer.hex(md5) {
            throw DeployError("uploading \(key): the server stored other bytes than were sent (ETag \(etag), MD5 \(S3Signer.hex(md5)))")
        }
        return etag
    }

    /// Stores a file's bytes under `key`, read a megabyte at a time (twice: once to sign them, once to send them).
    package func put(_ key: String, file: URL, headers: HeaderRules.Headers) async throws {
        let sha = Digest.sha256()
        let md5 = Digest.md5()
        var size = 0
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw DeployError("uploading \(key): cannot read \(file.path)") }
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            sha.update(chunk)
            md5.update(chunk)
            size += chunk.count
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

    /// Whether an ETag is the MD5 of the object's bytes (a single-part upload without SSE-KMS):
    /// 32 hexadecimal digits. A multipart upload's ETag ends in `-N`.
    package static func isMD5(_ etag: String) -> Bool {
        etag.utf8.count == 32 && etag.allSatisfy(\.isHexDigit)
    }

    /// Deletes the keys, a thousand to a request; throws on the first key the server refused.
    package func delete(_ keys: [String]) async throws {
        var start = 0
        while start < keys.count {
            let batch = keys[start..<min(start + 1000, keys.count)]
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Quiet>true</Quiet>"
            for key in batch { xml += "<Object><Key>\(Self.escapeXML(key))</Key></Object>" }
            xml += "</Delete>"
            let body = Data(xml.utf8)
            let md5 = Data(Digest.md5(body)).base64EncodedString()
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

    /// Signs and sends one request, again after a pause on 500, 503 or `SlowDown`; a 404 on a key is
    /// `NotFound`, any other failure a `DeployError`.
    func send(
        _ method: String, key: String?, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
        body: Data = Data(), operation: String, into file: URL? = nil, from upload: FileBody? = nil
    ) async throws -> (headers: HTTPResponse, body: Data) {
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
        let queryText = S3Signer.canonicalQuery(query)
        let basePath = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        let url =
            "\(endpoint.scheme ?? "https")://\(authority)\(basePath)\(S3Signer.encode(objectPath, keepingSlashes: true))"
            + (queryText.isEmpty ? "" : "?" + queryText)
        var http = HTTPRequest(method: method, url: url, headers: [], bodyFile: file)
        if let upload {
            http.body = .file(path: upload.url.path, size: upload.size)
        } else if !body.isEmpty || method == "PUT" || method == "POST" {
            http.body = .bytes(body)
        }
        var attempt = 0
        while true {
            // Signed again for each attempt: the signature carries its time.
            http.headers = request.headers + signer.sign(request, at: Date()).headers
            let response: HTTPResponse
            do {
                response = try await session.perform(http)
            } catch let error as TransferError {
                throw DeployError("\(operation): \(describe(error))")
            }
            let status = response.status
            if (200..<300).contains(status) { return (response, response.body) }
            if attempt < Self.retries, Self.isWorthRetrying(status: status, body: response.body) {
                try await Task.sleep(for: retryDelay * (1 << attempt))
                attempt += 1
                continue
            }
            let data = response.body
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
    }

    /// S3's answers to try again (docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html): an internal
    /// error (500), the service unavailable (503), or asked to slow down.
    static func isWorthRetrying(status: Int, body: Data) -> Bool {
        status == 500 || status == 503 || S3ErrorExplainer.parse(body)?.code == "SlowDown"
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

    /// A request that got no answer, in words: refused, gone mid-request, timed out, or a certificate not trusted.
    static func describe(_ error: Error, endpoint: String) -> String {
        guard let error = error as? TransferError else { return "cannot reach \(endpoint): \(error)" }
        let detail = error.message
        switch error.code {
        case CURLE_COULDNT_CONNECT where error.systemError == ECONNREFUSED || detail.contains("Connection refused"):
            return "cannot connect to \(endpoint): connection refused (is the server running, and the endpoint right?)"
        case CURLE_COULDNT_CONNECT:
            return "cannot connect to \(endpoint): \(detail)"
        case CURLE_COULDNT_RESOLVE_HOST:
            return "cannot find the host of \(endpoint): \(detail)"
        case CURLE_COULDNT_RESOLVE_PROXY:
            return "cannot find the proxy (http_proxy, HTTPS_PROXY): \(detail)"
        case CURLE_OPERATION_TIMEDOUT where detail.contains("Connection timed out") || detail.contains("connect"):
            return "cannot connect to \(endpoint): timed out"
        case CURLE_OPERATION_TIMEDOUT:
            return "the server at \(endpoint) did not answer in time"
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return "the server at \(endpoint) went away mid-request"
        case CURLE_PEER_FAILED_VERIFICATION:
            return "the certificate of \(endpoint) is not trusted (\(detail)): for a server whose certificate a private authority "
                + "signed, name that authority's certificate with ca_file=PATH in the target URL (docs/publishing.md)"
        case CURLE_SSL_CACERT_BADFILE:
            return "cannot read the certificates of ca_file (\(detail))"
        default:
            return "cannot reach \(endpoint): \(detail)"
        }
    }

    static func unquote(_ etag: String) -> String {
        etag.count >= 2 && etag.hasPrefix("\"") && etag.hasSuffix("\"") ? String(etag.dropFirst().dropLast()) : etag
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }
}
