import Foundation

/// AWS Signature Version 4 (docs.aws.amazon.com, "Signature Version 4 signing process"): the
/// canonical request, the string to sign and the signature of one HTTP request, checked
/// against AWS's published test vectors (`S3SignerTests`).
package struct S3Signer: Sendable {
    /// One request as the signer sees it. `path` is the object's path as it is (not
    /// percent-encoded): the signer encodes it once, as S3 expects (S3 does not normalize paths).
    package struct Request: Sendable {
        package var method: String
        package var host: String
        package var path: String
        package var query: [(name: String, value: String)]
        package var headers: [(name: String, value: String)]
        /// Hex SHA-256 of the body (`x-amz-content-sha256`).
        package var payloadHash: String

        package init(
            method: String, host: String, path: String, query: [(name: String, value: String)] = [],
            headers: [(name: String, value: String)] = [], payloadHash: String = S3Signer.emptyPayloadHash
        ) {
            self.method = method
            self.host = host
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }
    }

    /// What signing produced: the headers to add to the request, and the steps, for tests.
    package struct Signed: Sendable {
        package var canonicalRequest: String
        package var stringToSign: String
        package var signature: String
        package var authorization: String
        /// `x-amz-date`, `x-amz-security-token` (with a session token) and `authorization`.
        package var headers: [(name: String, value: String)]
    }

    package static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    package var credentials: S3Credentials
    package var region: String
    package var service: String

    package init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    package func sign(_ request: Request, at date: Date) -> Signed {
        let stamp = Self.timestamp(date)
        let day = String(stamp.prefix(8))
        var added: [(name: String, value: String)] = [("x-amz-date", stamp)]
        if let token = credentials.sessionToken { added.append(("x-amz-security-token", token)) }
        let headers = Self.canonicalHeaders([("host", request.host)] + request.headers + added)
        let signedHeaders = headers.map(\.name).joined(separator: ";")
        let canonicalRequest = [
            request.method,
            Self.encode(request.path, keepingSlashes: true),
            Self.canonicalQuery(request.query),
            headers.map { "\($0.name):\($0.value)\n" }.joined(),
            signedHeaders,
            request.payloadHash
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, Self.sha256Hex(Data(canonicalRequest.utf8))].joined(separator: "\n")
        var key = Array(("AWS4" + credentials.secretAccessKey).utf8)
        for part in [day, region, service, "aws4_request"] { key = Digest.hmacSHA256(key: key, Data(part.utf8)) }
        let signature = Self.hex(Digest.hmacSHA256(key: key, Data(stringToSign.utf8)))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        return Signed(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            authorization: authorization, headers: added + [("authorization", authorization)])
    }

    /// `20150830T123600Z`.
    package static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0)
    }

    package static func sha256Hex(_ data: Data) -> String {
        hex(Digest.sha256(data))
    }

    /// Names lowercased, values trimmed with inner runs of spaces made one, repeated names
    /// joined with commas in their order, sorted by name.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var values: [String: [String]] = [:]
        var order: [String] = []
        for (name, value) in headers {
            let lower = name.lowercased()
            if values[lower] == nil { order.append(lower) }
            let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            values[lower, default: []].append(trimmed)
        }
        return order.sorted().map { ($0, values[$0]!.joined(separator: ",")) }
    }

    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        let pairs: [(String, String)] = query.map { pair in
            (encode(pair.name, keepingSlashes: false), encode(pair.value, keepingSlashes: false))
        }
        let sorted = pairs.sorted { (left: (String, String), right: (String, String)) -> Bool in
            left.0 == right.0 ? left.1 < right.1 : left.0 < right.0
        }
        return sorted.map { pair in pair.0 + "=" + pair.1 }.joined(separator: "&")
    }

    /// Percent-encodes every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`), and `/` in paths.
    package static func encode(_ text: String, keepingSlashes: Bool) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    static func hex<D: Sequence>(_ bytes: D) -> String where D.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
