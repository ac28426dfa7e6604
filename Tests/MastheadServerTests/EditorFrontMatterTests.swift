import Foundation
import MastheadTesting
import Testing

@testable import MastheadServer

/// The editor's promise about files (docs/editor.md, "What a save changes"): opening a file and
/// saving it without a change gives the same bytes, and a change rewrites only its own field.
@Suite("Editor: front matter kept byte for byte")
struct EditorFrontMatterTests {
    static let repository = repositoryRoot

    /// What a browser sends back for an untouched form: every input's value, the lines of the
    /// fields shown as YAML, and the text, each textarea's line endings as CRLF.
    static func untouchedForm(of file: FrontMatterText) -> [String: String] {
        let node = FrontMatterForm.node(of: file)
        let inputs = FrontMatterForm.inputs(for: node, file: file)
        func browser(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        }
        var form: [String: String] = ["inputs": inputs.map(\.key).joined(separator: ","), "body": browser(file.body)]
        for field in inputs {
            let value = FrontMatterForm.value(of: field, in: node) ?? ""
            switch field.kind {
            case .flag: if value == "true" { form[field.key] = "true" }
            case .image:
                let parts = value.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                form[field.key + ".src"] = parts[0]
                form[field.key + ".alt"] = parts[1]
            case .gallery:
                // The images, then the empty one the form adds.
                let images = GalleryImage.images(of: node?[field.key]) ?? []
                for (index, image) in (images + [GalleryImage(src: "", alt: "", caption: "")]).enumerated() {
                    form["\(field.key).\(index).src"] = image.src
                    form["\(field.key).\(index).alt"] = image.alt
                    form["\(field.key).\(index).caption"] = image.caption
                }
            case .longText: form[field.key] = browser(value)
            default: form[field.key] = value
            }
        }
        let shown = Set(inputs.map(\.key))
        for key in file.keys where !shown.contains(key) { form["raw." + key] = browser(file.source(of: key) ?? "") }
        return form
    }

