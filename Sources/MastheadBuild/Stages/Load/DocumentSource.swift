import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// An article, page or report file to parse, with its kind. A build reads it only when it is
/// parsed, on every core, so a large site's files are never all in memory at once (100,000
/// articles are 400 MB); a preview's save comes with the bytes it has read.
struct DocumentSource: Sendable {
    enum Bytes: Sendable {
        /// In the site folder, to be read.
        case inSiteFolder(SiteFolder)
        case read(Data)
    }

    /// Relative to the site folder: `Content/articles/moka.md`.
    var path: String
    var kind: Document.Kind
    var bytes: Bytes

    /// The file name without its extension.
    var stem: String { SourceFile.stem(of: path) }

    /// The file with its bytes, or a diagnostic when it cannot be read.
    func read() -> Result<SourceFile, Diagnostic> {
        switch bytes {
        case .read(let data):
            return .success(SourceFile(path: path, data: data))
        case .inSiteFolder(let siteFolder):
            return siteFolder.read(path).map { SourceFile(path: path, data: $0) }
        }
    }
}
