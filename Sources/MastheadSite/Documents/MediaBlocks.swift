import Foundation
import MastheadCharts
import MastheadContent
import MastheadImages
import MastheadMarkdown
import MastheadSupport

/// Media between paragraphs, as fenced blocks with a YAML body (docs/content.md, "Media in the
/// text"): ```` ```video ````, ```` ```map ````, ```` ```photos ```` and ```` ```pullquote ````. The
/// same rules as the front matter's `video:` and `gallery:`: nothing loads from YouTube until
/// the reader clicks, no JavaScript is needed, every image has its alt text and goes through
/// the same `<picture>` path as the body's images.
struct MediaBlocks: Sendable {
    static let names: Set<String> = ["video", "map", "photos", "pullquote"]

    let labels: Labels
    let format: ChartFormatter
    let reportLabels: ReportLabels

    init(language: String, timeZone: TimeZone) {
        labels = Labels(language: language)
        format = ChartFormatter(language: language, timeZone: timeZone)
        reportLabels = ReportLabels(language: language)
    }

    /// The block's HTML, or nil when `info` names no media block.
    func render(info: String, body: String, fence: SourceLocation, markers: ImageMarkers) -> RenderedBlock? {
        guard let name = info.split(separator: " ").first.map(String.init), Self.names.contains(name) else { return nil }
        let node: YAMLNode
        switch YAMLNode.parse(body, file: fence.file, lineOffset: fence.line ?? 0) {
        case .success(let parsed): node = parsed
        case .failure(let problem): return RenderedBlock(html: "", diagnostics: [problem])
        }
        guard !node.isNull else {
            return RenderedBlock(html: "", diagnostics: [.error("\(name): the block is empty; \(Self.example[name] ?? "")", at: fence)])
        }
        switch name {
        case "video": return video(node, fence: fence, markers: markers)
        case "map": return map(node, fence: fence)
        case "photos": return photos(node, markers: markers)
        default: return pullQuote(node)
        }
    }

    static let example = [
        "video": "write url: https://www.youtube.com/watch?v=ID and title: what it shows",
        "map": "write lat:, lon: and label:",
        "photos": "write a list of { src: /images/x.jpg, alt: what it shows }",
        "pullquote": "write text: the words, and by: who said them"
    ]

    // MARK: video

    /// A link to the video on YouTube showing a preview: the `poster:` (a site image), else
    /// YouTube's, loaded only from `i.ytimg.com`; the theme's script may swap in the player from
    /// `youtube-nocookie.com` (`data-embed`), as it does for the front matter's `video:`.
    private func video(_ node: YAMLNode, fence: SourceLocation, markers: ImageMarkers) -> RenderedBlock {
        var fields = YAMLReader(node, context: "video")
        fields.warnAboutUnknownKeys(["url", "title", "caption", "poster"], what: "video")
        var images: [MarkdownImage] = []
        let url = fields.string("url", required: true)
        let title = fields.string("title", required: true)
        let caption = fields.string("caption")
        let poster = fields.string("poster")
        var video: Video?
        if let url {
            video = Video(url)
            if video == nil {
                fields.error(
                    "video: \"\(url)\" is not a YouTube video; write its YouTube address (youtube.com/watch?v=…, youtu.be/…) "
                        + "or its 11-character id", at: fields.locationOf("url"))
            }
        }
        if let poster, let problem = Self.photoProblem(poster) {
            fields.error("video: poster: \(problem)", at: fields.locationOf("poster"))
        }
        guard let video, let title, !fields.diagnostics.hasErrors else { return RenderedBlock(html: "", diagnostics: fields.diagnostics) }
        let alt = "\(labels.video): \(title)"
        let preview: String
        if let poster {
            preview = markers.marker(0)
            images.append(MarkdownImage(src: poster, alt: alt, caption: nil, location: fields.locationOf("poster"), marker: preview))
        } else {
            preview = "<img src=\"\(video.thumbnailURL)\" alt=\"\(XML.escape(alt))\" width=\"480\" height=\"360\" loading=\"lazy\">"
        }
        var html = "<figure class=\"media-video\">\n"
        html += "<a class=\"video-preview\" href=\"\(video.watchURL)\" data-embed=\"\(video.embedURL)\">\(preview)"
        html += "<span class=\"play-button\"><span class=\"play-icon\" aria-hidden=\"true\"></span>\(XML.escape(labels.watchVideo))</span></a>\n"
        if let caption { html += "<figcaption>\(XML.escape(caption))</figcaption>\n" }
        html += "</figure>\n"
        return RenderedBlock(html: html, diagnostics: fields.diagnostics, images: images)
    }