    /// Every article and page of the default site and of the four examples.
    static func documents() throws -> [URL] {
        var sites = [repository]
        let examples = repository.appendingPathComponent("Examples")
        sites += try FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil).filter { $0.hasDirectoryPath }
        var files: [URL] = []
        for site in sites {
            for folder in ["Content/articles", "Content/pages"] {
                let url = site.appendingPathComponent(folder)
                guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
                for case let file as URL in walker where EditorPath.documentExtensions.contains(file.pathExtension.lowercased()) {
                    files.append(file)
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func openAndSaveWithoutAChangeIsByteIdenticalForEveryDocumentOfTheSites() throws {
        let files = try Self.documents()
        #expect(files.count > 50, "the default site and the examples have many documents: found \(files.count)")
        #expect(Set(files.map { $0.path.contains("/Examples/") }) == [true, false])
        var galleries = 0
        for url in files {
            let data = try Data(contentsOf: url)
            let file = try #require(FrontMatterText(data), "\(url.path) is UTF-8")
            if file.keys.contains("gallery"),
                FrontMatterForm.inputs(for: FrontMatterForm.node(of: file), file: file).contains(where: { $0.key == "gallery" })
            {
                galleries += 1
            }
            #expect(Data(file.text.utf8) == data, "\(url.path): the model gives the file back")
            var saved = file
            let problems = FrontMatterForm.apply(Self.untouchedForm(of: file), to: &saved)
            #expect(problems.isEmpty, "\(url.path): \(problems)")
            #expect(Data(saved.text.utf8) == data, "\(url.path): open and save without a change")
        }
        #expect(galleries == files.filter { (try? String(contentsOf: $0, encoding: .utf8))?.contains("\ngallery:") == true }.count)
        #expect(galleries >= 7, "every gallery of the sites is its own input")
    }

    /// Every catalog file (CSV, JSON, YAML) of the default site and the four examples.
    static func catalogFiles() throws -> [URL] {
        var sites = [repository]
        sites += try FileManager.default.contentsOfDirectory(at: repository.appendingPathComponent("Examples"), includingPropertiesForKeys: nil)
        return sites.flatMap { site -> [URL] in
            let folder = site.appendingPathComponent("Content/catalogs")
            return ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { CatalogFile.extensions.contains($0.pathExtension.lowercased()) }
        }.sorted { $0.path < $1.path }
    }

    /// What a browser sends back for a row's untouched form: every value it can edit.
    static func untouchedRow(_ rows: any CatalogRows, _ row: Int) -> [String: String] {
        rows.cells(row: row).filter(\.value.editable).mapValues(\.value)
    }

    @Test func savingEveryRowOfEveryCatalogWithoutAChangeIsByteIdentical() throws {
        let files = try Self.catalogFiles()
        #expect(files.filter { $0.pathExtension == "csv" }.count >= 10, "found \(files.count)")
        #expect(files.contains { $0.pathExtension == "yml" }, "the beach club's menu is YAML")
        for url in files {
            let data = try Data(contentsOf: url)
            let text = try #require(String(data: data, encoding: .utf8))
            var rows = try #require(CatalogFile.rows(text, path: url.path), "\(url.path) is a list of items")
            #expect(rows.text == text, "\(url.path)")
            #expect(rows.count > 0, "\(url.path)")
            for row in 0..<rows.count {
                #expect(rows.set(row: row, Self.untouchedRow(rows, row)) == nil, "\(url.path): row \(row + 1)")
            }
            #expect(Data(rows.text.utf8) == data, "\(url.path): every row saved unchanged")
        }
    }

    @Test func theMenuOfTheBeachClubIsEditableValueByValue() throws {
        let url = Self.repository.appendingPathComponent("Examples/beach-club/Content/catalogs/menu.yml")
        let rows = try #require(CatalogFile.rows(try String(contentsOf: url, encoding: .utf8), path: url.path))
        let monday = rows.cells(row: 0)
        #expect(monday["day"] == CatalogCell(value: "Monday", editable: true))
        #expect(monday["order"] == CatalogCell(value: "1", editable: true))
        #expect(monday["desserts"] == CatalogCell(value: "Lemon sorbet; Panna cotta with berries", editable: true))
    }

    @Test func aChangedValueOfAYAMLRowIsWrittenOverItsOwnBytes() throws {
        let text = """
            # The kitchen's menu.
            - key: monday
              day: Monday        # first day
              order: 1
              dishes: [Anchovies, "Spaghetti, clams"]
              note: 'Chef''s choice'
            - { key: tuesday, day: Tuesday, order: 2, dishes: [Risotto] }

            """
        var rows = try #require(CatalogFile.rows(text, path: "menu.yml"))
        #expect(rows.cells(row: 0)["dishes"] == CatalogCell(value: "Anchovies; Spaghetti, clams", editable: true))
        var monday = Self.untouchedRow(rows, 0)
        monday["day"] = "Monday: closed"
        monday["order"] = "10"
        monday["dishes"] = "Anchovies; Spaghetti, clams; Sorbet"
        monday["note"] = "Chef's pick"
        #expect(rows.set(row: 0, monday) == nil)
        var tuesday = Self.untouchedRow(rows, 1)
        tuesday["day"] = "Tue, 2"
        #expect(rows.set(row: 1, tuesday) == nil)
        #expect(
            rows.text == """
                # The kitchen's menu.
                - key: monday
                  day: "Monday: closed"        # first day
                  order: 10
                  dishes: [Anchovies, "Spaghetti, clams", Sorbet]
                  note: 'Chef''s pick'
                - { key: tuesday, day: "Tue, 2", order: 2, dishes: [Risotto] }

                """)
    }

    @Test func aChangedValueOfAJSONRowIsWrittenOverItsOwnBytes() throws {
        let text = """
            [
              {"key": "moka", "title": "Moka pot", "points": 150, "tags": ["coffee", "stove"], "note": null},
              {"key": "cup",  "title": "Cup",      "points": 20,  "tags": [], "note": "fragile"}
            ]

            """
        var rows = try #require(CatalogFile.rows(text, path: "prizes.json"))
        var moka = Self.untouchedRow(rows, 0)
        moka["title"] = "Moka pot, \"3 cups\""
        moka["points"] = "175"
        moka["tags"] = "coffee; stove; gift"
        moka["note"] = "new"
        #expect(rows.set(row: 0, moka) == nil)
        var cup = Self.untouchedRow(rows, 1)
        cup["points"] = "twenty"
        #expect(rows.set(row: 1, cup) == nil)
        #expect(
            rows.text == """
                [
                  {"key": "moka", "title": "Moka pot, \\"3 cups\\"", "points": 175, "tags": ["coffee", "stove", "gift"], "note": "new"},
                  {"key": "cup",  "title": "Cup",      "points": "twenty",  "tags": [], "note": "fragile"}
                ]

                """)
    }

    @Test func anEditedCatalogRowIsTheOnlyLineThatChanges() {
        let text = "key,title,points\r\nmoka,\"Moka, 3 cups\",150\r\ncup,Cup,20\r\n"
        var rows = CSVRows(text)
        rows.set(row: 1, ["key": "cup", "title": "Cup, \"espresso\"", "points": "25"])
        #expect(rows.text == "key,title,points\r\nmoka,\"Moka, 3 cups\",150\r\ncup,\"Cup, \"\"espresso\"\"\",25\r\n")
    }

    @Test func aChangedFieldRewritesOnlyItsLines() throws {
        let original = """
            ---
            # The magazine's house style: titles in sentence case.
            title: 'Il rito della moka'
            date: 2026-04-21   # the print issue's date
            tags:
              - moka
              - rito
            cover: { src: /images/moka.jpg, alt: "Una moka sul fuoco" }
            legacyID: 4412
            ---

            Il caffè della mattina.\u{20}\u{20}
            Seconda riga.

            """
        var file = FrontMatterText(original)
        var form = Self.untouchedForm(of: file)
        form["title"] = "Il rito della moka: una guida"
        form["tags"] = "moka, rito, colazione"
        #expect(FrontMatterForm.apply(form, to: &file).isEmpty)
        #expect(
            file.text == """
                ---
                # The magazine's house style: titles in sentence case.
                title: "Il rito della moka: una guida"
                date: 2026-04-21   # the print issue's date
                tags: [moka, rito, colazione]
                cover: { src: /images/moka.jpg, alt: "Una moka sul fuoco" }
                legacyID: 4412
                ---

                Il caffè della mattina.\u{20}\u{20}
                Seconda riga.

                """)
    }

