import CCurl
import Foundation
import MastheadSupport

/// One HTTP exchange as `CurlSession` performs it.
struct HTTPRequest: Sendable {
    enum Body: Sendable {
        case none
        case bytes(Data)
        /// Read from the file as it is sent (a deploy record of a million files is not held in memory).
        case file(path: String, size: Int)
    }

    var method: String
    /// Percent-encoded already: sent as it is.
    var url: String
    var headers: [(name: String, value: String)]
    var body: Body = .none
    /// A 2xx answer's body goes into this file instead of memory.
    var bodyFile: URL?
}

struct HTTPResponse: Sendable {
    var status: Int
    /// Names lowercased, in the order the server sent them.
    var headers: [(name: String, value: String)]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }
}

/// A request that got no HTTP answer: refused, timed out, cut off, a certificate not trusted.
struct TransferError: Error, Sendable {
    var code: CURLcode
    /// libcurl's words for it (its error buffer).
    var message: String
    /// The system's error number behind it, when there is one (`ECONNREFUSED`).
    var systemError: Int32 = 0
}

/// How `CurlSession` connects: timeouts, and a file of certificate authorities to trust instead of the system's.
struct TransferOptions: Sendable {
    var connectTimeout = 10
    /// A transfer that moves no byte for this many seconds fails.
    var stallTimeout = 60
    var caFile: String?
    /// A connection for each request: plain HTTP through a proxy, which tinyproxy (1.11) answers once per
    /// connection, keeping it open without relaying the next request (curl would wait until the stall timeout).
    var oneRequestPerConnection = false
}

/// HTTP over libcurl's multi interface: one thread drives every transfer of the session, so a
/// deploy's parallel uploads share connections (HTTP/2 over TLS where the server speaks it) and
/// no thread of Swift's pool blocks on the network. libcurl reads the `http_proxy`,
/// `HTTPS_PROXY` and `NO_PROXY` variables itself, and trusts the system's certificates.
final class CurlSession: @unchecked Sendable {
    private struct Queue {
        var pending: [Transfer] = []
        var stopping = false
    }

    /// Touched by the session's thread only, but for `curl_multi_wakeup`, which is safe from any thread.
    private let multi: UnsafeMutableRawPointer
    private let queue = Locked(Queue())
    let options: TransferOptions

    private static let initialized: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    init(options: TransferOptions) {
        _ = Self.initialized
        self.options = options
        multi = curl_multi_init()
        let thread = Thread { [self] in run() }
        thread.name = "masthead-curl"
        thread.start()
    }