    /// Why `src` cannot be a photo or poster: an image of the site, checked as the Markdown's images
    /// are (no `..`); a raster goes through the `<picture>` path (and must be found), an SVG is shown
    /// as it is, and nothing else is an image.
    static func photoProblem(_ src: String) -> String? {
        guard MarkdownImage.isSitePath(src) else { return "expected an image on the site, like /images/x.jpg, got \"\(src)\"" }
        if let problem = SitePath.imageProblem(src) { return problem }
        guard RasterImage.isRaster(src) || src.lowercasedPathExtension == "svg" else {
            return "\(src) is not an image; use a JPEG, PNG, WebP, AVIF, GIF or SVG file, like /images/x.jpg"
        }
        return nil
    }

    // MARK: map

    struct Point {
        var latitude: Double
        var longitude: Double
        var label: String
    }

    /// One point (`lat:`, `lon:`, `label:`) or several (`points:`), drawn as the store map draws
    /// its stores: a geographic scatter chart in SVG, each point named, with a table of the
    /// coordinates for screen readers, and a link to the first point on OpenStreetMap. No tiles
    /// and no script load from elsewhere.
    private func map(_ node: YAMLNode, fence: SourceLocation) -> RenderedBlock {
        var fields = YAMLReader(node, context: "map")
        fields.warnAboutUnknownKeys(["lat", "lon", "label", "title", "caption", "points", "zoom"], what: "map")
        var points: [Point] = []
        if fields.has("points") {
            points = fields.mappings("points") { item, _ in readPoint(&item) } ?? []
        } else if let point = readPoint(&fields) {
            points = [point]
        }
        let title = fields.string("title")
        let caption = fields.string("caption")
        let zoom = fields.integer("zoom", minimum: 1) ?? 16
        if zoom > 19 { fields.error("map: zoom: OpenStreetMap's zoom is 1 to 19, got \(zoom)", at: fields.locationOf("zoom")) }
        guard !points.isEmpty, !fields.diagnostics.hasErrors else { return RenderedBlock(html: "", diagnostics: fields.diagnostics) }
        let heading = title ?? points.map(\.label).joined(separator: " · ")
        let data = ScatterData(
            points: points.map { ScatterData.Point(label: $0.label, x: $0.longitude, y: $0.latitude, series: 0, url: nil) },
            series: [""], labelTitle: heading, xTitle: labels.longitude, yTitle: labels.latitude, seriesTitle: nil, geo: true,
            xFraction: ScatterData.fraction(points.map(\.longitude)), yFraction: ScatterData.fraction(points.map(\.latitude)))
        var labelled = data
        labelled.labelledSeries = 0
        let id = "map-\(fence.line ?? 0)"
        let description = ChartDescription(title: heading, xTitle: labels.longitude, valueTitle: labels.latitude, caption: caption, id: id)
        var html = "<div class=\"media-map\">\n"
        html += ChartRenderer(format: format, labels: reportLabels).renderScatter(labelled, description)
        let first = points[0]
        let latitude = String(format: "%.5f", first.latitude)
        let longitude = String(format: "%.5f", first.longitude)
        let osm = "https://www.openstreetmap.org/?mlat=\(latitude)&amp;mlon=\(longitude)#map=\(zoom)/\(latitude)/\(longitude)"
        html += "<p class=\"media-map-link\"><a href=\"\(osm)\">\(XML.escape(labels.openMap))</a> "
        html += "<span class=\"media-map-place\">(\(XML.escape(first.label)), \(latitude), \(longitude))</span></p>\n"
        html += "</div>\n"
        return RenderedBlock(html: html, diagnostics: fields.diagnostics)
    }

