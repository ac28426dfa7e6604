import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Turns an S3 error response (`<Error><Code>…`) into a sentence that says what is wrong and
/// what to do, naming the target and never showing the secret key (the key id masked).
package enum S3ErrorExplainer {
    /// The fields of an `<Error>` document.
    package struct ServerError: Sendable, Equatable {
        package var code: String
        package var message: String
        package var fields: [String: String]
    }

    package static func parse(_ body: Data) -> ServerError? {
        let reader = ElementTextReader()
        guard let fields = reader.read(body, rootElement: "Error"), let code = fields["Code"] else { return nil }
        return ServerError(code: code, message: fields["Message"] ?? "", fields: fields)
    }

    package static func explain(
        status: Int, body: Data, bucket: String, endpoint: String, credentials: S3Credentials, operation: String
    ) -> String {
        let key = credentials.maskedKeyID
        guard let error = parse(body) else {
            switch status {
            case 404: return "\(operation): the bucket \(bucket) does not exist at \(endpoint) (HTTP 404)"
            case 403: return "\(operation): access denied to the bucket \(bucket) for the access key \(key) (HTTP 403)"
            default: return "\(operation): the server answered HTTP \(status)"
            }
        }
        switch error.code {
        case "InvalidAccessKeyId":
            return "\(operation): the server does not know the access key \(key) (InvalidAccessKeyId): "
                + "check AWS_ACCESS_KEY_ID, or the profile in ~/.aws/credentials"
        case "SignatureDoesNotMatch":
            return "\(operation): the secret key does not belong to the access key \(key) (SignatureDoesNotMatch): "
                + "check AWS_SECRET_ACCESS_KEY, or the profile in ~/.aws/credentials"
        case "NoSuchBucket":
            return "\(operation): the bucket \(bucket) does not exist at \(endpoint) (NoSuchBucket): create it, or correct the target"
        case "RequestTimeTooSkewed":
            return "\(operation): this machine's clock is off\(skew(error)) from the server's (RequestTimeTooSkewed): "
                + "set the clock right (NTP), then deploy again"
        case "AccessDenied":
            return "\(operation): the access key \(key) may not do this on the bucket \(bucket) (AccessDenied): check its policy"
        case "ExpiredToken", "InvalidToken", "TokenRefreshRequired":
            return "\(operation): the session token has expired or is not valid (\(error.code)): renew AWS_SESSION_TOKEN"
        case "PermanentRedirect", "AuthorizationHeaderMalformed", "IllegalLocationConstraintException":
            let region = error.fields["Region"].map { " (the bucket is in \($0): add ?region=\($0) to the target)" } ?? ""
            return "\(operation): the bucket \(bucket) is not in the target's region\(region) (\(error.code))"
        default:
            let message = error.message.isEmpty ? "" : ": \(error.message)"
            return "\(operation): the server answered \(error.code) (HTTP \(status))\(message)"
        }
    }

    /// ` by 3,605 s (the server's time is 2026-11-28T17:00:00Z)`, from the times the error carries.
    static func skew(_ error: ServerError) -> String {
        let formats = ["yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "yyyyMMdd'T'HHmmss'Z'", "EEE, dd MMM yyyy HH:mm:ss zzz"]
        func date(_ text: String?) -> Date? {
            guard let text else { return nil }
            for format in formats {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = format
                if let date = formatter.date(from: text) { return date }
            }
            return nil
        }
        guard let request = date(error.fields["RequestTime"]), let server = date(error.fields["ServerTime"]) else { return "" }
        let seconds = Int(request.timeIntervalSince(server).rounded())
        let direction = seconds > 0 ? "ahead" : "behind"
        return " by \(abs(seconds)) s (\(direction); the server's time is \(error.fields["ServerTime"] ?? ""))"
    }
}

/// The text of each child element of one root element, by name (the last wins), or of every
/// element with a given name in order: small S3 responses read with Foundation's XMLParser.
final class ElementTextReader: NSObject, XMLParserDelegate {
    private var stack: [String] = []
    private var text = ""
    private var fields: [String: String] = [:]
    private var rootElement = ""
    private var foundRoot = false
    private var records: [[String: String]] = []
    private var recordElement: String?
    private var current: [String: String] = [:]
    private var topLevel: [String: String] = [:]

    func read(_ data: Data, rootElement: String) -> [String: String]? {
        self.rootElement = rootElement
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse(), foundRoot else { return nil }
        return fields
    }

    /// Each `record` element's children as a dictionary, and the document's other second-level elements.
    func records(_ data: Data, record: String) -> (records: [[String: String]], topLevel: [String: String])? {
        recordElement = record
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else { return nil }
        return (records, topLevel)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:])
    {
        if stack.isEmpty, name == rootElement { foundRoot = true }
        if name == recordElement { current = [:] }
        stack.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
        if let recordElement {
            if name == recordElement {
                records.append(current)
            } else if stack.last == recordElement {
                current[name] = text
            } else if stack.count == 1 {
                topLevel[name] = text
            }
        } else if stack.count == 1, foundRoot {
            fields[name] = text
        }
        text = ""
    }
}