    @Test func aNewFieldGoesAfterTheLastAndARemovedOneLeavesNoTrace() {
        var file = FrontMatterText("---\r\ntitle: Moka\r\nsummary: Short.\r\n\r\n---\r\nText.\r\n")
        var form = Self.untouchedForm(of: file)
        form["summary"] = ""
        form["draft"] = "true"
        #expect(FrontMatterForm.apply(form, to: &file).isEmpty)
        #expect(file.text == "---\r\ntitle: Moka\r\ndraft: true\r\n\r\n---\r\nText.\r\n", "CRLF kept, the blank line stays before the fence")
    }

    @Test func aChangedGalleryIsWrittenAsAPersonWritesIt() {
        var file = FrontMatterText(
            """
            ---
            title: Moka
            gallery:
              - src: /images/moka.jpg
                alt: A moka on the stove
            tags: [moka]
            ---
            Text.

            """)
        var form = Self.untouchedForm(of: file)
        #expect(form["gallery.0.alt"] == "A moka on the stove" && form["gallery.1.src"] == "")
        form["gallery.0.caption"] = "Bialetti's, since 1933."
        form["gallery.1.src"] = "/images/cup.jpg"
        form["gallery.1.alt"] = "A cup: espresso"
        #expect(FrontMatterForm.apply(form, to: &file).isEmpty)
        #expect(
            file.text == """
                ---
                title: Moka
                gallery:
                  - { src: /images/moka.jpg, alt: "A moka on the stove", caption: "Bialetti's, since 1933." }
                  - { src: /images/cup.jpg, alt: "A cup: espresso" }
                tags: [moka]
                ---
                Text.

                """)
    }

    @Test func aGalleryImageWithoutAltTextIsRefusedAndNothingChanges() {
        let original = "---\ntitle: Moka\n---\nText.\n"
        var file = FrontMatterText(original)
        var form = Self.untouchedForm(of: file)
        form["gallery.0.src"] = "/images/moka.jpg"
        form["gallery.0.alt"] = "A moka"
        form["gallery.1.src"] = "/images/cup.jpg"
        let problems = FrontMatterForm.apply(form, to: &file)
        #expect(problems.map(\.key) == ["gallery"])
        #expect(problems.first?.message == "alt text is required for image 2: say what it shows for those who cannot see it")
        #expect(file.text == original)
    }

    @Test func aCoverWithoutAltTextIsRefusedAndNothingChanges() {
        let original = "---\ntitle: Moka\n---\nText.\n"
        var file = FrontMatterText(original)
        var form = Self.untouchedForm(of: file)
        form["cover.src"] = "/images/moka.jpg"
        form["body"] = "Other text.\n"
        let problems = FrontMatterForm.apply(form, to: &file)
        #expect(problems.map(\.key) == ["cover"])
        #expect(problems.first?.message.contains("alt text is required") == true)
        #expect(file.text == original)
    }

    @Test func valuesAreQuotedOnlyWhenYAMLWouldReadThemOtherwise() {
        #expect(YAMLText.scalar("Espresso al banco") == "Espresso al banco")
        #expect(YAMLText.scalar("2026-04-21T09:30") == "2026-04-21T09:30")
        #expect(YAMLText.scalar("yes") == "\"yes\"")
        #expect(YAMLText.scalar("1933") == "\"1933\"")
        #expect(YAMLText.scalar("Moka: a guide") == "\"Moka: a guide\"")
        #expect(YAMLText.scalar("# not a comment") == "\"# not a comment\"")
        #expect(YAMLText.list(["caffè", "a, b"]) == "[caffè, \"a, b\"]")
        #expect(YAMLText.scalar("say \"hi\"\n") == "\"say \\\"hi\\\"\\n\"")
    }
}
