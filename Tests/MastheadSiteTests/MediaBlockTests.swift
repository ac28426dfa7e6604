import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// ```` ```video ````, ```` ```map ````, ```` ```photos ```` and ```` ```pullquote ```` between paragraphs:
/// what the page shows, and each block's bad input as an error at its line.
@Suite("Media blocks")
struct MediaBlockTests {
    /// An article whose body is `body` (line 6 of the file is the body's first), built; its page and the messages.
    static func build(svg: Bool = false, _ body: String, language: String = "en") throws -> (page: String, messages: [String]) {
        let config = TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: \(language)")
        let site = try TestSite(config: config)
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/static/images"), withIntermediateDirectories: true)
        let photo = repositoryRoot.appendingPathComponent("Content/static/images/photos/moka.jpg")
        try FileManager.default.copyItem(at: photo, to: site.root.appendingPathComponent("Content/static/images/moka.jpg"))
        if svg {
            let drawing = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\"/></svg>\n"
            try site.write("Content/static/images/moka.svg", drawing)
        }
        try site.article("moka.md", "title: Moka\ndate: 2026-03-01\ncategory: coffee-culture", body: body)
        let result = site.build()
        return (result.text("articles/moka/index.html") ?? "", result.messages)
    }

    @Test("a video is a link to YouTube with its preview and no player until the click")
    func video() throws {
        let (page, messages) = try Self.build(
            "Before.\n\n```video\nurl: https://youtu.be/dQw4w9WgXcQ\ntitle: The moka, step by step\ncaption: Two minutes.\n```\n\nAfter.")
        #expect(messages == [])
        let expected = [
            "<p>Before.</p>\n<figure class=\"media-video\">\n<a class=\"video-preview\" href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" ",
            "data-embed=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\"><img src=\"https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg\" ",
            "alt=\"Video: The moka, step by step\" width=\"480\" height=\"360\" loading=\"lazy\"><span class=\"play-button\">",
            "<span class=\"play-icon\" aria-hidden=\"true\"></span>Watch the video</span></a>\n<figcaption>Two minutes.</figcaption>\n",
            "</figure>\n<p>After.</p>"
        ].joined()
        #expect(page.contains(expected))
        #expect(!page.contains("<iframe"))
        #expect(!page.contains("<script"))
    }

    @Test("a video's poster is a site image, and then nothing at all comes from YouTube before the click")
    func videoPoster() throws {
        let (page, messages) = try Self.build("```video\nurl: dQw4w9WgXcQ\ntitle: La moka\nposter: /images/moka.jpg\n```", language: "it")
        #expect(messages.filter { $0.contains("error") } == [], "\(messages)")
        #expect(page.contains("alt=\"Video: La moka\""))
        #expect(page.contains("Guarda il video</span>"))
        #expect(!page.contains("i.ytimg.com"))
    }

    @Test("a video that is not on YouTube is an error at its url")
    func videoNotYouTube() throws {
        let (_, messages) = try Self.build("Text.\n\n```video\ntitle: Elsewhere\nurl: https://vimeo.com/123456\n```")
        #expect(
            messages == [
                "Content/articles/moka.md:10:6: error: video: \"https://vimeo.com/123456\" is not a YouTube video; write its YouTube "
                    + "address (youtube.com/watch?v=…, youtu.be/…) or its 11-character id"
            ])
    }

    @Test("a map point is drawn as the store map draws, with its place and a link to OpenStreetMap")
    func map() throws {
        let (page, messages) = try Self.build("```map\nlat: 45.0686\nlon: 7.693\nlabel: Bar Aurora, Torino\n```", language: "it")
        #expect(messages == [])
        #expect(page.contains("<div class=\"media-map\">\n<figure class=\"chart chart-scatter\" id=\"map-6\">"))
        #expect(page.contains("<figcaption class=\"chart-title\">Bar Aurora, Torino</figcaption>"))
        #expect(page.contains("<svg"))
        #expect(page.contains("Latitudine"))
        #expect(
            page.contains(
                "<p class=\"media-map-link\"><a href=\"https://www.openstreetmap.org/?mlat=45.06860&amp;mlon=7.69300#map=16/45.06860/7.69300\">"
                    + "Apri la mappa</a> <span class=\"media-map-place\">(Bar Aurora, Torino, 45.06860, 7.69300)</span></p>"))
        #expect(!page.contains("<script"))
    }

    @Test("a map point out of range is an error at its coordinate")
    func mapOutOfRange() throws {
        let (_, messages) = try Self.build("```map\nlabel: Nowhere\nlat: 95.5\nlon: -200\n```")
        #expect(
            messages == [
                "Content/articles/moka.md:8:6: error: map: lat: a latitude is between -90 and 90, got 95.5",
                "Content/articles/moka.md:9:6: error: map: lon: a longitude is between -180 and 180, got -200"
            ])
    }

    @Test("a photo row goes through the body images' <picture> path, each with its caption")
    func photos() throws {
        let (page, messages) = try Self.build(
            svg: true,
            "```photos\ncaption: Three steps.\nimages:\n  - { src: /images/moka.jpg, alt: The pot, caption: One }\n  - { src:"
                + " /images/moka.svg, alt: Drawn }\n```"
        )
        #expect(messages.filter { $0.contains("error") } == [], "\(messages)")
        #expect(page.contains("<figure class=\"media-photos\" style=\"--photos: 2\">\n<ul>\n<li><figure>"))
        #expect(
            page.contains(
                "<figcaption>One</figcaption></figure></li>\n<li><figure><img src=\"/images/moka.svg\" alt=\"Drawn\" width=\"40\" "
                    + "height=\"30\" loading=\"lazy\" decoding=\"async\"></figure></li>"
            ))
        #expect(page.contains("<figcaption>Three steps.</figcaption>\n</figure>"))
        #expect(!page.contains("masthead-image"), "every marker is replaced")
    }

    @Test("a missing photo and a photo without alt text are errors at their lines")
    func photosBad() throws {
        let (_, messages) = try Self.build("Text.\n\n```photos\n- { src: /images/absent.jpg, alt: Gone }\n- { src: /images/moka.jpg }\n```")
        #expect(
            messages.contains(
                "Content/articles/moka.md:10:3: error: photos: missing alt text for /images/moka.jpg; describe the photo, "
                    + "or write alt: \"\" if it is decorative"), "\(messages)")
        let (_, missing) = try Self.build("Text.\n\n```photos\n- { src: /images/absent.jpg, alt: Gone }\n```")
        #expect(missing.contains { $0.hasPrefix("Content/articles/moka.md:9:10: error: image /images/absent.jpg not found") }, "\(missing)")
    }

    @Test("a pull quote is set apart with who said it, as text or as YAML")
    func pullQuote() throws {
        let (page, messages) = try Self.build(
            "```pullquote\ntext: Weigh, time, write it down.\nby: Giulia Ferri\n```\n\n```pullquote\nJust words & more.\n```")
        #expect(messages == [])
        #expect(
            page.contains(
                "<figure class=\"media-pullquote\">\n<blockquote><p>Weigh, time, write it down.</p></blockquote>\n"
                    + "<figcaption>Giulia Ferri</figcaption>\n</figure>"))
        #expect(page.contains("<blockquote><p>Just words &amp; more.</p></blockquote>\n</figure>"))
        let (_, empty) = try Self.build("```pullquote\nby: Nobody\n```")
        #expect(empty.contains { $0.hasPrefix("Content/articles/moka.md:") && $0.contains("text") }, "\(empty)")
    }
}
