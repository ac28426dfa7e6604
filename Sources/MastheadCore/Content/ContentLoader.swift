import Foundation

/// Finds the files of a site folder, in a stable order.
public enum ContentLoader {
    /// Text sources (articles, pages) read into memory.
    public static func sources(in folder: String, siteDirectory: URL, extensions: Set<String>) -> ([SourceFile], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [SourceFile] = []
        for path in files(in: folder, siteDirectory: siteDirectory, diagnostics: &diagnostics) {
            let ext = (path as NSString).pathExtension.lowercased()
            guard extensions.contains(ext) else {
                diagnostics.append(Diagnostic(.warning, "ignored: only \(extensions.sorted().joined(separator: ", ")) files are read here", file: path))
                continue
            }
            guard let data = FileManager.default.contents(atPath: siteDirectory.appendingPathComponent(path).path) else {
                diagnostics.append(Diagnostic(.error, "cannot read this file", file: path))
                continue
            }
            sources.append(SourceFile(path: path, data: data))
        }
        return (sources, diagnostics)
    }

    /// Relative paths (`Content/static/images/a.svg`) of every regular file under `folder`,
    /// sorted. Hidden files and names starting with `_` are skipped; links to folders are
    /// not followed, so a link loop cannot trap the walk.
    public static func files(in folder: String, siteDirectory: URL, diagnostics: inout [Diagnostic]) -> [String] {
        var result: [String] = []
        walk(folder, siteDirectory: siteDirectory, into: &result, diagnostics: &diagnostics)
        return result.sorted()
    }

    private static func walk(_ relative: String, siteDirectory: URL, into result: inout [String], diagnostics: inout [Diagnostic]) {
        let manager = FileManager.default
        let absolute = siteDirectory.appendingPathComponent(relative).path
        guard let names = try? manager.contentsOfDirectory(atPath: absolute) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") {
            let childRelative = relative + "/" + name
            let childAbsolute = absolute + "/" + name
            guard let attributes = try? manager.attributesOfItem(atPath: childAbsolute),
                  let type = attributes[.type] as? FileAttributeType else { continue }
            switch type {
            case .typeDirectory:
                walk(childRelative, siteDirectory: siteDirectory, into: &result, diagnostics: &diagnostics)
            case .typeRegular:
                result.append(childRelative)
            case .typeSymbolicLink:
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: childAbsolute, isDirectory: &isDirectory), !isDirectory.boolValue {
                    result.append(childRelative)
                } else {
                    diagnostics.append(Diagnostic(.warning, "symbolic link not followed: it points to a folder or to nothing", file: childRelative))
                }
            default:
                continue
            }
        }
    }
}
