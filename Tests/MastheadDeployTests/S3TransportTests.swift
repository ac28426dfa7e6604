import Foundation
import Testing

@testable import MastheadDeploy

/// The HTTP under `masthead deploy` (libcurl, `CurlSession`): what goes on the wire is what was signed, S3's
/// "slow down" and internal errors are tried again, a deploy goes through an HTTP proxy (Debian's tinyproxy) and
/// to a TLS endpoint whose certificate is trusted only through `ca_file=`. Each a few seconds, on a small site.
@Suite(.serialized) struct S3TransportTests {
    static let bucket = "magazine-www"
    static let credentials = S3DeployTests.credentials
    static let signerCredentials = S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")

    func deploy(_ site: GeneratedSite, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        try Processes.masthead(
            ["deploy", "--site", site.folder.path] + arguments, environment: Self.credentials.merging(environment) { _, new in new })
    }

    /// The bucket under www/ holds the output folder's files, byte for byte, as boto3 reads them back.
    func expectDeployed(_ site: GeneratedSite, _ server: MotoServer) throws {
        var remote: [String: String] = [:]
        for (key, object) in try server.dump(Self.bucket) where key.hasPrefix("www/") && key != "www/" + DeployRecord.fileName {
            remote[String(key.dropFirst(4))] = object.sha256
        }
        #expect(remote == (try site.outputFiles()))
    }

    @Test func slowDownAndInternalErrorsAreTriedAgainAndTheHeadersSentAreTheOnesSigned() async throws {
        let server = try FlakyS3Server(failures: ["SlowDown", "InternalError"])
        defer { server.stop() }
        let location = DeployTarget.S3Location(
            bucket: Self.bucket, prefix: "", region: "eu-south-1", endpoint: URL(string: server.endpoint)!, pathStyle: true)
        let client = S3Client(location: location, credentials: Self.signerCredentials, retryDelay: .milliseconds(10))
        let body = Data("<p>Il caffè</p>".utf8)
        let etag = try await client.put(
            "articles/il caffè/index.html", body: body,
            headers: HeaderRules.Headers(contentType: "text/html; charset=utf-8", cacheControl: "no-cache"),
            contentHash: "hash-of-the-page", site: "https://example.org/")
        await client.shutdown()
        #expect(etag == S3Signer.hex(Digest.md5(body)))
        let requests = try server.requests()
        #expect(requests.map(\.method) == ["PUT", "PUT", "PUT"], "one upload, tried again after 503 SlowDown and 500 InternalError")
        // The last request as the server read it, signed again from its own headers: the same signature means every
        // signed header went out with the value signed, and the path as it was signed.
        let sent = try #require(requests.last)
        #expect(sent.path == "/magazine-www/articles/il%20caff%C3%A8/index.html")
        let authorization = try #require(sent.headers["authorization"])
        let signedNames = try #require(authorization.split(separator: " ").first { $0.hasPrefix("SignedHeaders=") })
            .dropFirst("SignedHeaders=".count).dropLast().split(separator: ";").map(String.init)
        #expect(signedNames.contains("content-md5") && signedNames.contains("x-amz-meta-masthead-hash") && signedNames.contains("host"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let date = try #require(formatter.date(from: sent.headers["x-amz-date"] ?? ""))
        let request = S3Signer.Request(
            method: sent.method, host: sent.headers["host"] ?? "", path: try #require(sent.path.removingPercentEncoding),
            headers: signedNames.filter { !["host", "x-amz-date"].contains($0) }.map { ($0, sent.headers[$0] ?? "(not sent)") },
            payloadHash: sent.headers["x-amz-content-sha256"] ?? "")
        let signer = S3Signer(credentials: Self.signerCredentials, region: "eu-south-1")
        #expect(signer.sign(request, at: date).authorization == authorization)
        #expect(sent.headers["x-amz-content-sha256"] == S3Signer.sha256Hex(body))
        #expect(sent.headers["expect"] == nil, "no 100-continue round trip")
    }

    @Test func aDeployGoesThroughTheHTTPProxyTheEnvironmentNames() throws {
        let server = try MotoServer()
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        try site.build()
        let target = "s3://\(Self.bucket)/www?endpoint=\(server.endpoint)&path_style=true"
        let run = try deploy(site, [target, "--quiet"], environment: ["http_proxy": proxy.url, "NO_PROXY": ""])
        #expect(run.status == 0, "\(run.errors)")
        try expectDeployed(site, server)
        let forwarded = try proxy.requests()
        let prefix = "PUT \(server.endpoint)/\(Self.bucket)/www/"
        let uploaded = Set(forwarded.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).dropLast(" HTTP/1.1".count)) })
        // Every file, and the deploy record (written first, then with the files' entries).
        #expect(uploaded == Set(try site.outputFiles().keys.map { $0.replacingOccurrences(of: " ", with: "%20") } + [DeployRecord.fileName]))
        #expect(forwarded.contains("GET \(server.endpoint)/\(Self.bucket)?list-type=2&prefix=www%2F HTTP/1.1"))
    }

    @Test func aTLSEndpointWithAPrivateCertificateIsTrustedOnlyThroughCAFile() throws {
        let certificate = try TestCertificate()
        defer { certificate.remove() }
        let server = try MotoServer(tls: certificate)
        defer { server.stop() }
        try server.createBucket(Self.bucket)
        let site = try GeneratedSite(articles: 3)
        defer { site.remove() }
        try site.build()
        let target = "s3://\(Self.bucket)/www?endpoint=\(server.endpoint)&path_style=true"

        let untrusted = try deploy(site, [target])
        #expect(untrusted.status == 1)
        #expect(
            untrusted.errors.contains(
                "deploy target \(target): listing the bucket: the certificate of \(server.endpoint) is not trusted "
                    + "(SSL certificate problem: self-signed certificate): for a server whose certificate a private authority signed, "
                    + "name that authority's certificate with ca_file=PATH in the target URL"), "\(untrusted.errors)")
        #expect(try server.dump(Self.bucket).isEmpty)

        let trusted = try deploy(site, [target + "&ca_file=\(certificate.certificate.path)", "--quiet"])
        #expect(trusted.status == 0, "\(trusted.errors)")
        try expectDeployed(site, server)

        let missing = try deploy(site, [target + "&ca_file=/nonexistent/ca.pem"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("ca_file \"/nonexistent/ca.pem\" is not a file that can be read"))
    }
}
