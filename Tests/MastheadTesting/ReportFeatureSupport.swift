import Foundation
import MastheadBuild
import Testing

/// A site for the chart and data features (scatter, grid, duration, joins, fixed x values,
/// catalog titles): a report page holding the blocks under test, optional catalogs and
/// datasets in site.yml, and the SVG drawings read back as XML.
package enum ReportFeatureSite {
    package static let templates: [String: String] = TestSite.minimalTemplates.merging([
        "report": "{{<base}}{{$main}}<h1 class=\"report\">{{title}}</h1>{{{content}}}{{/main}}{{/base}}",
        "catalog-index": "{{<base}}{{$main}}<h1>{{catalog.label}}</h1>{{/main}}{{/base}}",
        "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1>{{/main}}{{/base}}"
    ]) { _, new in new }

    /// `config` is added to the minimal site.yml (`language: en`); `files` are written under the site.
    package static func make(config: String = "", language: String = "en", files: [String: String]) throws -> TestSite {
        let base = TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: \(language)")
        let site = try TestSite(config: base + "\n" + config, templates: templates)
        for (path, text) in files { try site.write(path, text) }
        return site
    }

    /// The report page `Content/reports/r.md` with `body`; its first body line is line 5.
    package static func report(_ site: TestSite, _ body: String) throws {
        try site.write("Content/reports/r.md", "---\ntitle: Figures\ndate: 2026-11-01\n---\n\(body)\n")
    }

    /// Builds and returns the report page, recording any diagnostic.
    package static func page(_ site: TestSite, expectClean: Bool = true) throws -> (page: String, result: BuildResult) {
        let result = site.build()
        if expectClean { #expect(result.diagnostics.isEmpty, "\(result.messages)") }
        return (result.text("reports/r/index.html") ?? "", result)
    }

    /// Every chart SVG in the page (wide then narrow for each figure), each parsed as XML.
    package static func drawings(_ html: String) -> [XMLCheck] {
        var result: [XMLCheck] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg class=\"chart-svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            let check = XMLCheck.parse(String(rest[start.lowerBound..<end.upperBound]))
            #expect(check.error == nil, "\(check.error ?? "")")
            result.append(check)
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// Every `<svg>` of the page, legend swatches included, parsed as XML.
    package static func checkAllSVG(_ html: String) {
        var rest = html[...]
        var count = 0
        while let start = rest.range(of: "<svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            let check = XMLCheck.parse(String(rest[start.lowerBound..<end.upperBound]))
            #expect(check.error == nil, "\(check.error ?? "")")
            count += 1
            rest = rest[end.upperBound...]
        }
        #expect(count > 0)
    }

    /// Elements matching `isMark`, each with the text of its own `<title>` child (which
    /// the parser closes, and so lists, just before its parent).
    package static func marks(_ svg: XMLCheck, where isMark: ([String: String]) -> Bool) -> [(attributes: [String: String], title: String)] {
        var lastTitle = ""
        var result: [(attributes: [String: String], title: String)] = []
        for element in svg.elements {
            if element.name == "title" {
                lastTitle = element.text
                continue
            }
            if isMark(element.attributes) { result.append((element.attributes, lastTitle)) }
        }
        return result
    }

    /// The data table rows (`<tr>...</tr>`) inside the page's `<tbody>`s, in order.
    package static func tableRows(_ html: String) -> [String] {
        var rows: [String] = []
        var rest = html[...]
        while let body = rest.range(of: "<tbody>"), let close = rest[body.upperBound...].range(of: "</tbody>") {
            rows += rest[body.upperBound..<close.lowerBound].components(separatedBy: "\n").filter { $0.hasPrefix("<tr>") }
            rest = rest[close.upperBound...]
        }
        return rows
    }
}
