import Foundation
import MastheadSite
import MastheadSupport

/// Joins each translation to its original (same kind, same `translationKey`): what it does not
/// write it takes from the original, and its tags are translated by `languages[].tags`.
/// Reports two files claiming one translation, a published translation of a draft, a
/// `translationKey:` naming no original, and a declared language with no file.
///
/// One fault, one error: a translation whose original did not parse is set aside silently
/// (it joins the language's failed files, so `related:` skips it too); the original's error is
/// the one to fix. A language whose only files failed is not "declared but no file".
enum TranslationGroups {
    /// Front matter a translation takes from its original unless it writes it.
    static let inheritedKeys = ["cover", "gallery", "video", "category", "tags", "date", "publishDate", "expiryDate", "author", "featured", "toc"]

    /// `languages`: the primary language's, whose documents are the originals, then the others.
    static func link(_ languages: inout [ParsedLanguage], author: String?) -> [Diagnostic] {
        let originals = languages[0].documents
        let failed = languages[0].failed
        var diagnostics = duplicates(originals, language: nil)
        var byKey: [String: Int] = [:]
        for (index, document) in originals.enumerated() { byKey[groupKey(document)] = byKey[groupKey(document)] ?? index }
        let failedKeys = Set(failed.map { $0.kind.rawValue + "/" + $0.translationKey })
        for index in languages.indices.dropFirst() {
            guard let language = languages[index].language else { continue }
            diagnostics += duplicates(languages[index].documents, language: language.name)
            if languages[index].documents.isEmpty && languages[index].failed.isEmpty {
                let suffix = language.code.lowercased()
                diagnostics.append(
                    .error(
                        "languages: '\(language.code)' is declared but no file is written in it; translate a file as NAME.\(suffix).md "
                            + "beside NAME.md, or remove the language", at: language.location))
            }
            // A translation that failed has its original's URL, as it would have had (`inherit`).
            for position in languages[index].failed.indices where languages[index].failed[position].writtenSlug == nil {
                let failed = languages[index].failed[position]
                if let original = byKey[failed.kind.rawValue + "/" + failed.translationKey] {
                    languages[index].failed[position].writtenSlug = originals[original].slug
                }
            }
            var orphans: Set<Int> = []
            for position in languages[index].documents.indices {
                var document = languages[index].documents[position]
                if byKey[groupKey(document)] == nil, failedKeys.contains(groupKey(document)) {
                    orphans.insert(position)
                    continue
                }
                let original = byKey[groupKey(document)].map { originals[$0] }
                let kind = document.kind
                diagnostics += join(&document, to: original, language: language, author: author) {
                    originals.filter { $0.kind == kind }.map(\.translationKey)
                }
                languages[index].documents[position] = document
            }
            for position in orphans.sorted() {
                let document = languages[index].documents[position]
                var orphan = FailedDocument(path: document.sourcePath, kind: document.kind, codes: [], data: nil)
                orphan.writtenSlug = document.writtenKeys.contains("slug") ? document.slug : nil
                orphan.baseName = document.translationKey
                orphan.translationKey = document.translationKey
                languages[index].failed.append(orphan)
            }
            languages[index].documents = languages[index].documents.indices.filter { !orphans.contains($0) }.map {
                languages[index].documents[$0]
            }
        }
        return diagnostics
    }

    /// One translation joined to its original, or standing alone when `original` is nil (then
    /// `keys`, the originals' translation keys, suggest what it may have meant); its tags
    /// translated. A full build joins every translation through here, a patch a saved one.
    static func join(
        _ document: inout Document, to original: Document?, language: LanguageConfig, author: String?, keys: () -> [String]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let original {
            inherit(&document, from: original)
            if original.draft && !document.draft {
                diagnostics.append(
                    .error(
                        "this translation is published but its original \(original.sourcePath) is a draft; "
                            + "set draft: true here too, or publish the original", at: document.translationLocation ?? location(document)))
            }
        } else {
            if document.writtenKeys.contains("translationKey") {
                diagnostics.append(
                    .warning(
                        "translationKey: no \(document.kind.rawValue) '\(document.translationKey)' in the default language to translate"
                            + Suggestion.didYouMean(document.translationKey, in: keys()),
                        at: document.translationLocation ?? location(document)))
            }
            if !document.writtenKeys.contains("date") {
                let message = "date: missing required value (this file translates nothing to take it from)"
                diagnostics.append(.error(message, at: location(document)))
            }
            if !document.writtenKeys.contains("author") { document.author = author }
        }
        document.tags = document.tags.map { language.tags[Slug.make($0)] ?? $0 }
        return diagnostics
    }

