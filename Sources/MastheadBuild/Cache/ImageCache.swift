import Foundation
import MastheadContent
import MastheadImages
import MastheadSupport

/// Processed images kept between builds, in `SITE/.masthead/images/`: each image's files in a
/// folder named by the digest of its bytes and the settings (`key`), social cards by the digest
/// of what they show, and the digest of each source file by its size and modification time, so
/// an unchanged image is not even read again. Used by `build`, `serve` and `check` alike; a
/// cache that cannot be written only means the work is done again.
struct ImageCache: Sendable {
    let folder: String
    private let siteFolder: SiteFolder

    init(siteFolder: SiteFolder) {
        self.siteFolder = siteFolder
        folder = siteFolder.path(BuildCache.folder + "/images")
    }

    /// One image's files, made once.
    struct Entry: Sendable {
        var width: Int
        var height: Int
        var hasAlpha: Bool
        var placeholder: String
        /// More than 1 for an animation: one file, at the image's own size.
        var frames = 1
        /// The files (copied from the cache), with their size and format.
        var variants: [(width: Int, height: Int, format: ImageFormat, contents: OutputFile.Contents)]
    }

    /// Changes when the encoders' output changes, so no copy made by an older Masthead is reused.
    static let encoderVersion = "3"  // 2: WebP without EXIF; 3: resized without ORC (ImageLibrary, shim.h)

    /// The last word of an entry's first line: entries without it were made before a decoder's
    /// warning failed an image (a truncated JPEG completed in grey), so they are made again,
    /// under the same key: a sound image keeps its names and bytes.
    static let decodingMark = "strict"

    static func key(digest: String, settings: ImageSettings) -> String {
        StableHash.digest(digest + " " + settings.fingerprint + " " + encoderVersion)
    }

    func entry(key: String) -> Entry? {
        let entryFolder = folder + "/" + key
        guard let data = FileManager.default.contents(atPath: entryFolder + "/info"), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        guard let first = lines.first, first.count == 6, first[5] == Self.decodingMark, let width = Int(first[0]), let height = Int(first[1]),
            let frames = Int(first[4])
        else { return nil }
        var entry = Entry(width: width, height: height, hasAlpha: first[2] == "alpha", placeholder: first[3], frames: frames, variants: [])
        for line in lines.dropFirst() {
            guard line.count == 3, let width = Int(line[0]), let height = Int(line[1]), let format = ImageFormat(rawValue: line[2]) else {
                return nil
            }
            let file = entryFolder + "/\(width).\(format.fileExtension)"
            guard FileStatus(path: file)?.isRegular == true else { return nil }
            entry.variants.append((width, height, format, .copy(file)))
        }
        return entry
    }

    /// Writes the image's files and returns them; nil when the cache cannot be written.
    func store(_ image: EncodedImage, key: String) -> Entry? {
        let entryFolder = folder + "/" + key
        // Written aside and renamed into place: a build stopped halfway never leaves half an entry.
        let temporary = folder + "/.\(key).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max))"
        do {
            try BuildCache.makeFolder(siteFolder: siteFolder)
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            var info =
                "\(image.width) \(image.height) \(image.hasAlpha ? "alpha" : "opaque") \(image.placeholder) \(image.frames) \(Self.decodingMark)\n"
            for variant in image.variants {
                let name = "\(variant.width).\(variant.format.fileExtension)"
                try variant.data.write(to: URL(fileURLWithPath: temporary + "/" + name))
                info += "\(variant.width) \(variant.height) \(variant.format.rawValue)\n"
            }
            try Data(info.utf8).write(to: URL(fileURLWithPath: temporary + "/info"))
            if rename(temporary, entryFolder) != 0 {
                // An entry of an older Masthead is replaced (files published from it are links,
                // which outlive it); another build's, stored first, is the same as this one.
                if entry(key: key) == nil {
                    try? FileManager.default.removeItem(atPath: entryFolder)
                    _ = rename(temporary, entryFolder)
                }
                try? FileManager.default.removeItem(atPath: temporary)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return nil
        }
        return entry(key: key)
    }

    /// The social card made from `key`, if it was made before.
    func card(key: String) -> String? {
        let file = folder + "/cards/\(key).jpg"
        return FileStatus(path: file)?.isRegular == true ? file : nil
    }

    func storeCard(_ data: Data, key: String) -> String? {
        let file = folder + "/cards/\(key).jpg"
        do {
            try FileManager.default.createDirectory(atPath: folder + "/cards", withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: file), options: .atomic)
            return file
        } catch {
            return nil
        }
    }

    /// Digests of source files by site-relative path, as the last build left them.
    func sourceDigests() -> [String: (size: Int, modified: Int64, digest: String)] {
        guard let data = FileManager.default.contents(atPath: folder + "/sources"), let text = String(data: data, encoding: .utf8) else {
            return [:]
        }
        var digests: [String: (size: Int, modified: Int64, digest: String)] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            guard parts.count == 4, let size = Int(parts[0]), let modified = Int64(parts[1]) else { continue }
            digests[parts[3]] = (size, modified, parts[2])
        }
        return digests
    }

    func saveSourceDigests(_ digests: [String: (size: Int, modified: Int64, digest: String)]) {
        let text = digests.sorted { $0.key < $1.key }.map { path, record in
            "\(record.size) \(record.modified) \(record.digest) \(path)"
        }.joined(separator: "\n")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data((text + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/sources"), options: .atomic)
    }
}