    /// Sends the request; its answer whatever its status, or a `TransferError` when none came.
    func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = try Transfer(request, options: options)
        return try await withCheckedThrowingContinuation { continuation in
            transfer.continuation = continuation
            let refused = queue.withLock { queue -> Bool in
                if queue.stopping { return true }
                queue.pending.append(transfer)
                curl_multi_wakeup(multi)
                return false
            }
            if refused { transfer.finish(CURLE_ABORTED_BY_CALLBACK, message: "the session is closed") }
        }
    }

    /// Ends the session's thread; transfers still running fail.
    func shutdown() {
        // Under the lock: the thread frees the multi handle only once it has seen `stopping`, after this wakeup.
        queue.withLock { queue in
            queue.stopping = true
            curl_multi_wakeup(multi)
        }
    }

    private func run() {
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        while true {
            let (added, stopping) = queue.withLock { queue in
                let added = queue.pending
                queue.pending = []
                return (added, queue.stopping)
            }
            for transfer in added {
                curl_multi_add_handle(multi, transfer.easy)
                active[transfer.easy] = transfer
            }
            if stopping { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = active.removeValue(forKey: easy)
                else { continue }
                let result = message.pointee.data.result
                curl_multi_remove_handle(multi, easy)
                transfer.finish(result)
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        for (easy, transfer) in active {
            curl_multi_remove_handle(multi, easy)
            transfer.finish(CURLE_ABORTED_BY_CALLBACK, message: "the session was closed mid-request")
        }
        curl_multi_cleanup(multi)
    }
}

/// One request's easy handle and what its callbacks gather. Touched by the session's thread only,
/// once `perform` has queued it.
private final class Transfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let request: HTTPRequest
    var continuation: CheckedContinuation<HTTPResponse, Error>?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var requestBytes = Data()
    private var sentOffset = 0
    private var inputFile: Int32 = -1
    private var outputFile: Int32 = -1
    private var responseHeaders: [(name: String, value: String)] = []
    private var responseBody = Data()
    private var writeFailure: String?

    init(_ request: HTTPRequest, options: TransferOptions) throws {
        if case .file(let path, _) = request.body {
            inputFile = open(path, O_RDONLY | O_CLOEXEC)
            guard inputFile >= 0 else {
                throw TransferError(code: CURLE_READ_ERROR, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
        }
        guard let easy = curl_easy_init() else {
            if inputFile >= 0 { close(inputFile) }
            throw TransferError(code: CURLE_OUT_OF_MEMORY, message: "curl_easy_init failed")
        }
        self.easy = easy
        self.request = request
        errorBuffer[0] = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        setString(CURLOPT_URL, request.url)
        masthead_curl_set_long(easy, CURLOPT_PATH_AS_IS, 1)  // S3 keys are paths as they are: no `..` squashed
        masthead_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        masthead_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT, options.connectTimeout)
        masthead_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        masthead_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, options.stallTimeout)
        masthead_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        setString(CURLOPT_USERAGENT, "masthead")
        if let caFile = options.caFile { setString(CURLOPT_CAINFO, caFile) }
        if options.oneRequestPerConnection { masthead_curl_set_long(easy, CURLOPT_FORBID_REUSE, 1) }
        // The server's answer before its body (a proxy's CONNECT answer first, on HTTPS through a proxy).
        masthead_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)
        masthead_curl_set_write(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
            transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        masthead_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
        masthead_curl_set_write(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        // Without `Expect: 100-continue`, which costs a round trip per upload.
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        switch request.method {
        case "GET":
            break
        case "HEAD":
            masthead_curl_set_long(easy, CURLOPT_NOBODY, 1)
        default:
            setString(CURLOPT_CUSTOMREQUEST, request.method)
        }
        var size: Int?
        switch request.body {
        case .none:
            break
        case .bytes(let data):
            requestBytes = data
            size = data.count
        case .file(_, let fileSize):
            size = fileSize
        }
        if let size {
            lines.append("Expect:")
            masthead_curl_set_long(easy, CURLOPT_UPLOAD, 1)
            masthead_curl_set_offset(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(size))
            masthead_curl_set_pointer(easy, CURLOPT_READDATA, context)
            masthead_curl_set_read(easy) { buffer, size, count, context in
                let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
                return transfer.send(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
            }
            // A request sent again on a new connection (the reused one had closed) starts its body again.
            masthead_curl_set_pointer(easy, CURLOPT_SEEKDATA, context)
            masthead_curl_set_seek(easy) { context, offset, origin in
                let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
                return transfer.rewind(to: Int(offset), origin: origin) ? CURL_SEEKFUNC_OK : CURL_SEEKFUNC_FAIL
            }
        }
        for line in lines { headerList = curl_slist_append(headerList, line) }
        masthead_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList)
    }

    private func setString(_ option: CURLoption, _ value: String) {
        // libcurl copies the string.
        _ = value.withCString { masthead_curl_set_pointer(easy, option, $0) }
    }

    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new answer (after `100 Continue` or a proxy's): only the last one's headers count.
            responseHeaders = []
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            responseHeaders.append((name, value))
        }
    }

    /// A 2xx answer's body into `bodyFile` when there is one; any other body in memory, up to 64 MB.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let status = masthead_curl_status(easy)
        if let file = request.bodyFile, (200..<300).contains(status) {
            if outputFile < 0, !openOutput(file) { return false }
            var written = 0
            while written < bytes.count {
                let count = write(outputFile, bytes.baseAddress! + written, bytes.count - written)
                guard count > 0 else {
                    writeFailure = "cannot write \(file.path): \(String(cString: strerror(errno)))"
                    return false
                }
                written += count
            }
            return true
        }
        guard responseBody.count + bytes.count <= 64 << 20 else {
            writeFailure = "the server's answer is larger than 64 MB"
            return false
        }
        responseBody.append(bytes.bindMemory(to: UInt8.self))
        return true
    }

    private func openOutput(_ file: URL) -> Bool {
        outputFile = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if outputFile < 0 { writeFailure = "cannot write \(file.path): \(String(cString: strerror(errno)))" }
        return outputFile >= 0
    }

    private func send(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if inputFile >= 0 {
            let count = read(inputFile, buffer.baseAddress, buffer.count)
            return count >= 0 ? count : Int(CURL_READFUNC_ABORT)
        }
        let count = min(buffer.count, requestBytes.count - sentOffset)
        requestBytes.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + sentOffset, byteCount: count)
        }
        sentOffset += count
        return count
    }

    private func rewind(to offset: Int, origin: Int32) -> Bool {
        guard origin == SEEK_SET else { return false }
        if inputFile >= 0 { return lseek(inputFile, off_t(offset), SEEK_SET) == off_t(offset) }
        sentOffset = min(offset, requestBytes.count)
        return true
    }

    /// Hands the answer (or the failure) to the waiting task, and frees the handle.
    func finish(_ result: CURLcode, message: String? = nil) {
        let status = Int(masthead_curl_status(easy))
        if result == CURLE_OK, let file = request.bodyFile, (200..<300).contains(status), outputFile < 0 {
            _ = openOutput(file)  // an empty body is an empty file
        }
        let detail = message ?? writeFailure ?? (errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(result)))
        let outcome: Result<HTTPResponse, Error> =
            result == CURLE_OK && writeFailure == nil
            ? .success(HTTPResponse(status: status, headers: responseHeaders, body: responseBody))
            : .failure(TransferError(code: result, message: detail, systemError: Int32(masthead_curl_os_errno(easy))))
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
        if inputFile >= 0 { close(inputFile) }
        if outputFile >= 0 { close(outputFile) }
        continuation?.resume(with: outcome)
        continuation = nil
    }
}
