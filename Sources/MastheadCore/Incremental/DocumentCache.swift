import Foundation

/// Parsed documents kept between builds, so a preview rebuild re-parses only the files
/// that changed. An entry is reused when its path, kind and bytes are unchanged and so is
/// everything else parsing reads (site.yml, the --base-url override, and the files of
/// Content/ outside articles/, pages/, reports/ and static/, such as data tables a link may name).
/// Reusing an entry gives exactly what parsing again would give, so incremental and full
/// builds produce the same output.
public final class DocumentCache: @unchecked Sendable {
    private struct Entry {
        var kind: Document.Kind
        var data: Data
        var document: Document?
        var diagnostics: [Diagnostic]
        var generation: Int
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var contextKey: String?
    private var generation = 0
    private var hits = 0
    private var misses = 0

    public init() {}

    /// How many documents the last build reused and parsed.
    public var lastBuild: (reused: Int, parsed: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (hits, misses)
    }

    /// Starts a build: forgets every entry when what parsing depends on has changed. Returns
    /// that context key (`contextKey`), which the render memo also depends on.
    @discardableResult
    public func beginBuild(siteDirectory: URL, baseURL: String?) -> String {
        let key = Self.contextKey(siteDirectory: siteDirectory, baseURL: baseURL)
        lock.lock()
        defer { lock.unlock() }
        if key != contextKey { entries.removeAll() }
        contextKey = key
        generation += 1
        hits = 0
        misses = 0
        return key
    }

    /// Ends a build: drops the entries of files that are gone, so memory follows the site.
    public func endBuild() {
        lock.lock()
        defer { lock.unlock() }
        let current = generation
        entries = entries.filter { $0.value.generation == current }
    }

    func cached(_ file: SourceFile, kind: Document.Kind) -> (document: Document?, diagnostics: [Diagnostic])? {
        lock.lock()
        defer { lock.unlock() }
        guard var entry = entries[file.path], entry.kind == kind, entry.data == file.data else {
            misses += 1
            return nil
        }
        hits += 1
        entry.generation = generation
        entries[file.path] = entry
        return (entry.document, entry.diagnostics)
    }

    func store(_ file: SourceFile, kind: Document.Kind, document: Document?, diagnostics: [Diagnostic]) {
        lock.lock()
        defer { lock.unlock() }
        entries[file.path] = Entry(kind: kind, data: file.data, document: document, diagnostics: diagnostics, generation: generation)
    }

    /// site.yml's bytes, the override, and the size and modification time of every other
    /// Content/ file that is not an article, a page, a report or a static file.
    static func contextKey(siteDirectory: URL, baseURL: String?) -> String {
        var key = "baseURL=\(baseURL ?? "-")\n"
        if SiteFiles(siteDirectory: siteDirectory).problem(at: SiteConfigLoader.path) == nil,
           let config = FileManager.default.contents(atPath: siteDirectory.appendingPathComponent(SiteConfigLoader.path).path) {
            key += "site.yml=\(config.base64EncodedString())\n"
        }
        let skipped: Set<String> = ["Content/articles", "Content/pages", "Content/reports", "Content/static", "Content/site.yml"]
        var stack = ["Content"]
        var lines: [String] = []
        while let folder = stack.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: siteDirectory.appendingPathComponent(folder).path) else { continue }
            for name in names {
                let path = folder + "/" + name
                guard !skipped.contains(path),
                      let attributes = try? FileManager.default.attributesOfItem(atPath: siteDirectory.appendingPathComponent(path).path) else { continue }
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    stack.append(path)
                } else {
                    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
                    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                    lines.append("\(path) \(size) \(modified)")
                }
            }
        }
        return key + lines.sorted().joined(separator: "\n")
    }
}
