/// The paths of a site's output files seen as a tree, to find two that cannot both exist on
/// disk: one path twice, or a file where another file needs a folder (a static file
/// `Content/static/articles` against the archive's `articles/index.html`). Caught when the
/// site is resolved, with both inputs named, rather than as a file system error mid-write.
struct OutputPathTree<Owner> {
    /// What stands in the way of a new path.
    enum Conflict {
        /// The same path was added before, by `Owner`.
        case duplicate(Owner)
        /// The new path is a file, but the earlier `file` lies beneath it: it must be a folder.
        case fileOverFolder(file: String, owner: Owner)
        /// The new path needs `folder` to be a folder, but an earlier file is at that path.
        case folderOverFile(folder: String, owner: Owner)
    }

    private var files: [String: Owner] = [:]
    /// Every folder some file needs, with the first file beneath it.
    private var folders: [String: String] = [:]

    /// Adds a file's path (relative to the output folder), or returns what it collides with.
    mutating func add(_ path: String, owner: Owner) -> Conflict? {
        if let earlier = files[path] { return .duplicate(earlier) }
        if let beneath = folders[path], let earlier = files[beneath] { return .fileOverFolder(file: beneath, owner: earlier) }
        var folderEnds: [String.Index] = []
        for index in path.indices where path[index] == "/" {
            let folder = String(path[..<index])
            if let earlier = files[folder] { return .folderOverFile(folder: folder, owner: earlier) }
            folderEnds.append(index)
        }
        files[path] = owner
        for end in folderEnds where folders[String(path[..<end])] == nil { folders[String(path[..<end])] = path }
        return nil
    }
}

/// The file-versus-folder check of a resolved site, before anything is rendered.
enum OutputCollisions {
    /// An error for each file that stands where another output needs a folder (a path twice
    /// is reported where the routes are checked for duplicates). `outputs` are paths relative
    /// to the output folder, each with what writes it (`the article archive`) and its source
    /// file (`Content/site.yml`).
    static func fileFolderCollisions(_ outputs: [(path: String, description: String, source: String)]) -> [Diagnostic] {
        var tree = OutputPathTree<(description: String, source: String)>()
        var diagnostics: [Diagnostic] = []
        var reported = Set<String>()
        for output in outputs {
            let file: (path: String, description: String, source: String)
            let folder: (path: String, description: String, source: String)
            switch tree.add(output.path, owner: (output.description, output.source)) {
            case nil, .duplicate: continue
            case .fileOverFolder(let beneath, let owner):
                file = output
                folder = (beneath, owner.description, owner.source)
            case .folderOverFile(let path, let owner):
                file = (path, owner.description, owner.source)
                folder = output
            }
            guard reported.insert(file.path).inserted else { continue }
            let sources = [file.source, folder.source]
            let blamed = sources.first { $0 != SiteConfigLoader.path } ?? file.source
            diagnostics.append(Diagnostic(.error, "\(file.description) is written as the file \(file.path), but \(folder.description) needs"
                + " \(file.path)/ to be a folder (for \(folder.path)): rename or move one of them", file: blamed))
        }
        return diagnostics
    }
}