    private func readPoint(_ fields: inout YAMLReader) -> Point? {
        let label = fields.string("label", required: true)
        let latitude = coordinate(&fields, "lat", limit: 90)
        let longitude = coordinate(&fields, "lon", limit: 180)
        guard let label, let latitude, let longitude else { return nil }
        return Point(latitude: latitude, longitude: longitude, label: label)
    }

    private func coordinate(_ fields: inout YAMLReader, _ key: String, limit: Double) -> Double? {
        guard let text = fields.string(key, required: true) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            fields.error("map: \(key): expected a number of degrees, got \"\(text)\"", at: fields.locationOf(key))
            return nil
        }
        guard abs(value) <= limit else {
            let name = key == "lat" ? "latitude" : "longitude"
            fields.error("map: \(key): a \(name) is between -\(Int(limit)) and \(Int(limit)), got \(text)", at: fields.locationOf(key))
            return nil
        }
        return value
    }

    // MARK: photos

    /// A row of photos, each a `<figure>` with its own caption, under an optional caption for the row.
    private func photos(_ node: YAMLNode, markers: ImageMarkers) -> RenderedBlock {
        var diagnostics: [Diagnostic] = []
        var rowCaption: String?
        var items = node.items
        if items == nil {
            var fields = YAMLReader(node, context: "photos")
            fields.warnAboutUnknownKeys(["images", "caption"], what: "photos")
            rowCaption = fields.string("caption")
            items = fields.node["images"]?.items
            if items == nil { fields.error("photos: expected a list of { src:, alt: } or images: with one", at: fields.location) }
            diagnostics += fields.diagnostics
        }
        var images: [MarkdownImage] = []
        var html = ""
        for (index, item) in (items ?? []).enumerated() {
            var photo = YAMLReader(item, context: "photos[\(index + 1)]")
            photo.warnAboutUnknownKeys(["src", "alt", "caption"], what: "photo")
            let src = photo.string("src", required: true)
            if let src, item["alt"] == nil {
                photo.error("photos: missing alt text for \(src); describe the photo, or write alt: \"\" if it is decorative", at: photo.location)
            }
            if let src, let problem = Self.photoProblem(src) {
                photo.error("photos: \(problem)", at: photo.locationOf("src"))
            }
            diagnostics += photo.diagnostics
            guard let src, !photo.diagnostics.hasErrors else { continue }
            let alt = photo.string("alt") ?? ""
            let caption = photo.string("caption")
            let marker = markers.marker(images.count)
            html += "<li><figure>\(marker)"
            if let caption { html += "<figcaption>\(XML.escape(caption))</figcaption>" }
            html += "</figure></li>\n"
            images.append(MarkdownImage(src: src, alt: alt, caption: caption, location: photo.locationOf("src"), marker: marker))
        }
        guard !diagnostics.hasErrors, !images.isEmpty else { return RenderedBlock(html: "", diagnostics: diagnostics) }
        var row = "<figure class=\"media-photos\" style=\"--photos: \(images.count)\">\n<ul>\n\(html)</ul>\n"
        if let rowCaption { row += "<figcaption>\(XML.escape(rowCaption))</figcaption>\n" }
        row += "</figure>\n"
        return RenderedBlock(html: row, diagnostics: diagnostics, images: images)
    }

    // MARK: pull quote

    /// Words from the text set large between paragraphs, with who said them.
    private func pullQuote(_ node: YAMLNode) -> RenderedBlock {
        if let text = node.string {
            return RenderedBlock(html: Self.pullQuoteHTML(text: text, by: nil), diagnostics: [])
        }
        var fields = YAMLReader(node, context: "pullquote")
        fields.warnAboutUnknownKeys(["text", "by"], what: "pullquote")
        let text = fields.string("text", required: true)
        let by = fields.string("by")
        guard let text, !fields.diagnostics.hasErrors else { return RenderedBlock(html: "", diagnostics: fields.diagnostics) }
        return RenderedBlock(html: Self.pullQuoteHTML(text: text, by: by), diagnostics: fields.diagnostics)
    }

    private static func pullQuoteHTML(text: String, by: String?) -> String {
        let quote = XML.escape(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var html = "<figure class=\"media-pullquote\">\n<blockquote><p>\(quote)</p></blockquote>\n"
        if let by { html += "<figcaption>\(XML.escape(by))</figcaption>\n" }
        return html + "</figure>\n"
    }
}
