import Testing

@testable import MastheadServer

@Suite("masthead serve: request paths")
struct RequestPathTests {
    @Test func mapsPathsToFilesOfTheSite() {
        #expect(RequestPath.resolve("/") == .file("index.html"))
        #expect(RequestPath.resolve("/articles/moka/") == .file("articles/moka/index.html"))
        #expect(RequestPath.resolve("/articles/moka") == .file("articles/moka"))
        #expect(RequestPath.resolve("/images/my%20photo.svg?x=1") == .file("images/my photo.svg"))
        #expect(RequestPath.resolve("/caff%C3%A8/") == .file("caffè/index.html"))
    }

    @Test(arguments: ["/..", "/a/../b", "/%2e%2e/x", "/a%2fb", "/a%5cb", "/a\\b", "//x", "/a//b", "/%00", "/%2", "/%ff", "x", "*", "/./a"])
    func refuses(target: String) {
        #expect(RequestPath.resolve(target) == .refused)
    }

    @Test func contentTypes() {
        #expect(ContentType.of("a/index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("feed.xml") == "application/xml; charset=utf-8")
        #expect(ContentType.of("fonts/a.WOFF2") == "font/woff2")
        #expect(ContentType.of("LICENSE") == "application/octet-stream")
    }
}