    /// Whether a saved original gives its translations what the kept one gave them: what they
    /// take from it besides what places them (`SiteUpdate.placesAlike` checks that).
    static func givesAlike(_ old: Document, _ new: Document) -> Bool {
        old.cover == new.cover && old.gallery == new.gallery && old.video == new.video && old.author == new.author
            && old.featured == new.featured && old.writtenTOC == new.writtenTOC && old.translationKey == new.translationKey
    }

    /// `moka.fr.md` on a site without `fr` in `languages:`: most likely a translation into a
    /// language not declared yet, which would be published in the default language as `moka.fr`.
    static func undeclaredLanguages(_ paths: [String], config: SiteConfig) -> [Diagnostic] {
        let declared = Set(config.languages.map { $0.code.lowercased() })
        return paths.compactMap { path in
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            let code = String(stem[stem.index(after: dot)...])
            guard code.count <= 5, !declared.contains(code.lowercased()), LanguageCodes.problem(with: code) == nil else { return nil }
            return .warning(
                "'\(code)' is not a language of the site (languages: in site.yml): this file is published in the default language; "
                    + "declare the language, or rename the file", at: SourceLocation(file: path, line: 1, column: 1))
        }
    }

    /// Articles translate articles; pages and reports translate their own kind.
    static func groupKey(_ document: Document) -> String {
        document.kind.rawValue + "/" + document.translationKey
    }

    private static func location(_ document: Document) -> SourceLocation {
        SourceLocation(file: document.sourcePath, line: 1, column: 1)
    }

    private static func inherit(_ document: inout Document, from original: Document) {
        let written = document.writtenKeys
        // The original's URL under the language's prefix, unless the translation sets its own slug.
        if !written.contains("slug") { document.slug = original.slug }
        if !written.contains("cover") { document.cover = original.cover }
        if !written.contains("gallery") { document.gallery = original.gallery }
        if !written.contains("video") { document.video = original.video }
        if !written.contains("category") { document.categorySlug = original.categorySlug }
        if !written.contains("tags") { document.tags = original.tags }
        if !written.contains("date") { document.date = original.date }
        if !written.contains("publishDate") { document.publishDate = original.publishDate }
        if !written.contains("expiryDate") { document.expiryDate = original.expiryDate }
        if !written.contains("author") { document.author = original.author }
        if !written.contains("featured") { document.featured = original.featured }
        // The original's toc: true or false; with neither written, toc.minHeadings counts the translation's own headings.
        if !written.contains("toc"), let toc = original.writtenTOC { document.tableOfContents = toc ? document.headingsTOC : nil }
        document.headingsTOC = nil
    }

    /// Two files of one language in one group: each later one is an error naming the first.
    private static func duplicates(_ documents: [Document], language: String?) -> [Diagnostic] {
        var first: [String: Document] = [:]
        var diagnostics: [Diagnostic] = []
        for document in documents.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            let key = groupKey(document)
            guard let earlier = first[key] else {
                first[key] = document
                continue
            }
            let what = language.map { "the \($0) translation" } ?? "the original"
            diagnostics.append(
                .error(
                    "\(earlier.sourcePath) and this file both claim to be \(what) of '\(document.translationKey)'; "
                        + "give one of them another translationKey:", at: document.translationLocation ?? location(document)))
        }
        return diagnostics
    }

    /// On a multilingual site, a patch's saved documents joined as a full build joins them
    /// (`link`): a translation takes from its kept original what it does not write; a saved
    /// original must give its translations what it gave, and a saved document must keep its
    /// translation group (the language links stay as they are). False when that does not hold,
    /// or joining finds a problem: then a full build.
    static func joinSaved(_ documents: inout [Document], language: Int, kept: inout SiteMemory.State) -> Bool {
        let site = kept.site(of: language)
        let index = kept.languages[language].documentIndex
        for position in documents.indices {
            let saved = documents[position]
            guard let published = index.document(at: saved.sourcePath, in: site), published.translationKey == saved.translationKey else {
                return false
            }
            let group = groupKey(saved)
            if language == 0 {
                if kept.translatedGroups.contains(group) {
                    guard let old = kept.originals[group], givesAlike(old, saved) else { return false }
                }
                kept.originals[group] = saved
            } else {
                let problems = join(
                    &documents[position], to: kept.originals[group], language: kept.site.config.translationLanguages[language - 1],
                    author: kept.site.config.author, keys: { [] })
                guard problems.isEmpty else { return false }
            }
        }
        return true
    }
}
