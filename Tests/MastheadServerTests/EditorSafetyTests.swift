import Foundation
import MastheadContent
import Testing

@testable import MastheadServer

#if canImport(Glibc)
import Glibc
#endif

/// The editor served by `masthead serve` (docs/editor.md, "Safety"): only a request carrying
/// the server's token, from the editor's own origin, writes; only inside Content/; an upload
/// must be an image by its bytes; a save over a file changed on disk is refused with both
/// versions shown. Each refusal leaves every file as it was.
@Suite("Editor: requests that change files", .serialized)
struct EditorSafetyTests {
    static let token = String(repeating: "ab", count: 32)

    static func start(_ site: PreviewTestSite, _ body: (RunningServer) async throws -> Void) async throws {
        try await RunningServer.with(site, configure: { $0.editorToken = token }, body)
    }

    /// A POST as a browser sends it; `headers` are added as given.
    static func post(_ server: RunningServer, _ target: String, body: Data, headers: [String] = []) async throws -> RawResponse {
        let head =
            (["POST \(target) HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close", "Content-Length: \(body.count)"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        let port = server.port
        // Bytes as they are (an upload is not text), on a thread of its own as `RawHTTP` does.
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let socket = try RawHTTP.connect(port: port, timeoutSeconds: 60)
                        defer { close(socket) }
                        let bytes = [UInt8](Data(head.utf8) + body)
                        var sent = 0
                        while sent < bytes.count {
                            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                            guard count > 0 else { break }
                            sent += count
                        }
                        var received = Data()
                        var buffer = [UInt8](repeating: 0, count: 65536)
                        while true {
                            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                            guard count > 0 else { break }
                            received.append(contentsOf: buffer[0..<count])
                        }
                        return try RawHTTP.parse(received, method: "POST")
                    })
            }
        }
    }

    static func form(_ fields: [(String, String)]) -> Data {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return Data(fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&").utf8)
    }

    /// Every file of the site with its bytes, to compare before and after.
    static func snapshot(_ site: PreviewTestSite) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: site.root.appendingPathComponent("Content"), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if let data = try? Data(contentsOf: url), !url.hasDirectoryPath { files[url.path] = data }
        }
        files[site.parent.appendingPathComponent("secret.txt").path] = try? Data(contentsOf: site.parent.appendingPathComponent("secret.txt"))
        return files
    }

    /// The hidden `hash` field of the form the editor shows for `path`.
    static func openedHash(_ server: RunningServer, _ path: String) async throws -> String {
        let page = try await server.get("/_masthead/edit?path=\(path)")
        #expect(page.status == 200)
        let marker = "name=\"hash\" value=\""
        let start = try #require(page.text.range(of: marker)).upperBound
        return String(page.text[start...].prefix { $0 != "\"" })
    }

    @Test func aSaveWithTheTokenChangesOnlyTheEditedFieldAndTheWatcherRebuilds() async throws {
        let site = try PreviewTestSite()
        try site.write(
            "Content/articles/moka.md",
            "---\ntitle: The moka pot   # keep this comment\ndate: 2026-01-02\ncategory: coffee-culture\n---\nBialetti made it in 1933.\n")
        try await Self.start(site) { server in
            let hash = try await Self.openedHash(server, "Content/articles/moka.md")
            let response = try await Self.post(
                server, "/_masthead/save",
                body: Self.form([
                    ("token", Self.token), ("path", "Content/articles/moka.md"), ("hash", hash), ("inputs", "title,summary"),
                    ("title", "The moka pot"), ("summary", "Since 1933."), ("body", "Bialetti made it in 1933.\r\n")
                ]), headers: ["Origin: http://127.0.0.1:\(server.port)", "Content-Type: application/x-www-form-urlencoded"])
            #expect(response.status == 303)
            #expect(
                try String(contentsOf: site.url("Content/articles/moka.md"), encoding: .utf8)
                    == "---\ntitle: The moka pot   # keep this comment\ndate: 2026-01-02\ncategory: coffee-culture\nsummary: Since 1933.\n"
                    + "---\nBialetti made it in 1933.\n"
            )
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.url("Content/articles").path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty, "the temporary file was renamed into place")
        }
    }

    @Test func aCrossOriginPostIsRefusedAndNothingIsWritten() async throws {
        let site = try PreviewTestSite()
        try await Self.start(site) { server in
            let before = Self.snapshot(site)
            let hash = try await Self.openedHash(server, "Content/articles/moka.md")
            let fields = Self.form([("token", Self.token), ("path", "Content/articles/moka.md"), ("hash", hash), ("body", "Defaced.\n")])
            let foreign = try await Self.post(server, "/_masthead/save", body: fields, headers: ["Origin: https://evil.example"])
            #expect(foreign.status == 403)
            #expect(foreign.text.contains("another origin"))
            let crossSite = try await Self.post(server, "/_masthead/save", body: fields, headers: ["Sec-Fetch-Site: cross-site"])
            #expect(crossSite.status == 403)
            #expect(Self.snapshot(site) == before)
        }
    }

    @Test func aRequestWithoutTheTokenIsRefusedAndNothingIsWritten() async throws {
        let site = try PreviewTestSite()
        try await Self.start(site) { server in
            let before = Self.snapshot(site)
            let hash = try await Self.openedHash(server, "Content/articles/moka.md")
            for token in [nil, "wrong"] as [String?] {
                var fields = [("path", "Content/articles/moka.md"), ("hash", hash), ("body", "Defaced.\n")]
                if let token { fields.append(("token", token)) }
                let response = try await Self.post(server, "/_masthead/save", body: Self.form(fields))
                #expect(response.status == 403)
                #expect(response.text.contains("no editor token"))
            }
            let upload = try await Self.post(server, "/_masthead/upload?name=a.png", body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]))
            #expect(upload.status == 403)
            #expect(Self.snapshot(site) == before)
        }
    }

    @Test func pathsOutsideContentAreRefusedAndNothingIsWritten() async throws {
        let site = try PreviewTestSite()
        // A link inside Content/ that leads out of the site.
        try FileManager.default.createSymbolicLink(atPath: site.url("Content/articles/out").path, withDestinationPath: site.parent.path)
        try await Self.start(site) { server in
            let before = Self.snapshot(site)
            for path in [
                "Content/articles/../../../secret.txt", "../secret.txt", "/etc/passwd", "Content/articles/out/secret.md",
                "Templates/article.mustache", "Content/site.yml"
            ] {
                let response = try await Self.post(
                    server, "/_masthead/save",
                    body: Self.form([("token", Self.token), ("path", path), ("hash", ""), ("inputs", ""), ("body", "Defaced.\n")]))
                #expect(response.status == 400, "\(path)")
                #expect(response.text.hasPrefix("refused:"), "\(path): \(response.text)")
                let translate = try await Self.post(
                    server, "/_masthead/translate", body: Self.form([("token", Self.token), ("path", path), ("language", "it")]))
                #expect(translate.status == 400, "\(path)")
            }
            let read = try await server.get("/_masthead/edit?path=Content/articles/../../../secret.txt")
            #expect(read.status == 400)
            #expect(!read.text.contains(PreviewTestSite.secret))
            #expect(Self.snapshot(site) == before)
        }
    }

    @Test func anUploadIsCheckedByItsBytesAndNeverReplacesAFile() async throws {
        let site = try PreviewTestSite()
        try await Self.start(site) { server in
            let before = Self.snapshot(site)
            let script = Data("<script>alert(1)</script>".utf8)
            let fake = try await Self.post(server, "/_masthead/upload?name=photo.jpg", body: script, headers: ["X-Masthead-Token: \(Self.token)"])
            #expect(fake.status == 422)
            #expect(fake.text.contains("not a JPEG, PNG, WebP, HEIC or AVIF image"))
            #expect(Self.snapshot(site) == before)

            let png = try Data(contentsOf: EditorFrontMatterTests.repository.appendingPathComponent("Tests/Fixtures/images/logo-alpha.png"))
            for expected in ["/images/my-photo.png", "/images/my-photo-2.png"] {
                let stored = try await Self.post(
                    server, "/_masthead/upload?name=My%20Photo.jpeg", body: png, headers: ["X-Masthead-Token: \(Self.token)"])
                #expect(stored.status == 201)
                #expect(stored.text.contains("\"src\":\"\(expected)\""), "named by its bytes, a slug of its name, next to the first")
                #expect(try Data(contentsOf: site.url("Content/static" + expected)) == png)
            }
        }
    }

    @Test func aSaveOverAFileChangedOnDiskIsRefusedAndShowsBothVersions() async throws {
        let site = try PreviewTestSite()
        try await Self.start(site) { server in
            let hash = try await Self.openedHash(server, "Content/articles/moka.md")
            let theirs = "---\ntitle: The moka pot\ndate: 2026-01-02\ncategory: coffee-culture\n---\nWritten by git pull.\n"
            try site.write("Content/articles/moka.md", theirs)
            let response = try await Self.post(
                server, "/_masthead/save",
                body: Self.form([
                    ("token", Self.token), ("path", "Content/articles/moka.md"), ("hash", hash), ("inputs", ""), ("body", "Written in the editor.\n")
                ]))
            #expect(response.status == 409)
            #expect(response.text.contains("Written by git pull."))
            #expect(response.text.contains("Written in the editor."))
            #expect(try String(contentsOf: site.url("Content/articles/moka.md"), encoding: .utf8) == theirs)
        }
    }

    @Test func previewRendersUnsavedTextThroughTheBuildWithoutWritingIt() async throws {
        let site = try PreviewTestSite()
        try await Self.start(site) { server in
            let before = Self.snapshot(site)
            let hash = try await Self.openedHash(server, "Content/articles/moka.md")
            let response = try await Self.post(
                server, "/_masthead/preview",
                body: Self.form([
                    ("token", Self.token), ("path", "Content/articles/moka.md"), ("hash", hash), ("inputs", "title"), ("title", "The moka pot"),
                    ("body", "## Unsaved heading\n\nAn unsaved paragraph.\n")
                ]), headers: ["X-Masthead-Token: \(Self.token)"])
            #expect(response.status == 200)
            #expect(response.text.contains("Unsaved heading"))
            #expect(response.text.contains("An unsaved paragraph."))
            #expect(Self.snapshot(site) == before)
            let served = try await server.get("/articles/moka/")
            #expect(!served.text.contains("Unsaved heading"), "the preview's site never sees unsaved text")
            #expect(served.text.contains("<a id=\"masthead-edit-link\" href=\"/_masthead/edit?path=Content/articles/moka.md\""))
        }
    }

    @Test func previewShowsTheBuildsOwnErrorAtItsField() async throws {
        let site = try PreviewTestSite()
        try await Self.start(site) { server in
            let response = try await Self.post(
                server, "/_masthead/preview",
                body: Self.form([
                    ("token", Self.token), ("path", "Content/articles/moka.md"), ("inputs", "category"), ("category", "no-such-category"),
                    ("body", "Bialetti made it in 1933.\n")
                ]))
            #expect(response.status == 200)
            #expect(response.text.contains("\"field\":\"category\""), "\(response.text)")
            #expect(response.text.contains("Content/articles/moka.md:4:"), "the build's message, with its line: \(response.text)")
            #expect(response.text.contains("no-such-category"))
        }
    }

    @Test func aCatalogRowIsSavedAndEveryOtherRowKeepsItsBytes() async throws {
        let site = try PreviewTestSite()
        try site.write(
            "Content/site.yml", PreviewTestSite.config + "\ncatalogs:\n  prizes:\n    file: catalogs/prizes.csv\n    key: key\n    title: title\n")
        let csv = "key,title,points\r\nmoka,\"Moka, 3 cups\",150\r\ncup,Cup,20\r\n"
        try site.write("Content/catalogs/prizes.csv", csv)
        try await Self.start(site) { server in
            let list = try await server.get("/_masthead/catalogs")
            #expect(list.text.contains("Moka, 3 cups") && list.text.contains("catalog-row?name=prizes&amp;row=1"))
            let form = try await server.get("/_masthead/catalog-row?name=prizes&row=1")
            #expect(form.status == 200)
            let start = try #require(form.text.range(of: "name=\"hash\" value=\"")).upperBound
            let hash = String(form.text[start...].prefix { $0 != "\"" })
            let stale = try await Self.post(
                server, "/_masthead/catalog-save",
                body: Self.form([("token", Self.token), ("name", "prizes"), ("row", "1"), ("hash", "stale"), ("col.points", "1")]))
            #expect(stale.status == 409)
            #expect(try String(contentsOf: site.url("Content/catalogs/prizes.csv"), encoding: .utf8) == csv)
            let saved = try await Self.post(
                server, "/_masthead/catalog-save",
                body: Self.form([
                    ("token", Self.token), ("name", "prizes"), ("row", "1"), ("hash", hash), ("col.key", "cup"), ("col.title", "Cup, espresso"),
                    ("col.points", "25")
                ]))
            #expect(saved.status == 303)
            #expect(
                try String(contentsOf: site.url("Content/catalogs/prizes.csv"), encoding: .utf8)
                    == "key,title,points\r\nmoka,\"Moka, 3 cups\",150\r\ncup,\"Cup, espresso\",25\r\n")
        }
    }

    /// The hidden `hash` field of a page's form.
    static func hash(in page: RawResponse) throws -> String {
        let start = try #require(page.text.range(of: "name=\"hash\" value=\"")).upperBound
        return String(page.text[start...].prefix { $0 != "\"" })
    }

    @Test func aYAMLCatalogRowOpensAsAFormAndItsSaveChangesOnlyItsValue() async throws {
        let site = try PreviewTestSite()
        try site.write(
            "Content/site.yml",
            PreviewTestSite.config
                + "\ncatalogs:\n  menu:\n    file: catalogs/menu.yml\n    key: key\n    title: day\n"
                + "    schema: { key: { type: string }, day: { type: string }, order: { type: integer }, dishes: { type: list } }\n")
        let yaml =
            "- key: monday   # the first day\n  day: Monday\n  order: 1\n  dishes: [Anchovies, Clams]\n"
            + "- key: tuesday\n  day: Tuesday\n  order: 2\n  dishes: [Risotto]\n"
        try site.write("Content/catalogs/menu.yml", yaml)
        try await Self.start(site) { server in
            let list = try await server.get("/_masthead/catalogs")
            #expect(list.text.contains(">Tuesday</a>") && list.text.contains("catalog-row?name=menu&amp;row=1"))
            let form = try await server.get("/_masthead/catalog-row?name=menu&row=0")
            #expect(form.status == 200)
            #expect(form.text.contains("name=\"col.order\" type=\"text\" value=\"1\" inputmode=\"decimal\""), "an integer")
            #expect(form.text.contains("name=\"col.dishes\" type=\"text\" value=\"Anchovies; Clams\""))
            #expect(form.text.contains("a list, items separated by ;"))
            let saved = try await Self.post(
                server, "/_masthead/catalog-save",
                body: Self.form([
                    ("token", Self.token), ("name", "menu"), ("row", "0"), ("hash", try Self.hash(in: form)), ("col.key", "monday"),
                    ("col.day", "Monday"), ("col.order", "1"), ("col.dishes", "Anchovies; Clams; Sorbet")
                ]))
            #expect(saved.status == 303)
            #expect(
                try String(contentsOf: site.url("Content/catalogs/menu.yml"), encoding: .utf8)
                    == yaml.replacingOccurrences(of: "[Anchovies, Clams]", with: "[Anchovies, Clams, Sorbet]"))
            let reopened = try await server.get("/_masthead/catalog-row?name=menu&row=0&saved=1")
            #expect(reopened.text.contains("value=\"Anchovies; Clams; Sorbet\""))
        }
    }

    @Test func aFieldReferringToAnotherCatalogIsASelectOfItsItems() async throws {
        let site = try PreviewTestSite()
        try site.write(
            "Content/site.yml",
            PreviewTestSite.config + "\ncatalogs:\n  films:\n    file: catalogs/films.csv\n    key: key\n    title: title\n"
                + "  episodes:\n    file: catalogs/episodes.json\n    key: key\n    title: title\n"
                + "    schema: { key: { type: string }, title: { type: string }, series: { type: string, references: films },"
                + " seen: { type: list, references: films }, aired: { type: boolean } }\n")
        try site.write("Content/catalogs/films.csv", "key,title\nharbour,The Harbour\nlighthouse,The Lighthouse\n")
        let json = """
            [
              { "key": "pilot", "title": "Pilot", "series": "harbour", "seen": ["harbour"], "aired": true }
            ]

            """
        try site.write("Content/catalogs/episodes.json", json)
        try await Self.start(site) { server in
            let form = try await server.get("/_masthead/catalog-row?name=episodes&row=0")
            #expect(form.status == 200)
            #expect(
                form.text.contains(
                    "<select id=\"column-2\" name=\"col.series\" aria-describedby=\"column-2-type\"><option value=\"\">None</option>"
                        + "<option value=\"harbour\" selected>The Harbour</option><option value=\"lighthouse\">The Lighthouse</option></select>"),
                "\(form.text)")
            #expect(form.text.contains("<small id=\"column-2-type\">an item of films</small>"))
            #expect(form.text.contains("list=\"column-3-keys\" value=\"harbour\""), "a list of films: the films' keys offered")
            #expect(form.text.contains("<option value=\"lighthouse\">The Lighthouse</option></datalist>"))
            #expect(
                form.text.contains(
                    "name=\"col.aired\" aria-describedby=\"column-4-type\"><option value=\"\">None</option><option value=\"true\" selected>"))
            let saved = try await Self.post(
                server, "/_masthead/catalog-save",
                body: Self.form([
                    ("token", Self.token), ("name", "episodes"), ("row", "0"), ("hash", try Self.hash(in: form)), ("col.key", "pilot"),
                    ("col.title", "Pilot"), ("col.series", "lighthouse"), ("col.seen", "harbour; lighthouse"), ("col.aired", "false")
                ]))
            #expect(saved.status == 303)
            #expect(
                try String(contentsOf: site.url("Content/catalogs/episodes.json"), encoding: .utf8)
                    == json.replacingOccurrences(
                        of: "\"series\": \"harbour\", \"seen\": [\"harbour\"], \"aired\": true",
                        with:
                            "\"series\": \"lighthouse\", \"seen\": [\"harbour\", \"lighthouse\"], \"aired\": false"))
        }
    }

    @Test func anOriginalAndItsTranslationOpenSideBySideEachWithItsOwnForm() async throws {
        let site = try PreviewTestSite()
        try site.write(
            "Content/site.yml", PreviewTestSite.config + "\nlanguages:\n  - code: en\n    name: English\n  - code: it\n    name: Italiano\n")
        let translation = "---\ntitle: La moka\n---\nBialetti la inventò nel 1933.\n"
        try site.write("Content/articles/moka.it.md", translation)
        let original = try String(contentsOf: site.url("Content/articles/moka.md"), encoding: .utf8)
        try await Self.start(site) { server in
            let single = try await server.get("/_masthead/edit?path=Content/articles/moka.md")
            let target = "/_masthead/edit?path=Content/articles/moka.md&beside=Content/articles/moka.it.md"
            #expect(single.text.contains("<a href=\"\(target.replacingOccurrences(of: "&", with: "&amp;"))\">side by side with this one</a>"))
            let page = try await server.get(target)
            #expect(page.status == 200)
            #expect(page.text.contains("<h1>The moka pot, side by side</h1>"))
            #expect(page.text.contains("<h2 id=\"first-heading\" lang=\"en\">en: The moka pot</h2>"))
            #expect(page.text.contains("<h2 id=\"second-heading\" lang=\"it\">it: La moka</h2>"))
            #expect(
                page.text.contains(
                    "<label for=\"first-field-title\">Title</label>"
                        + "<input id=\"first-field-title\" name=\"title\" type=\"text\" value=\"The moka pot\""))
            #expect(
                page.text.contains(
                    "<label for=\"second-field-title\">Title</label><input id=\"second-field-title\" name=\"title\" type=\"text\" value=\"La moka\""))
            #expect(
                page.text.contains(
                    "<textarea id=\"second-body\" name=\"body\" rows=\"24\" spellcheck=\"true\">\nBialetti la inventò nel 1933.\n</textarea>"))
            let ids = page.text.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(ids.count > 40 && Set(ids).count == ids.count, "every id once: each label names its own input")
            let css = String(decoding: PackageResources.editor_css, as: UTF8.self)
            #expect(css.contains("@media (min-width: 1100px) { .beside { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);"))

            // The translation's form saves the translation only, and comes back to both.
            let forms = page.text.components(separatedBy: "<form id=\"second-editor\"")
            #expect(forms.count == 2)
            let hash = try Self.hash(in: RawResponse(status: 200, headers: [:], body: Data(forms[1].utf8)))
            let back = "edit?path=Content/articles/moka.md&beside=Content/articles/moka.it.md"
            #expect(forms[1].contains("<input type=\"hidden\" name=\"back\" value=\"\(back.replacingOccurrences(of: "&", with: "&amp;"))\">"))
            let saved = try await Self.post(
                server, "/_masthead/save",
                body: Self.form([
                    ("token", Self.token), ("path", "Content/articles/moka.it.md"), ("hash", hash), ("inputs", "title"),
                    ("title", "La moka di Bialetti"), ("body", "Bialetti la inventò nel 1933.\r\n"), ("back", back)
                ]))
            #expect(saved.status == 303)
            #expect(saved.headers["location"] == "/_masthead/" + back + "&saved=1")
            #expect(
                try String(contentsOf: site.url("Content/articles/moka.it.md"), encoding: .utf8)
                    == translation.replacingOccurrences(of: "La moka", with: "La moka di Bialetti"))
            #expect(try String(contentsOf: site.url("Content/articles/moka.md"), encoding: .utf8) == original)
            for elsewhere in ["https://evil.example/", "//evil.example/", "../edit?path=x"] {
                #expect(
                    EditorResponder.savedPage(["back": elsewhere], path: "Content/articles/moka.it.md")
                        == "edit?path=Content/articles/moka.it.md&saved=1")
            }
            let refused = try await server.get("/_masthead/edit?path=Content/articles/moka.md&beside=../secret.txt")
            #expect(refused.status == 400)
        }
    }

    @Test func editingIsOffBeyondLoopbackUnlessAskedFor() {
        #expect(AllowedHosts(listeningOn: "0.0.0.0", machineName: nil).beyondLoopback)
        #expect(!AllowedHosts(listeningOn: "127.0.0.1", machineName: nil).beyondLoopback)
        let off = EditorAccess(enabled: false, pagesNeedToken: true, token: Self.token)
        #expect(off.refusal(token: Self.token, origin: nil, fetchSite: nil, host: "10.0.0.2:8080") == EditorAccess.offMessage)
        #expect(!off.pageAllowed(cookie: Self.token, queryToken: nil))
        let on = EditorAccess(enabled: true, pagesNeedToken: true, token: Self.token)
        #expect(!on.pageAllowed(cookie: nil, queryToken: nil))
        #expect(on.pageAllowed(cookie: Self.token, queryToken: nil))
        var configuration = PreviewServer.Configuration(identity: .init(siteFolder: SiteFolder(URL(fileURLWithPath: "/tmp"))))
        configuration.host = "0.0.0.0"
        configuration.editorToken = Self.token
        #expect(PreviewServer(configuration: configuration).editorAddress(serving: "http://0.0.0.0:8080/") == nil)
        configuration.edit = true
        #expect(
            PreviewServer(configuration: configuration).editorAddress(serving: "http://0.0.0.0:8080/")
                == "http://0.0.0.0:8080/_masthead/?token=\(Self.token)")
    }
}
