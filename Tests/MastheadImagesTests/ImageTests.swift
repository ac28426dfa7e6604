import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadImages
@testable import MastheadSupport

/// Raster images become responsive AVIF, WebP and JPEG or PNG copies, with what pages need to
/// show them, and every bad image is reported where it is used (docs/images.md). The fixtures
/// are small images written by scripts/generate-images.py (Tests/Fixtures/images/README.md).
@Suite("Images: resized, encoded, stripped, shown")
struct ImageTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/images")

    static let config = TestSite.minimalConfig + "\nimages:\n  widths: [160, 320, 800]\n"

    static var templates: [String: String] {
        var templates = TestSite.minimalTemplates
        templates["picture"] = (try? String(contentsOf: repositoryRoot.appendingPathComponent("Templates/picture.mustache"), encoding: .utf8)) ?? ""
        templates["social-image"] =
            (try? String(contentsOf: repositoryRoot.appendingPathComponent("Templates/social-image.mustache"), encoding: .utf8)) ?? ""
        templates["base"] =
            "<!doctype html><html lang=\"{{site.language}}\"><head><title>{{page.title}}</title>{{>social-image}}</head>"
            + "<body>{{$main}}{{/main}}</body></html>\n"
        templates["article"] =
            "{{<base}}{{$main}}<h1>{{article.title}}</h1>{{#article.cover}}{{<picture}}{{$sizes}}50vw{{/sizes}}{{/picture}}{{/article.cover}}"
            + "<div class=\"content\">{{{article.content}}}</div>{{/main}}{{/base}}"
        templates["card"] = "<a class=\"card\" href=\"{{url}}\">{{title}}</a>{{#cover}}{{<picture}}{{/picture}}{{/cover}}\n"
        return templates
    }

    /// A site with the named fixtures in Content/static/images/ and one article using `cover`.
    static func site(images: [String], cover: String, body: String = "Some text.") throws -> TestSite {
        let site = try TestSite(config: config, templates: templates)
        for name in images {
            let target = site.root.appendingPathComponent("Content/static/images/\(name)")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: target)
        }
        try site.article(
            "photo.md", "title: A photo\ndate: 2026-05-01\ncategory: coffee-culture\ncover: { src: /images/\(cover), alt: \"A moka pot\" }",
            body: body)
        return site
    }

    static func bytes(_ result: BuildResult, _ path: String) -> [UInt8] {
        guard let file = result.files.first(where: { $0.path == path }), let data = try? file.data() else { return [] }
        return Array(data)
    }

    /// Width, height and components of a JPEG, from its frame header.
    static func jpegFrame(_ bytes: [UInt8]) -> (width: Int, height: Int, components: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height, Int(bytes[index + 9]))
            }
            index += 2 + length
        }
        return nil
    }

    @Test("every configured width below the image's, in AVIF, WebP and JPEG; never upscaled")
    func widthsAndFormats() throws {
        let site = try Self.site(images: ["small.jpg"], cover: "small.jpg")
        let result = site.build()
        #expect(result.messages == [])
        let written = result.paths.filter { $0.hasPrefix("images/small.") && $0 != "images/small.jpg" }
        let names = written.map { $0.replacingOccurrences(of: #"\.[0-9a-f]{8}-"#, with: "-", options: .regularExpression) }
        #expect(
            names == [
                "images/small-160.avif", "images/small-160.jpg", "images/small-160.webp",
                "images/small-320.avif", "images/small-320.jpg", "images/small-320.webp",
                "images/small-400.avif", "images/small-400.jpg", "images/small-400.webp"
            ])
        let largest = try #require(written.first { $0.hasSuffix("-400.jpg") })
        // The original's path serves the largest JPEG, not the original (its metadata would go with it).
        #expect(Self.bytes(result, "images/small.jpg") == Self.bytes(result, largest))
        #expect(Self.jpegFrame(Self.bytes(result, largest))?.width == 400)
        let avif = Self.bytes(result, try #require(written.first { $0.hasSuffix("-160.avif") }))
        #expect(String(decoding: avif.prefix(12).dropFirst(4), as: UTF8.self) == "ftypavif")
        let webp = Self.bytes(result, try #require(written.first { $0.hasSuffix("-320.webp") }))
        #expect(String(decoding: webp.prefix(4), as: UTF8.self) == "RIFF" && String(decoding: webp[8..<12], as: UTF8.self) == "WEBP")
    }

    @Test("the page gets <picture> with srcset per format, sizes, width, height, priority and placeholder")
    func pictureMarkup() throws {
        let site = try Self.site(
            images: ["small.jpg", "phone.jpg"], cover: "small.jpg",
            body: "Intro.\n\n![Steam over a cup](/images/phone.jpg \"Steam, lit from the side.\")\n")
        let result = site.build()
        #expect(result.messages == [])
        let html = try #require(result.text("articles/photo/index.html"))
        let hash = try #require(result.paths.first { $0.hasPrefix("images/small.") }?.dropFirst("images/small.".count).prefix(8))
        #expect(
            html.contains(
                "<source type=\"image/avif\" srcset=\"/images/small.\(hash)-160.avif 160w, /images/small.\(hash)-320.avif 320w, "
                    + "/images/small.\(hash)-400.avif 400w\" sizes=\"50vw\">"))
        #expect(html.contains("<img src=\"/images/small.\(hash)-400.jpg\" srcset=\"/images/small.\(hash)-160.jpg 160w, "))
        #expect(html.contains("alt=\"A moka pot\" width=\"400\" height=\"300\" fetchpriority=\"high\" style=\"background-color: #"))
        // The body's image: a figure with its caption, lazy (the cover is the page's first image).
        #expect(html.contains("<figure>\n<picture><source type=\"image/avif\" srcset=\"/images/phone."))
        #expect(
            html.contains(
                "sizes=\"\(ImageMarkup.bodySizes)\" alt=\"Steam over a cup\" width=\"640\" height=\"480\" loading=\"lazy\" decoding=\"async\""))
        #expect(html.contains("<figcaption>Steam, lit from the side.</figcaption>\n</figure>"))
        // The home page's first card leads it; a card in a list is lazy.
        let home = try #require(result.text("index.html"))
        #expect(home.contains("width=\"400\" height=\"300\" fetchpriority=\"high\""))
        let list = try #require(result.text("articles/index.html"))
        #expect(list.contains("width=\"400\" height=\"300\" loading=\"lazy\" decoding=\"async\""))
    }

    @Test("a phone's EXIF orientation turns the image upright: width and height swap")
    func orientation() throws {
        let site = try Self.site(images: ["rotated.jpg"], cover: "rotated.jpg")
        let result = site.build()
        #expect(result.messages == [])
        // Stored 480×640 with orientation 6 (a phone held sideways): upright it is 640×480.
        let stored = try #require(Self.jpegFrame(Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("rotated.jpg")))))
        #expect(stored.width == 480 && stored.height == 640)
        let largest = try #require(result.paths.first { $0.hasPrefix("images/rotated.") && $0.hasSuffix("-640.jpg") })
        let frame = try #require(Self.jpegFrame(Self.bytes(result, largest)))
        #expect(frame.width == 640 && frame.height == 480)
        #expect(result.text("articles/photo/index.html")?.contains("width=\"640\" height=\"480\"") == true)
    }

    @Test("no GPS position, camera serial or EXIF block reaches any output file")
    func metadataStripped() throws {
        let site = try Self.site(images: ["phone.jpg", "rotated.jpg"], cover: "phone.jpg")
        let original = try Data(contentsOf: Self.fixtures.appendingPathComponent("phone.jpg"))
        #expect(original.range(of: Data("MH-SERIAL-0042".utf8)) != nil)
        // 45/1 27/1 as the fixture writes them: degrees and minutes of the author's home.
        let gpsLatitude = Data([45, 0, 0, 0, 1, 0, 0, 0, 27, 0, 0, 0, 1, 0, 0, 0])
        #expect(original.range(of: gpsLatitude) != nil)
        let result = site.build()
        #expect(result.messages == [])
        #expect(result.files.count > 10)
        for file in result.files {
            let data = try file.data()
            #expect(data.range(of: Data("MH-SERIAL-0042".utf8)) == nil, "\(file.path) keeps the camera's serial")
            #expect(data.range(of: gpsLatitude) == nil, "\(file.path) keeps the GPS latitude")
            #expect(data.range(of: Data([0x25, 0x88, 0x04, 0x00])) == nil, "\(file.path) keeps a GPS block")
            #expect(data.range(of: Data("Masthead Test Camera".utf8)) == nil, "\(file.path) keeps the camera's make")
            #expect(data.range(of: Data("Exif\0\0".utf8)) == nil, "\(file.path) keeps an EXIF block")
        }
        // The WebP copies: no EXIF, XMP or ICC chunk, and no flag announcing one.
        let webp = try #require(result.paths.first { $0.hasSuffix(".webp") })
        let bytes = Self.bytes(result, webp)
        #expect(bytes.count > 30 && String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) != "VP8X" || bytes[20] & 0x2C == 0)
        #expect(Data(bytes).range(of: Data("EXIF".utf8)) == nil)
    }

    @Test("a CMYK JPEG and a 16-bit PNG come out as 8-bit sRGB; a PNG with transparency keeps it, as PNG")
    func colourAndDepth() throws {
        let site = try Self.site(images: ["cmyk.jpg", "deep-16bit.png", "logo-alpha.png"], cover: "cmyk.jpg")
        let result = site.build()
        #expect(result.messages == [])
        let cmyk = try #require(result.paths.first { $0.hasPrefix("images/cmyk.") && $0.hasSuffix("-320.jpg") })
        #expect(Self.jpegFrame(Self.bytes(result, cmyk))?.components == 3)
        let deep = try #require(result.paths.first { $0.hasPrefix("images/deep-16bit.") && $0.hasSuffix("-320.jpg") })
        #expect(Self.jpegFrame(Self.bytes(result, deep))?.components == 3)
        let alpha = result.paths.filter { $0.hasPrefix("images/logo-alpha.") }
        // 160 and 320 px, and the original's path.
        #expect(alpha.filter { $0.hasSuffix(".png") }.count == 3 && alpha.filter { $0.hasSuffix(".jpg") }.isEmpty)
        // PNG colour type 6: RGBA, 8 bits.
        let png = Self.bytes(result, try #require(alpha.first { $0.hasSuffix("-320.png") }))
        #expect(png[24] == 8 && png[25] == 6)
    }

    @Test("bad images: each reported once, on the image with where it is used (no second error there), and nothing is written")
    func badImages() throws {
        let site = try Self.site(images: ["truncated.jpg", "png-named.jpg", "bomb.png", "animated.gif"], cover: "truncated.jpg")
        try site.write(
            "Content/articles/more.md",
            "---\ntitle: More\ndate: 2026-05-02\ncategory: coffee-culture\ncover: { src: /images/png-named.jpg, alt: \"\" }\n---\n\n"
                + "![A bomb](/images/bomb.png)\n\n![Missing](/images/nothere.jpg)\n\n![Moving](/images/animated.gif)\n")
        let result = site.build()
        #expect(result.files.isEmpty)
        let messages = result.messages
        #expect(
            messages.contains {
                $0.hasPrefix("Content/static/images/truncated.jpg: error: cannot read the image: ")
                    && $0.hasSuffix("the file may be truncated or damaged, export it again (used at Content/articles/photo.md:5:15)")
            })
        #expect(
            messages.contains(
                "Content/static/images/png-named.jpg: error: the file is a PNG image but its name ends in .jpg; rename it to end in .png"
                    + " (used at Content/articles/more.md:5:15)"))
        #expect(
            messages.contains(
                "Content/static/images/bomb.png: error: the image declares 60000×60000 pixels, more than images.maxPixels (50000000) in site.yml;"
                    + " resize it, or raise the limit if it is genuine (used at Content/articles/more.md:8:1)"))
        // No knock-on error where the damaged images are used.
        #expect(!messages.contains { $0.hasPrefix("Content/articles/") && $0.contains("error: image /images/") && !$0.contains("not found") })
        #expect(
            messages.contains(
                "Content/articles/more.md:10:1: error: image /images/nothere.jpg not found: no file Content/static/images/nothere.jpg"))
        #expect(
            messages.contains(
                "Content/static/images/animated.gif: warning: animated image (2 frames) published at its full size, without resizing;"
                    + " a video or a still would weigh less"))
        #expect(result.diagnostics.errors.count == 4)
    }

    @Test("an animated GIF is published at its own path, encoded again, with a warning, and the build succeeds")
    func animatedGIF() throws {
        let site = try Self.site(images: ["animated.gif", "small.jpg"], cover: "small.jpg", body: "![Moving](/images/animated.gif)")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/static/images/animated.gif: warning: animated image (2 frames) published at its full size, without resizing;"
                    + " a video or a still would weigh less"
            ])
        #expect(result.paths.contains("images/animated.gif"))
        #expect(
            result.text("articles/photo/index.html")?.contains(
                "<img src=\"/images/animated.gif\" alt=\"Moving\" width=\"40\" height=\"30\" loading=\"lazy\"") == true)
    }

    @Test("a decompression bomb is refused from its header, quickly", .timeLimit(.minutes(5)))
    func bombRefusedFromHeader() throws {
        var settings = ImageSettings()
        settings.maxPixels = 50_000_000
        let outcome = ImageLibrary.encode(fileAt: Self.fixtures.appendingPathComponent("bomb.png").path, settings: settings)
        #expect(throws: ImageProblem.tooManyPixels(width: 60000, height: 60000, limit: 50_000_000)) { try outcome.get() }
    }

    @Test("every page gets a 1200×630 JPEG social card with its size and description")
    func socialCards() throws {
        let site = try Self.site(images: ["small.jpg"], cover: "small.jpg")
        try site.write("Content/pages/about.md", "---\ntitle: About us\ndate: 2026-05-01\n---\nWho we are.\n")
        let result = site.build()
        #expect(result.messages == [])
        let article = try #require(result.text("articles/photo/index.html"))
        let card = try #require(article.firstMatch(of: /og:image" content="https:\/\/example.org\/(social\/[0-9a-f]{16}\.jpg)"/)?.1)
        #expect(article.contains("<meta property=\"og:image:width\" content=\"1200\">\n<meta property=\"og:image:height\" content=\"630\">"))
        #expect(article.contains("<meta property=\"og:image:alt\" content=\"A moka pot\">"))
        #expect(article.contains("<meta name=\"twitter:image\" content=\"https://example.org/\(card)\">"))
        let frame = try #require(Self.jpegFrame(Self.bytes(result, String(card))))
        #expect(frame.width == 1200 && frame.height == 630 && frame.components == 3)
        // A page without a cover: the typographic card, described by its title; the home page: the site's.
        let about = try #require(result.text("about/index.html"))
        #expect(about.contains("<meta property=\"og:image:alt\" content=\"About us\">"))
        let home = try #require(result.text("index.html"))
        #expect(home.contains("<meta property=\"og:image:alt\" content=\"Test Magazine\">"))
        #expect(result.paths.filter { $0.hasPrefix("social/") }.count == 3)
    }

    @Test("a published social card survives its cache: deleting .masthead leaves the site whole, and a rebuild draws it again")
    func publishedCardOutlivesCache() throws {
        let site = try Self.site(images: ["small.jpg"], cover: "small.jpg")
        let output = site.root.appendingPathComponent("public")
        let first = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
        #expect(first.status == 0, "\(first.errors)")
        let page = try String(contentsOf: output.appendingPathComponent("articles/photo/index.html"), encoding: .utf8)
        let card = try #require(page.firstMatch(of: /og:image" content="https:\/\/example.org\/(social\/[0-9a-f]{16}\.jpg)"/)?.1)
        let published = output.appendingPathComponent(String(card))
        let bytes = try Data(contentsOf: published)
        #expect(Self.jpegFrame(Array(bytes))?.width == 1200)
        // The published card is the cache's file (a hard link where the disk allows one): the
        // cache replaces files, so removing it leaves the published bytes as they were.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(".masthead"))
        #expect(try Data(contentsOf: published) == bytes)
        let second = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path, "--no-cache"])
        #expect(second.status == 0, "\(second.errors)")
        #expect(try Data(contentsOf: published) == bytes)
    }

    @Test("a rebuild does no image work for images that did not change: their files come from the cache")
    func rebuildUsesCache() throws {
        let site = try Self.site(images: ["small.jpg"], cover: "small.jpg")
        let first = site.build()
        #expect(first.messages == [])
        // Marked in the cache: a rebuild that decoded the photo again would not publish the mark.
        let cache = site.root.appendingPathComponent(".masthead/images")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.count == 32 }
        #expect(entries.count == 1)
        let cached = cache.appendingPathComponent("\(try #require(entries.first))/160.webp")
        try Data("marked".utf8).write(to: cached)
        let second = site.build()
        let published = try #require(second.paths.first { $0.hasPrefix("images/small.") && $0.hasSuffix("-160.webp") })
        #expect(second.text(published) == "marked")
        // A changed photo is processed again, under a new name.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/static/images/small.jpg"))
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("phone.jpg"), to: site.root.appendingPathComponent("Content/static/images/small.jpg"))
        let third = site.build()
        #expect(third.paths.filter { $0.hasPrefix("images/small.") }.count == 10)
        #expect(!third.paths.contains(published))
    }

    @Test("a preview save of a new title is patched in, with the page's social card drawn again")
    func previewPatchDrawsNewCard() throws {
        let site = try Self.site(images: ["small.jpg"], cover: "small.jpg")
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.now = try #require(ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!))
        options.memory = RebuildMemory()
        let first = Pipeline.run(options: options)
        let card = /og:image" content="https:\/\/example.org\/(social\/[0-9a-f]{16}\.jpg)"/
        let before = try #require(first.text("articles/photo/index.html")?.firstMatch(of: card)?.1)
        try site.article(
            "photo.md", "title: A new title\ndate: 2026-05-01\ncategory: coffee-culture\ncover: { src: /images/small.jpg, alt: \"A moka pot\" }")
        let patched = Pipeline.run(.changes(Changes(saved: ["Content/articles/photo.md"])), options: options)
        #expect(patched.patched)
        let after = try #require(patched.text("articles/photo/index.html")?.firstMatch(of: card)?.1)
        #expect(after != before)
        #expect(patched.paths.contains(String(after)))
        #expect(Self.jpegFrame(Self.bytes(patched, String(after)))?.width == 1200)
    }

    @Test("a build from the image cache gives the same bytes as a build without it")
    func cachedBuildIsIdentical() throws {
        let site = try Self.site(
            images: ["small.jpg", "rotated.jpg", "logo-alpha.png"], cover: "small.jpg", body: "![Turned](/images/rotated.jpg \"Upright.\")")
        let first = site.build()
        #expect(first.messages == [])
        let cache = site.root.appendingPathComponent(".masthead/images")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("sources").path))
        let cached = site.build()
        try FileManager.default.removeItem(at: cache)
        let clean = site.build()
        #expect(first.paths == cached.paths && cached.paths == clean.paths)
        for path in clean.paths {
            #expect(Self.bytes(cached, path) == Self.bytes(clean, path), "\(path) differs")
        }
    }
}
