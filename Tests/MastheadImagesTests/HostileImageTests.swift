import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadImages
@testable import MastheadSupport

/// Issue 44, items 1 and 2: no image reaches the output with its metadata, whatever its format,
/// name or animation, and a damaged image is an error at its file rather than a picture completed
/// in grey. The fixtures (Tests/Fixtures/hostile/images/README.md) carry EXIF with a GPS position,
/// XMP, IPTC, comments and text chunks; `ImageMetadataScanner` walks each output file's container.
@Suite("Hostile images: no metadata published, no damaged picture greyed")
struct HostileImageTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile/images")
    static let serial = Data("MH-SERIAL-0044".utf8)
    /// 45/1 27/1 as EXIF writes the latitude (big- and little-endian).
    static let latitudes = [Data([0, 0, 0, 45, 0, 0, 0, 1, 0, 0, 0, 27, 0, 0, 0, 1]), Data([45, 0, 0, 0, 1, 0, 0, 0, 27, 0, 0, 0, 1, 0, 0, 0])]

    /// A site with `files` (fixture → name under Content/static/images/) and one article whose
    /// body is `body`.
    static func site(_ files: [(fixture: String, name: String)], body: String = "Some text.") throws -> TestSite {
        let site = try TestSite(config: ImageTests.config, templates: ImageTests.templates)
        for (fixture, name) in files {
            let target = site.root.appendingPathComponent("Content/static/images/\(name)")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: target)
        }
        try site.article("photo.md", "title: A photo\ndate: 2026-05-01\ncategory: coffee-culture", body: body)
        return site
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// Every output file that is an image: none with a metadata block, a serial or a GPS latitude.
    static func expectClean(_ result: BuildResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        var images = 0
        for file in result.files {
            let data = try file.data()
            let bytes = Array(data)
            guard ImageMetadataScanner.kind(of: bytes, path: file.path) != nil else { continue }
            images += 1
            #expect(ImageMetadataScanner.findings(in: bytes, path: file.path) == [], "\(file.path)", sourceLocation: sourceLocation)
            #expect(data.range(of: serial) == nil, "\(file.path) keeps the camera's serial", sourceLocation: sourceLocation)
            for latitude in latitudes {
                #expect(data.range(of: latitude) == nil, "\(file.path) keeps the GPS latitude", sourceLocation: sourceLocation)
            }
        }
        return images
    }

    /// The frames of a WebP (its ANMF chunks) and its loop count.
    static func webpFrames(_ bytes: [UInt8]) -> Int {
        var offset = 12
        var frames = 0
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            if String(decoding: bytes[offset..<offset + 4], as: UTF8.self) == "ANMF" { frames += 1 }
            offset += 8 + size + (size & 1)
        }
        return frames
    }

    /// The delay of each frame of a GIF, in hundredths of a second, from its graphic control extensions.
    static func gifDelays(_ bytes: [UInt8]) -> [Int] {
        var delays: [Int] = []
        var offset = 0
        while let start = bytes[offset...].firstIndex(of: 0x21), start + 7 < bytes.count {
            if bytes[start + 1] == 0xF9 && bytes[start + 2] == 4 { delays.append(Int(bytes[start + 4]) | Int(bytes[start + 5]) << 8) }
            offset = start + 1
        }
        return delays
    }

    @Test("the scanner finds every block the fixtures carry, so a scan that finds none means something")
    func scannerFindsMetadata() throws {
        let jpeg = ImageMetadataScanner.findings(in: try Self.fixture("gps-xmp-iptc-comment.jpg"))
        #expect(jpeg.contains { $0.hasPrefix("JPEG APP1 Exif") } && jpeg.contains { $0.hasPrefix("JPEG APP1 XMP") })
        #expect(jpeg.contains { $0.hasPrefix("JPEG APP13 IPTC") } && jpeg.contains { $0.hasPrefix("JPEG COM comment") })
        let png = ImageMetadataScanner.findings(in: try Self.fixture("exif-text-xmp.png"))
        #expect(png.contains { $0.hasPrefix("PNG eXIf") } && png.contains { $0.hasPrefix("PNG tEXt 'Comment'") })
        #expect(png.contains { $0.hasPrefix("PNG zTXt 'Author'") } && png.contains { $0.hasPrefix("PNG iTXt 'XML:com.adobe.xmp' XMP") })
        for name in ["exif-xmp.webp", "animated-gps.webp"] {
            let webp = ImageMetadataScanner.findings(in: try Self.fixture(name))
            #expect(webp.contains { $0.hasPrefix("WebP EXIF") } && webp.contains { $0.hasPrefix("WebP XMP") }, "\(name): \(webp)")
        }
        let gif = ImageMetadataScanner.findings(in: try Self.fixture("comment-xmp.gif"))
        #expect(gif.contains { $0.hasPrefix("GIF comment") } && gif.contains { $0.hasPrefix("GIF application extension 'XMP DataXMP' XMP") })
        #expect(ImageMetadataScanner.findings(in: Array("<svg><metadata><rdf:RDF/></metadata></svg>".utf8), path: "a.svg").count == 2)
        // An AVIF with EXIF and XMP items, as libavif writes them.
        let avif = ImageMetadataScanner.findings(in: try Self.fixture("exif-xmp.avif"))
        #expect(avif.contains { $0.hasPrefix("HEIF Exif item") } && avif.contains { $0.hasPrefix("HEIF mime (XMP) item") }, "\(avif)")
    }

    @Test("an animated WebP with EXIF (GPS) and XMP is encoded again: its frames and timing kept, its metadata gone")
    func animatedWebP() throws {
        let site = try Self.site([("animated-gps.webp", "a.webp")], body: "![Moving](/images/a.webp)")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/static/images/a.webp: warning: animated image (3 frames) published at its full size, without resizing;"
                    + " a video or a still would weigh less"
            ])
        let published = ImageTests.bytes(result, "images/a.webp")
        #expect(published != (try Self.fixture("animated-gps.webp")))
        #expect(Self.webpFrames(published) == 3)
        #expect(ImageMetadataScanner.findings(in: published) == [])
        #expect(try Self.expectClean(result) > 1)
        #expect(
            result.text("articles/photo/index.html")?.contains(
                "<img src=\"/images/a.webp\" alt=\"Moving\" width=\"99\" height=\"99\" fetchpriority=\"high\">") == true)
    }

    @Test("an animated GIF loses its comment block and XMP extension, and keeps its three frames and their delays")
    func animatedGIF() throws {
        let site = try Self.site([("comment-xmp.gif", "moving.gif")], body: "![Moving](/images/moving.gif)")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.messages)")
        let published = ImageTests.bytes(result, "images/moving.gif")
        #expect(String(decoding: published.prefix(6), as: UTF8.self).hasPrefix("GIF8"))
        #expect(ImageMetadataScanner.findings(in: published) == [])
        #expect(Self.gifDelays(published) == [10, 20, 30])
        #expect(Data(published).range(of: Data("45.4642".utf8)) == nil)
        #expect(try Self.expectClean(result) > 1)
    }

    @Test("a JPEG named .jfif, .jpe, .jif or upper-case .JPG is processed like any JPEG: its path serves a stripped copy")
    func jpegNames() throws {
        let names = ["b.jfif", "c.jpe", "d.jif", "E.JPG", "f.JFIF"]
        let site = try Self.site(names.map { ("gps-xmp-iptc-comment.jpg", $0) }, body: "![Where](/images/b.jfif)\n\n![There](/images/c.jpe)")
        let result = site.build()
        #expect(result.messages == [])
        for name in names {
            let stem = String(name.prefix { $0 != "." })
            let largest = try #require(result.paths.first { $0.hasPrefix("images/\(stem).") && $0.hasSuffix("-160.jpg") }, "\(name)")
            #expect(result.paths.contains { $0.hasPrefix("images/\(stem).") && $0.hasSuffix("-160.avif") })
            #expect(ImageTests.bytes(result, "images/\(name)") == ImageTests.bytes(result, largest), "\(name) is not the stripped copy")
        }
        #expect(result.text("articles/photo/index.html")?.contains("<picture><source type=\"image/avif\" srcset=\"/images/b.") == true)
        // 5 images × (2 widths? no: 160 px is below every configured width but 160) × 3 formats, 5 originals' paths, cards.
        #expect(try Self.expectClean(result) >= 20)
    }

    @Test("still WebP, PNG (eXIf, tEXt, zTXt, iTXt) and BMP: processed, none of their metadata in any file")
    func stillFormats() throws {
        let site = try Self.site([
            ("exif-xmp.webp", "still.webp"), ("exif-text-xmp.png", "chunks.png"), ("small.bmp", "small.bmp"),
            ("gps-xmp-iptc-comment.jpg", "photo.jpg")
        ])
        let result = site.build()
        #expect(result.messages == [])
        for stem in ["still", "chunks", "small", "photo"] {
            #expect(result.paths.contains { $0.hasPrefix("images/\(stem).") && $0.hasSuffix(".avif") }, "\(stem)")
        }
        #expect(!result.paths.contains("images/still.webp") && !result.paths.contains("images/small.bmp"))
        #expect(try Self.expectClean(result) >= 12)
    }

    @Test("--report NAME --standalone: every data: URL holds an image without metadata (animated WebP and GIF, a .jfif)")
    func standaloneReport() throws {
        let site = try Self.site([
            ("animated-gps.webp", "a.webp"), ("comment-xmp.gif", "moving.gif"), ("gps-xmp-iptc-comment.jpg", "b.jfif")
        ])
        try site.write(
            "Content/reports/r.md",
            "---\ntitle: R\ndate: 2026-01-01\n---\n![Moving](/images/a.webp)\n\n![Looping](/images/moving.gif)\n\n![Where](/images/b.jfif)\n")
        try site.write("Templates/report.mustache", "{{<base}}{{$main}}<h1>{{title}}</h1>{{{content}}}{{/main}}{{/base}}")
        let target = site.root.appendingPathComponent("r.html")
        let run = try MastheadCommand.run(["build", "--site", site.root.path, "--report", "r", "--standalone", "--output", target.path])
        #expect(run.status == 0, "\(run.errors)")
        let html = try String(contentsOf: target, encoding: .utf8)
        var types: [String] = []
        for match in html.matches(of: /data:(image\/[a-z]+);base64,([A-Za-z0-9+\/=]+)/) {
            let bytes = Array(try #require(Data(base64Encoded: String(match.2))))
            types.append(String(match.1))
            #expect(ImageMetadataScanner.findings(in: bytes) == [], "\(match.1)")
            #expect(Data(bytes).range(of: Self.serial) == nil)
            if match.1 == "image/webp" { #expect(Self.webpFrames(bytes) == 3) }
        }
        #expect(Set(types).isSuperset(of: ["image/webp", "image/gif", "image/jpeg"]), "\(types)")
    }

    @Test("a raster image under a name Masthead does not process (.bin, .dng, none) is an error at the file, not a raw copy")
    func otherNamesRefused() throws {
        let site = try Self.site([
            ("gps-xmp-iptc-comment.jpg", "photo.bin"), ("gps-xmp-iptc-comment.jpg", "raw.dng"), ("gps-xmp-iptc-comment.jpg", "noextension"),
            ("animated-gps.webp", "clip.dat"), ("exif-text-xmp.png", "logo.apng")
        ])
        try site.write("Content/static/notes.txt", "GIF is a format; this is text.\n")
        let result = site.build()
        let advice = ", which Masthead does not process: published as it is, it would keep its metadata (GPS position, camera); "
        #expect(
            result.messages.sorted() == [
                "Content/static/images/clip.dat: error: the file is a WEBP image but its name ends in .dat\(advice)"
                    + "rename it to end in .webp, or export it as JPEG or PNG",
                "Content/static/images/logo.apng: error: the file is a PNG image but its name ends in .apng\(advice)"
                    + "rename it to end in .png, or export it as JPEG or PNG",
                "Content/static/images/noextension: error: the file is a JPEG image but its name has no extension\(advice)"
                    + "rename it to end in .jpg, or export it as JPEG or PNG",
                "Content/static/images/photo.bin: error: the file is a JPEG image but its name ends in .bin\(advice)"
                    + "rename it to end in .jpg, or export it as JPEG or PNG",
                "Content/static/images/raw.dng: error: the file is a JPEG image but its name ends in .dng\(advice)"
                    + "rename it to end in .jpg, or export it as JPEG or PNG"
            ])
        #expect(result.files.isEmpty)
    }

    @Test("a JPEG cut short but ending with its end marker, or declaring more rows than it holds, is an error at the file")
    func damagedJPEGs() throws {
        let site = try Self.site(
            [("cut-with-end-marker.jpg", "cut.jpg"), ("taller-than-data.jpg", "tall.jpg")],
            body: "![Cut](/images/cut.jpg)\n\n![Tall](/images/tall.jpg)")
        let result = site.build()
        let tail = "; the file may be truncated or damaged, export it again"
        let messages = result.messages.sorted()
        #expect(messages.count == 2, "\(messages)")
        #expect(
            messages.first
                == "Content/static/images/cut.jpg: error: cannot read the image: VipsJpeg: Corrupt JPEG data: premature end of data segment"
                + tail + " (used at Content/articles/photo.md:6:1)")
        // The reasons are asked again one file at a time, so they do not depend on which thread met the damage first.
        #expect(
            messages.last
                == "Content/static/images/tall.jpg: error: cannot read the image: VipsJpeg: Corrupt JPEG data: premature end of data segment"
                + tail + " (used at Content/articles/photo.md:8:1)")
        #expect(result.files.isEmpty)
    }

    @Test("through the binary: a JPEG cut short but ending with its end marker exits 1 and writes nothing")
    func cutJPEGExitsOne() throws {
        let site = try Self.site([("cut-with-end-marker.jpg", "cut.jpg")])
        let output = site.root.appendingPathComponent("out")
        let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "Content/static/images/cut.jpg: error: cannot read the image: VipsJpeg: Corrupt JPEG data: premature end of data segment;"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    @Test("damaged PNGs and a cut animation: an error at the file, in the decoder's words, never 'unknown error'")
    func damagedPNGsAndAnimation() throws {
        let site = try Self.site([
            ("cut.png", "cut.png"), ("damaged-header.png", "header.png"), ("taller-than-data.png", "tall.png")
        ])
        let gif = try Self.fixture("comment-xmp.gif")
        try Data(gif.prefix(gif.count * 2 / 3)).write(to: site.root.appendingPathComponent("Content/static/images/cut.gif"))
        let result = site.build()
        let tail = "; the file may be truncated or damaged, export it again"
        let messages = result.messages.sorted()
        #expect(messages.count == 4, "\(messages)")
        #expect(!messages.contains { $0.contains("unknown error") })
        #expect(messages.contains("Content/static/images/cut.png: error: cannot read the image: not enough data" + tail))
        #expect(messages.contains("Content/static/images/header.png: error: cannot read the image: IHDR: CRC error" + tail))
        #expect(messages.contains("Content/static/images/tall.png: error: cannot read the image: Not enough image data" + tail))
        #expect(
            messages.contains(
                "Content/static/images/cut.gif: error: cannot read the image: the GIF data stops before its end (no trailer byte): it was cut short"
                    + tail))
        #expect(result.files.isEmpty)
    }

    @Test("an image cached by an older Masthead is decoded again: a damaged one is refused, a sound one keeps its names and bytes")
    func olderCacheEntries() throws {
        let site = try Self.site([("gps-xmp-iptc-comment.jpg", "photo.jpg")])
        let first = site.build()
        #expect(first.messages == [])
        // Entries as Masthead wrote them before: four words on the first line.
        let cache = site.root.appendingPathComponent(".masthead/images")
        func downgrade(_ folder: URL) throws {
            let info = folder.appendingPathComponent("info")
            var lines = try String(contentsOf: info, encoding: .utf8).split(separator: "\n").map(String.init)
            lines[0] = lines[0].split(separator: " ").prefix(4).joined(separator: " ")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: info)
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.count == 32 }
        #expect(entries.count == 1)
        try downgrade(cache.appendingPathComponent(try #require(entries.first)))
        let second = site.build()
        #expect(second.paths == first.paths)
        for path in first.paths where path.hasPrefix("images/") { #expect(ImageTests.bytes(first, path) == ImageTests.bytes(second, path)) }
        // A truncated JPEG an older Masthead accepted, completed in grey, and cached: its entry
        // (the sound photo's files, under the truncated file's key) is not trusted.
        let cut = site.root.appendingPathComponent("Content/static/images/cut.jpg")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("cut-with-end-marker.jpg"), to: cut)
        var settings = ImageSettings()
        settings.widths = [160, 320, 800]
        let key = ImageCache.key(digest: StableHash.digest(fileAt: cut.path), settings: settings)
        let stale = cache.appendingPathComponent(key)
        try FileManager.default.copyItem(at: cache.appendingPathComponent(try #require(entries.first)), to: stale)
        try downgrade(stale)
        let third = site.build()
        #expect(
            third.messages == [
                "Content/static/images/cut.jpg: error: cannot read the image: VipsJpeg: Corrupt JPEG data: premature end of data segment;"
                    + " the file may be truncated or damaged, export it again"
            ])
    }
}
