import Foundation

/// Writes a built site to its output folder: into a new folder beside it first, swapped in
/// only when every file is written, so a failed build never leaves a half-built site.
public enum OutputWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Refuses output folders whose replacement would destroy the site itself.
    public static func checkSafe(output: URL, siteDirectory: URL) -> String? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        let site = siteDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let protected = [site, site + "/Content", site + "/Templates"]
        if out == "/" { return "refusing to write the site to / (choose an empty or a build folder)" }
        if protected.contains(out) { return "refusing to replace \(out): it holds the site's sources" }
        if site.hasPrefix(out + "/") { return "refusing to replace \(out): it contains the site folder" }
        for folder in protected.dropFirst() where out.hasPrefix(folder + "/") {
            return "refusing to write the site inside \(folder): it holds the site's sources"
        }
        if FileManager.default.fileExists(atPath: out + "/.git") || FileManager.default.fileExists(atPath: out + "/Content/site.yml") {
            return "refusing to replace \(out): it looks like a project folder, not a built site"
        }
        return nil
    }

    /// Returns the number of files written.
    @discardableResult
    public static func write(_ files: [OutputFile], to output: URL, siteDirectory: URL) throws -> Int {
        if let problem = checkSafe(output: output, siteDirectory: siteDirectory) { throw Failure(description: problem) }
        let manager = FileManager.default
        let target = output.standardizedFileURL
        let staging = URL(fileURLWithPath: target.path + ".masthead-new")
        let previous = URL(fileURLWithPath: target.path + ".masthead-old")
        try? manager.removeItem(at: staging)
        try? manager.removeItem(at: previous)
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            var createdFolders = Set<String>()
            for file in files {
                guard isSafeRelativePath(file.path) else {
                    throw Failure(description: "refusing to write \(file.path): it is not inside the output folder")
                }
                let destination = staging.appendingPathComponent(file.path)
                let folder = destination.deletingLastPathComponent().path
                if createdFolders.insert(folder).inserted {
                    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                switch file.contents {
                case .bytes(let data): try data.write(to: destination)
                case .copy(let source): try manager.copyItem(atPath: source, toPath: destination.path)
                }
            }
            if manager.fileExists(atPath: target.path) {
                try manager.moveItem(at: target, to: previous)
            }
            try manager.moveItem(at: staging, to: target)
            try? manager.removeItem(at: previous)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        return files.count
    }

    /// A path relative to the output folder that cannot leave it.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}
