import Foundation

/// One file of the built site.
package struct OutputFile: Sendable {
    package enum Contents: Sendable {
        case bytes(Data)
        /// A file copied as it is from the site folder (absolute source path).
        case copy(String)
        /// The file the last build wrote at this path, kept as it is: a page whose inputs are
        /// unchanged since then (its fingerprint, `BuildOptions.lastPages`) is not rendered again.
        case kept
    }

    /// Relative to the output folder: `articles/moka/index.html`.
    package var path: String
    package var contents: Contents
    /// The bytes of the previous render, taken from the preview's `PageMemory` unchanged.
    package var isReused = false
    /// For a file copied from Masthead's own image cache: the digest its bytes are made from,
    /// so the writer need not read the file to know whether it changed.
    package var knownDigest: StableDigest?
    /// For a page: the fingerprint of everything it is made from (`RouteFingerprints`), which
    /// the build cache keeps, so the next build keeps the page when it is unchanged.
    package var fingerprint: UInt64?

    package init(path: String, contents: Contents, knownDigest: StableDigest? = nil) {
        self.path = path
        self.contents = contents
        self.knownDigest = knownDigest
    }

    /// The bytes, reading copied files from disk.
    package func data() throws -> Data {
        switch contents {
        case .bytes(let data): return data
        case .copy(let source): return try Data(contentsOf: URL(fileURLWithPath: source))
        case .kept: throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
