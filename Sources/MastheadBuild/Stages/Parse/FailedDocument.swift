import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// A file that did not parse, still known to what names it: its translations (by
/// `translationKey`) and other articles' `related:` (by slug). Without it, one broken front
/// matter would read as a missing original and an unknown slug: three errors for one fault.
struct FailedDocument: Sendable {
    /// Relative to the site folder: `Content/articles/il-rito-della-moka.md`.
    var path: String
    var kind: Document.Kind
    /// `slug:` when the front matter could still be read, else nil (the file name's).
    var writtenSlug: String?
    /// The file name without its extension and language: `il-rito-della-moka`.
    var baseName: String
    var translationKey: String

    var slug: String { writtenSlug ?? Slug.make(baseName) }

    /// What can be read of a file that failed: the file name, and `slug:` and `translationKey:`
    /// when its front matter is still YAML (the fault may be elsewhere: a date, the body).
    init(path: String, kind: Document.Kind, codes: Set<String>, data: Data?) {
        self.path = path
        self.kind = kind
        baseName = TranslationFile.split(stem: SourceFile.stem(of: path), codes: codes).baseName
        var writtenKey: String?
        if let data, let text = String(data: data, encoding: .utf8), let parts = FrontMatter.split(text),
            case .success(let node) = YAMLNode.parse(parts.yaml, file: path)
        {
            writtenSlug = node["slug"]?.string.map(Slug.make).flatMap { $0.isEmpty ? nil : $0 }
            writtenKey = node["translationKey"]?.string.map(Slug.make)
        }
        translationKey = writtenKey ?? baseName
    }
}
