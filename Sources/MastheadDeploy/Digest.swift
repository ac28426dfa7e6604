import CLibcrypto
import Foundation

/// MD5 (S3's `Content-MD5` and single-part ETags), SHA-256 and HMAC-SHA-256 (Signature V4), from the
/// system's libcrypto: the OpenSSL libcurl links already.
package final class Digest {
    private let context: OpaquePointer

    package static func md5() -> Digest { Digest(EVP_md5()) }
    package static func sha256() -> Digest { Digest(EVP_sha256()) }

    private init(_ algorithm: OpaquePointer?) {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, algorithm, nil)
    }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
    }

    package func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// The digest of what was given; call it once.
    package func finalize() -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &output, &length)
        return Array(output.prefix(Int(length)))
    }

    package static func md5(_ data: Data) -> [UInt8] {
        let digest = md5()
        digest.update(data)
        return digest.finalize()
    }

    package static func sha256(_ data: Data) -> [UInt8] {
        let digest = sha256()
        digest.update(data)
        return digest.finalize()
    }

    package static func hmacSHA256(key: [UInt8], _ message: Data) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        message.withUnsafeBytes { bytes in
            _ = HMAC(EVP_sha256(), key, Int32(key.count), bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &output, &length)
        }
        return Array(output.prefix(Int(length)))
    }
}
