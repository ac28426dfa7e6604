import Foundation
import MastheadCore

/// The files `masthead new site` copies: the default theme with the starter content of
/// `Starters/default/`, or one of `Examples/`. They are read from the Masthead folder the
/// binary was built in (found from the binary's path), or from `$MASTHEAD_HOME`.
struct StarterSite {
    enum Problem: Error, CustomStringConvertible {
        case unknownExample(String)
        case noMastheadFolder
        case targetNotEmpty(String)
        case writing(String, String)

        var description: String {
            switch self {
            case .unknownExample(let name):
                "--example: no example named '\(name)'" + Suggestion.didYouMean(name, in: StarterSite.exampleNames)
                    + " (examples: \(StarterSite.exampleNames.joined(separator: ", ")))"
            case .noMastheadFolder:
                "cannot find Masthead's starter files (Starters/, Templates/, Examples/) beside the masthead binary; "
                    + "set MASTHEAD_HOME to the Masthead folder"
            case .targetNotEmpty(let path):
                "\(path) already exists and is not empty; name a new folder"
            case .writing(let path, let reason):
                "cannot write \(path): \(reason)"
            }
        }
    }

    static let exampleNames = ["beach-club", "film-club", "personal-budget", "student-housing"]

    /// Output and cache folders a copied site must not carry.
    private static let skipped: Set<String> = ["public", "screenshot.png"]

    /// (source, destination relative to the new site)
    let files: [(URL, String)]

    init(example: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let example, !Self.exampleNames.contains(example) { throw Problem.unknownExample(example) }
        guard let home = Self.mastheadFolder(environment: environment) else { throw Problem.noMastheadFolder }
        if let example {
            let root = home.appendingPathComponent("Examples/\(example)")
            files = Self.listFiles(in: root, under: "Content") + Self.listFiles(in: root, under: "Templates")
        } else {
            let theme = Self.listFiles(in: home, under: "Templates")
            // The theme's own static files; the starter brings its images and content.
            let themeStatic = ["Content/static/css", "Content/static/js", "Content/static/favicon.svg", "Content/static/images/logo.svg"]
                .flatMap { Self.listFiles(in: home, under: $0) }
            let content = Self.listFiles(in: home.appendingPathComponent("Starters/default"), under: "Content")
            files = theme + themeStatic + content
        }
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
            for (source, relative) in files {
                let destination = staging.appendingPathComponent(relative)
                try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: source, to: destination)
            }
            if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
            try manager.moveItem(at: staging, to: target)
        } catch {
            try? manager.removeItem(at: staging)
            throw Problem.writing(target.path, error.localizedDescription)
        }
        return files.count
    }

    /// `$MASTHEAD_HOME`, else the first folder above the binary holding `Starters/default`.
    static func mastheadFolder(environment: [String: String]) -> URL? {
        if let home = environment["MASTHEAD_HOME"], !home.isEmpty {
            let url = URL(fileURLWithPath: home)
            return isMastheadFolder(url) ? url : nil
        }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if isMastheadFolder(folder) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    private static func isMastheadFolder(_ url: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: url.appendingPathComponent("Starters/default/Content/site.yml").path)
            && manager.fileExists(atPath: url.appendingPathComponent("Templates/base.mustache").path)
    }

    /// Every regular file under `root/relative` (or that file itself), in name order, skipping
    /// hidden files and output folders.
    private static func listFiles(in root: URL, under relative: String) -> [(URL, String)] {
        let manager = FileManager.default
        let start = root.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: start.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [(start, relative)] }
        let names = ((try? manager.contentsOfDirectory(atPath: start.path)) ?? []).sorted()
        return names.filter { !$0.hasPrefix(".") && !skipped.contains($0) }.flatMap { name in
            listFiles(in: root, under: "\(relative)/\(name)")
        }
    }
}
