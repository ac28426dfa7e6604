import MastheadSupport

/// Outputs that cannot all exist on disk: a file where another output needs a folder (a
/// static file `Content/static/articles` against the archive's `articles/index.html`, a static
/// folder `feed.xml/` against the feed). Found when the site is resolved, with both inputs
/// named, rather than as a file system error half-way through writing.
enum OutputCollisions {
    struct Output {
        /// What writes it, for the message: `the article archive`, `Content/pages/about.md`.
        var description: String
        /// The site file to blame: `Content/site.yml`, `Content/static/articles`.
        var source: String
    }

    /// An error for each file that stands where another output needs a folder. `paths` are
    /// relative to the output folder (`articles/index.html`); `describe` names an output's
    /// writer, asked only for those in a message. The same path twice is not reported here:
    /// the resolver's duplicate-URL check names it. Outputs are kept by number: values of
    /// three strings each, in tables of millions of paths, were most of the resolver's memory
    /// traffic at 300,000 articles. Paths are cut at their last `/` by byte: searched a
    /// Character at a time, backwards, this check was a quarter of the resolver's instructions.
    static func fileFolderCollisions(_ paths: [String], describe: (Int) -> Output) -> [Diagnostic] {
        var files: [String: Int] = [:]
        // Every folder some output needs, with the first output beneath it.
        var folders: [String: Int] = [:]
        files.reserveCapacity(paths.count)
        folders.reserveCapacity(paths.count / 2)
        var diagnostics: [Diagnostic] = []
        var reported = Set<String>()
        for (number, path) in paths.enumerated() where files[path] == nil {
            var collision: (file: Int, beneath: Int)?
            if let beneath = folders[path] { collision = (number, beneath) }
            var folder = path
            while collision == nil, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = String(folder[..<slash])
                // A folder an earlier output needs: no file stands there or above it (a file
                // is only kept when no output needs its path as a folder), so stop here.
                if folders[folder] != nil { break }
                if let file = files[folder] { collision = (file, number) }
            }
            guard let (file, beneath) = collision else {
                files[path] = number
                folder = path
                while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                    folder = String(folder[..<slash])
                    guard folders[folder] == nil else { break }
                    folders[folder] = number
                }
                continue
            }
            guard reported.insert(paths[file]).inserted else { continue }
            let (fileOutput, beneathOutput) = (describe(file), describe(beneath))
            let blamed = [fileOutput.source, beneathOutput.source].first { $0 != SiteConfigLoader.path } ?? fileOutput.source
            diagnostics.append(
                Diagnostic(
                    .error,
                    "\(fileOutput.description) is written as the file \(paths[file]), but \(beneathOutput.description) needs"
                        + " \(paths[file])/ to be a folder (for \(paths[beneath])): rename or move one of them", file: blamed))
        }
        return diagnostics
    }

    /// An error for each static file at a place Masthead fills itself (`GeneratedOutputs`): in
    /// the search index's folder, among the social cards, on a catalog's filter data. Its own
    /// stylesheets and scripts may be replaced, with a warning (`SiteRenderer.generatedFiles`).
    static func staticFilesOverGenerated(_ site: Site) -> [Diagnostic] {
        let generated = GeneratedOutputs(site: site)
        return site.staticFiles.compactMap { file in
            guard let place = generated.place(of: file.outputPath), !place.isReplaceable,
                let clash = generated.clash(at: file.outputPath)
            else { return nil }
            return Diagnostic(.error, "this static file \(clash): move or rename it", file: file.sourcePath)
        }
    }
}
