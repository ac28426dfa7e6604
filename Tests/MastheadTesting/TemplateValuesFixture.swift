import Foundation
import MastheadBuild

/// Tests/Fixtures/template-values/: a site on which every documented template value is
/// present, built with templates a test writes.
package enum TemplateValuesFixture {
    package static let root = repositoryRoot.appendingPathComponent("Tests/Fixtures/template-values")

    /// A copy of the fixture's content with `templates`, built with drafts (a draft article
    /// has `draft`) on a fixed day.
    package static func build(templates: [String: String]) throws -> BuildResult {
        let config = try String(contentsOf: root.appendingPathComponent("Content/site.yml"), encoding: .utf8)
        let site = try TestSite(config: config, templates: templates)
        let content = root.appendingPathComponent("Content")
        let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = files?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(content.standardizedFileURL.path.count + 1))
            guard path != "site.yml" else { continue }
            let target = site.root.appendingPathComponent("Content/" + path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: url).write(to: target)
        }
        // The theme's words (`i18n.KEY`), in both of the fixture's languages.
        try site.write("Templates/i18n/en.yml", "readMore: Read more\n")
        try site.write("Templates/i18n/it.yml", "readMore: Leggi\n")
        return site.build(drafts: true)
    }
}
