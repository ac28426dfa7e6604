import Foundation
import MastheadSupport

/// The files `masthead new site` copies: the default theme with the starter content of
/// `Starters/default/`, or one of `Examples/`. They come from the copies built into the binary
/// (`EmbeddedStarterFiles`), or, for working on the theme without rebuilding, from the Masthead
/// folder `$MASTHEAD_HOME` names.
struct StarterSite {
    enum Problem: Error, CustomStringConvertible {
        case unknownExample(String)
        case notMastheadFolder(String)
        case targetNotEmpty(String)
        case writing(String, String)

        var description: String {
            switch self {
            case .unknownExample(let name):
                "--example: no example named '\(name)'" + Suggestion.didYouMean(name, in: StarterSite.exampleNames)
                    + " (examples: \(StarterSite.exampleNames.joined(separator: ", ")))"
            case .notMastheadFolder(let path):
                "MASTHEAD_HOME is \(path), not a Masthead folder (no Starters/default/Content/site.yml or Templates/base.mustache); "
                    + "unset it to use the starter files built into masthead"
            case .targetNotEmpty(let path):
                "\(path) already exists and is not empty; name a new folder"
            case .writing(let path, let reason):
                "cannot write \(path): \(reason)"
            }
        }
    }

    /// Where the files are read from.
    enum Source {
        /// The copies built into the binary.
        case embedded
        /// A Masthead folder: `$MASTHEAD_HOME`.
        case folder(URL)

        /// The paths of the files that are `relative` or lie under it, relative to the Masthead
        /// folder, in name order, without hidden files and output folders.
        func paths(under relative: String) -> [String] {
            switch self {
            case .embedded: EmbeddedStarterFiles.paths(under: relative)
            case .folder(let home): StarterSite.listFiles(in: home, under: relative)
            }
        }

        func contents(of path: String) throws -> Data {
            switch self {
            case .embedded:
                guard let data = EmbeddedStarterFiles.contents(of: path) else {
                    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
                }
                return data
            case .folder(let home): return try Data(contentsOf: home.appendingPathComponent(path))
            }
        }
    }

    static let exampleNames = ["beach-club", "film-club", "personal-budget", "student-housing"]

    /// Output and cache folders a copied site must not carry (scripts/embed-starter-files.sh skips them too).
    private static let skipped: Set<String> = ["public", "screenshot.png"]

    let source: Source
    /// (path in the source, destination relative to the new site)
    let files: [(String, String)]

    init(example: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let example, !Self.exampleNames.contains(example) { throw Problem.unknownExample(example) }
        let source = try Self.source(environment: environment)
        // The files under `base/relative`, each to `relative/...` in the new site.
        func listed(in base: String, under relative: String) -> [(String, String)] {
            let prefix = base.isEmpty ? "" : base + "/"
            return source.paths(under: prefix + relative).map { ($0, String($0.dropFirst(prefix.count))) }
        }
        if let example {
            files = listed(in: "Examples/\(example)", under: "Content") + listed(in: "Examples/\(example)", under: "Templates")
        } else {
            let theme = listed(in: "", under: "Templates")
            // The theme's own static files; the starter brings its images and content.
            let themeStatic = ["Content/static/css", "Content/static/js", "Content/static/favicon.svg", "Content/static/images/logo.svg"]
                .flatMap { listed(in: "", under: $0) }
            files = theme + themeStatic + listed(in: "Starters/default", under: "Content")
        }
        self.source = source
    }

    /// Writes every file into `target` (new, or an empty folder): assembled beside it first,
    /// so a failure leaves no half-written site. Returns the number of files.
    func write(to target: URL) throws -> Int {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: target.path, isDirectory: &isFolder) {
            let entries = isFolder.boolValue ? ((try? manager.contentsOfDirectory(atPath: target.path)) ?? ["?"]) : ["?"]
            guard entries.isEmpty else { throw Problem.targetNotEmpty(target.path) }
        }
        let staging = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).masthead-new")
        do {
            try? manager.removeItem(at: staging)
            for (path, relative) in files {
                let destination = staging.appendingPathComponent(relative)
                try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try source.contents(of: path).write(to: destination)
            }
            if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
            try manager.moveItem(at: staging, to: target)
        } catch {
            try? manager.removeItem(at: staging)
            throw Problem.writing(target.path, error.localizedDescription)
        }
        return files.count
    }

    /// The folder `$MASTHEAD_HOME` names, when set, else the files built into the binary.
    static func source(environment: [String: String]) throws -> Source {
        guard let home = environment["MASTHEAD_HOME"], !home.isEmpty else { return .embedded }
        let url = URL(fileURLWithPath: home)
        guard isMastheadFolder(url) else { throw Problem.notMastheadFolder(home) }
        return .folder(url)
    }

    private static func isMastheadFolder(_ url: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: url.appendingPathComponent("Starters/default/Content/site.yml").path)
            && manager.fileExists(atPath: url.appendingPathComponent("Templates/base.mustache").path)
    }

    /// Every regular file under `root/relative` (or that file itself), in name order, skipping
    /// hidden files and output folders: the path of each, relative to `root`.
    fileprivate static func listFiles(in root: URL, under relative: String) -> [String] {
        let manager = FileManager.default
        let start = root.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: start.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [relative] }
        let names = ((try? manager.contentsOfDirectory(atPath: start.path)) ?? []).sorted()
        return names.filter { !$0.hasPrefix(".") && !skipped.contains($0) }.flatMap { name in
            listFiles(in: root, under: "\(relative)/\(name)")
        }
    }
}
