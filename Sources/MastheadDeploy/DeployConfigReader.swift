import Foundation
import MastheadContent
import MastheadSupport

/// Reads the `deploy:` section of site.yml: named targets, the first one the default.
///
/// ```yaml
/// deploy:
///   production:
///     url: s3://magazine-www/site?region=eu-south-1
///     max_deletes: 500
///     keep: ["downloads/**"]
///     headers:
///       - match: "media/**"
///         cache_control: public, max-age=86400
///   mirror:
///     url: ssh://deploy@mirror.example.org/srv/www
/// ```
package enum DeployConfigReader {
    static let targetKeys = ["url", "max_deletes", "keep", "headers"]
    static let headerKeys = ["match", "cache_control", "content_type"]

    /// The targets of the site's site.yml, in their order, and every problem found (with its line and column).
    package static func load(siteFolder: SiteFolder) -> ([DeployTarget], [Diagnostic]) {
        let path = SiteFolders.siteConfig
        guard let data = FileManager.default.contents(atPath: siteFolder.path(path)) else { return ([], []) }
        return parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// The site's identity on a target: its `baseURL` as site.yml writes it, with one slash at its end
    /// (nil without one). A target whose deploy record names another site is another site's.
    package static func siteIdentity(siteFolder: SiteFolder) -> String? {
        guard let data = FileManager.default.contents(atPath: siteFolder.path(SiteFolders.siteConfig)),
            case .success(let root) = YAMLNode.parse(String(decoding: data, as: UTF8.self), file: SiteFolders.siteConfig),
            let baseURL = root["baseURL"]?.string?.trimmingCharacters(in: .whitespaces), !baseURL.isEmpty
        else { return nil }
        return baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    package static func parse(_ text: String, file: String = SiteFolders.siteConfig) -> ([DeployTarget], [Diagnostic]) {
        let root: YAMLNode
        switch YAMLNode.parse(text, file: file) {
        case .success(let node): root = node
        case .failure(let diagnostic): return ([], [diagnostic])
        }
        guard let deploy = root["deploy"], !deploy.isNull else { return ([], []) }
        guard let entries = deploy.entries else {
            return ([], [.error("deploy: expected a mapping of target names to targets, got \(deploy.kindName)", at: deploy.location)])
        }
        var targets: [DeployTarget] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            var reader = YAMLReader(entry.value, context: "deploy.\(entry.key)")
            if let target = readTarget(name: entry.key, &reader) { targets.append(target) }
            diagnostics += reader.diagnostics
        }
        return (targets, diagnostics.sortedByPosition())
    }

    private static func readTarget(name: String, _ reader: inout YAMLReader) -> DeployTarget? {
        guard reader.node.entries != nil else { return nil }
        reader.warnAboutUnknownKeys(targetKeys, what: "deploy target")
        let url = reader.string("url", required: true)
        var rules = DeployRules()
        if let maxDeletes = reader.integer("max_deletes", minimum: 0) { rules.maxDeletes = maxDeletes }
        if let keep = reader.strings("keep") { rules.keep = keep.map(PathGlob.init) }
        let headerRules =
            reader.mappings("headers") { (header: inout YAMLReader, _: Int) -> HeaderRules.Rule? in
                header.warnAboutUnknownKeys(headerKeys, what: "headers rule")
                guard let match = header.string("match", required: true) else { return nil }
                let cacheControl = header.string("cache_control")
                let contentType = header.string("content_type")
                if cacheControl == nil, contentType == nil {
                    header.error("headers rule for \"\(match)\": set cache_control, content_type or both", at: header.location)
                    return nil
                }
                return HeaderRules.Rule(match: PathGlob(match), cacheControl: cacheControl, contentType: contentType)
            } ?? []
        rules.headers = HeaderRules(rules: headerRules)
        guard let url else { return nil }
        do {
            return DeployTarget(name: name, url: url, location: try DeployTarget.location(of: url), rules: rules)
        } catch {
            reader.error("url: \(error)", at: reader.locationOf("url"))
            return nil
        }
    }
}
