import Foundation
import Testing

@testable import MastheadDeploy

/// The signer against AWS's published Signature Version 4 vectors.
///
/// - The suite cases come from AWS's "Signature Version 4 test suite"
///   (docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html, as awslabs/aws-c-auth carries it under
///   tests/aws-signing-test-suite/v4): credentials `AKIDEXAMPLE`, region us-east-1, service `service`,
///   20150830T123600Z, host example.amazonaws.com. `post-x-www-form-urlencoded` is aws-c-auth's form of the case,
///   which signs content-length and x-amz-content-sha256 too.
/// - The S3 cases are the four examples of "Signature Calculations for the Authorization Header: Transferring
///   Payload in a Single Chunk" (docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html):
///   `AKIAIOSFODNN7EXAMPLE`, bucket examplebucket, 20130524T000000Z.
@Suite struct S3SignerTests {
    struct Vector: CustomStringConvertible, Sendable {
        var name: String
        var method: String
        var path: String
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        var sessionToken: String?
        var payloadHash = S3Signer.emptyPayloadHash
        var canonicalRequest: String
        var signature: String
        var description: String { name }
    }

    static let suiteCredentials = S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
    static let empty = S3Signer.emptyPayloadHash

    static let suite: [Vector] = [
        Vector(
            name: "get-vanilla", method: "GET", path: "/",
            canonicalRequest: "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(empty)",
            signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "get-vanilla-query-order-key-case", method: "GET", path: "/", query: [("Param2", "value2"), ("Param1", "value1")],
            canonicalRequest:
                "GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(empty)",
            signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        Vector(
            name: "get-vanilla-query-order-encoded", method: "GET", path: "/",
            query: [("Param-3", "Value3"), ("Param", "Value2"), ("\u{1234}", "Value1")],
            canonicalRequest: "GET\n/\n%E1%88%B4=Value1&Param=Value2&Param-3=Value3\nhost:example.amazonaws.com\n"
                + "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(empty)",
            signature: "371d3713e185cc334048618a97f809c9ffe339c62934c032af5a0e595648fcac"),
        Vector(
            name: "get-utf8", method: "GET", path: "/\u{1234}",
            canonicalRequest: "GET\n/%E1%88%B4\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(empty)",
            signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        Vector(
            name: "get-space-unnormalized", method: "GET", path: "/example space/",
            canonicalRequest: "GET\n/example%20space/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(empty)",
            signature: "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"),
        Vector(
            name: "get-header-key-duplicate", method: "GET", path: "/",
            headers: [("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")],
            canonicalRequest: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value2,value2,value1\nx-amz-date:20150830T123600Z\n\n"
                + "host;my-header1;x-amz-date\n\(empty)",
            signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
        Vector(
            name: "get-header-value-trim", method: "GET", path: "/", headers: [("My-Header1", " value1"), ("My-Header2", " \"a   b   c\"")],
            canonicalRequest: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:\"a b c\"\nx-amz-date:20150830T123600Z\n\n"
                + "host;my-header1;my-header2;x-amz-date\n\(empty)",
            signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Vector(
            name: "post-header-value-case", method: "POST", path: "/", headers: [("My-Header1", "VALUE1")],
            canonicalRequest: "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:VALUE1\nx-amz-date:20150830T123600Z\n\n"
                + "host;my-header1;x-amz-date\n\(empty)",
            signature: "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"),
        Vector(
            name: "post-x-www-form-urlencoded", method: "POST", path: "/",
            headers: [
                ("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "13"),
                ("x-amz-content-sha256", "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e")
            ],
            payloadHash: "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
            canonicalRequest: "POST\n/\n\ncontent-length:13\ncontent-type:application/x-www-form-urlencoded\nhost:example.amazonaws.com\n"
                + "x-amz-content-sha256:9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e\nx-amz-date:20150830T123600Z\n\n"
                + "content-length;content-type;host;x-amz-content-sha256;x-amz-date\n"
                + "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
            signature: "d3875051da38690788ef43de4db0d8f280229d82040bfac253562e56c3f20e0b"),
        Vector(
            name: "get-vanilla-with-session-token", method: "GET", path: "/",
            sessionToken: "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267",
            canonicalRequest: "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n"
                + "x-amz-security-token:6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267\n\n"
                + "host;x-amz-date;x-amz-security-token\n\(empty)",
            signature: "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8")
    ]

    @Test(arguments: suite)
    func signsTheTestSuiteCase(_ vector: Vector) {
        var credentials = Self.suiteCredentials
        credentials.sessionToken = vector.sessionToken
        let signer = S3Signer(credentials: credentials, region: "us-east-1", service: "service")
        let request = S3Signer.Request(
            method: vector.method, host: "example.amazonaws.com", path: vector.path, query: vector.query, headers: vector.headers,
            payloadHash: vector.payloadHash)
        let signed = signer.sign(request, at: Self.suiteDate)
        #expect(signed.canonicalRequest == vector.canonicalRequest)
        #expect(signed.signature == vector.signature)
        let signedHeaders = vector.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? ""
        #expect(
            signed.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                + "SignedHeaders=\(signedHeaders), Signature=\(vector.signature)")
    }

    static let s3Credentials = S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
    static let welcomeHash = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072"

    static let s3Examples: [Vector] = [
        Vector(
            name: "GET object with Range", method: "GET", path: "/test.txt",
            headers: [("Range", "bytes=0-9"), ("x-amz-content-sha256", empty)],
            canonicalRequest: "GET\n/test.txt\n\nhost:examplebucket.s3.amazonaws.com\nrange:bytes=0-9\nx-amz-content-sha256:\(empty)\n"
                + "x-amz-date:20130524T000000Z\n\nhost;range;x-amz-content-sha256;x-amz-date\n\(empty)",
            signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"),
        Vector(
            name: "PUT object", method: "PUT", path: "/test$file.text",
            headers: [
                ("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
                ("x-amz-content-sha256", welcomeHash)
            ],
            payloadHash: welcomeHash,
            canonicalRequest: "PUT\n/test%24file.text\n\ndate:Fri, 24 May 2013 00:00:00 GMT\nhost:examplebucket.s3.amazonaws.com\n"
                + "x-amz-content-sha256:\(welcomeHash)\nx-amz-date:20130524T000000Z\nx-amz-storage-class:REDUCED_REDUNDANCY\n\n"
                + "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class\n\(welcomeHash)",
            signature: "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"),
        Vector(
            name: "GET bucket lifecycle", method: "GET", path: "/", query: [("lifecycle", "")],
            headers: [("x-amz-content-sha256", empty)],
            canonicalRequest: "GET\n/\nlifecycle=\nhost:examplebucket.s3.amazonaws.com\nx-amz-content-sha256:\(empty)\n"
                + "x-amz-date:20130524T000000Z\n\nhost;x-amz-content-sha256;x-amz-date\n\(empty)",
            signature: "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"),
        Vector(
            name: "list objects", method: "GET", path: "/", query: [("prefix", "J"), ("max-keys", "2")],
            headers: [("x-amz-content-sha256", empty)],
            canonicalRequest: "GET\n/\nmax-keys=2&prefix=J\nhost:examplebucket.s3.amazonaws.com\nx-amz-content-sha256:\(empty)\n"
                + "x-amz-date:20130524T000000Z\n\nhost;x-amz-content-sha256;x-amz-date\n\(empty)",
            signature: "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    ]

    @Test(arguments: s3Examples)
    func signsTheS3Example(_ vector: Vector) {
        let signer = S3Signer(credentials: Self.s3Credentials, region: "us-east-1")
        let request = S3Signer.Request(
            method: vector.method, host: "examplebucket.s3.amazonaws.com", path: vector.path, query: vector.query,
            headers: vector.headers, payloadHash: vector.payloadHash)
        let signed = signer.sign(request, at: Self.s3Date)
        #expect(signed.canonicalRequest == vector.canonicalRequest)
        #expect(signed.signature == vector.signature)
    }

    @Test func theWelcomePayloadHashesAsTheExampleSays() {
        #expect(S3Signer.sha256Hex(Data("Welcome to Amazon S3.".utf8)) == Self.welcomeHash)
    }

    @Test func masksTheKeyID() {
        #expect(Self.s3Credentials.maskedKeyID == "AKIA…MPLE")
    }
}
