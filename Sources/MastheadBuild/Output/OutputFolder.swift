import Foundation
import MastheadContent
import MastheadSite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which folders `masthead build` may replace: only one it made. A build replaces what its
/// output folder holds (whole, or in place), so a folder given by mistake (`--output ..`,
/// `--output ~/Documents`) would be deleted with everything in it. A folder counts as Masthead's when it does not exist,
/// is empty, or holds the marker file every build writes into its output; an output written
/// by an earlier Masthead, from before the marker, counts when every file in it is listed
/// in the site's build cache for that folder (`BuildManifest.outputs`).
package enum OutputFolder {
    /// The marker's name: hidden, so listings, feeds and the sitemap never show it.
    package static let markerName = GeneratedOutputs.outputMarker
    static let markerFirstLine = "masthead-output"

    /// The marker's text. It names the site by its folder's name only: the marker is
    /// published with the site (`rsync -a` and `aws s3 sync` copy hidden files), and a full
    /// path would publish the builder's user name and home folder.
    static func markerText(siteFolder: SiteFolder) -> String {
        let name = siteFolder.name
        return "\(markerFirstLine)\nWritten by masthead build from the site folder \"\(name)\"; every build replaces what this folder holds.\n"
    }

    /// Why Masthead must not replace `path`, or nil when it may. `manifest` is read only for a
    /// folder that is not empty and has no marker.
    static func foreignReason(_ path: String, manifest: () -> BuildManifest?) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "it is a symbolic link, not a folder masthead build wrote"
        default: return "it is a file, not a folder"
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return "it cannot be read" }
        if names.isEmpty || hasMarker(path) { return nil }
        guard let manifest = manifest() else { return "it is not empty and was not written by masthead build (it has no \(markerName) file)" }
        guard let stranger = firstUnlisted(in: path, manifest: manifest) else { return nil }
        return "it holds \(stranger), which masthead build did not write (and no \(markerName) file)"
    }

    /// Whether the folder holds a marker written by `markerText` (a file, not a link to one).
    static func hasMarker(_ folder: String) -> Bool {
        let path = folder + "/" + markerName
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: markerFirstLine.utf8.count + 1)) ?? Data()
        return head == Data((markerFirstLine + "\n").utf8)
    }

    /// The first entry under `folder` that is not an output the cache recorded, or nil when
    /// all are (an output of a Masthead that wrote no marker yet). Links are never recorded.
    private static func firstUnlisted(in folder: String, manifest: BuildManifest) -> String? {
        var stack = [""]
        while let relative = stack.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return relative }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(folder + "/" + child, &info) == 0 else { return child }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: stack.append(child)
                case S_IFREG: if manifest.outputs[child] == nil { return child }
                default: return child
                }
            }
        }
        return nil
    }
}
