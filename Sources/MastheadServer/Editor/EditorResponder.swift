import Foundation
import Hummingbird
import MastheadContent
import MastheadSite
import MastheadSupport

/// The editor at `/_masthead/` (docs/editor.md): pages to list, edit, preview, translate and
/// upload, answered beside the preview's site. Saving writes the file and nothing else: the
/// preview's watcher sees the save as it sees any editor's.
struct EditorResponder: Sendable {
    static let prefix = "/_masthead/"

    let siteFolder: SiteFolder
    let access: EditorAccess
    let preview: EditorPreview

    /// Whether a request target is the editor's.
    static func handles(_ target: String) -> Bool {
        target == "/_masthead" || target.hasPrefix(prefix) || target.hasPrefix("/_masthead?")
    }

    func respond(to request: Request, context: some RequestContext) async throws -> Response {
        let target = request.head.path ?? "/"
        let route = String(target.prefix { $0 != "?" }.dropFirst(Self.prefix.count))
        let query = EditorHTTP.query(target)
        if request.method == .get || request.method == .head {
            if route.hasPrefix("assets/") { return EditorAssets.response(for: String(route.dropFirst("assets/".count))) }
            guard access.enabled else { return EditorHTTP.plain(EditorAccess.offMessage, status: .forbidden) }
            if let sent = query["token"], EditorAccess.equalInConstantTime(sent, access.token) {
                // Beyond loopback the printed address carries the token once; a cookie keeps it.
                let cookie = "\(EditorAccess.cookie)=\(access.token); Path=/_masthead/; HttpOnly; SameSite=Strict"
                return EditorHTTP.send(Data(), status: .seeOther, type: "text/plain", extra: [.location: Self.prefix, .setCookie: cookie])
            }
            guard access.pageAllowed(cookie: EditorHTTP.cookie(request, EditorAccess.cookie), queryToken: nil) else {
                return EditorHTTP.plain("The editor needs its token: open the editor address `masthead serve --edit` printed.\n", status: .forbidden)
            }
            switch route {
            case "": return EditorHTTP.html(EditorPages.list(EditorSite.load(siteFolder: siteFolder), filter: query, token: access.token))
            case "edit":
                if let beside = query["beside"] {
                    return edit(path: query["path"] ?? "", beside: beside, message: query["saved"] == nil ? nil : "Saved.")
                }
                return edit(path: query["path"] ?? "")
            case "new": return newArticle()
            case "media": return media()
            case "source": return source(path: query["path"] ?? "")
            case "catalogs": return catalogs()
            case "catalog-row":
                return catalogRow(name: query["name"] ?? "", row: Int(query["row"] ?? "") ?? -1, message: query["saved"] == nil ? nil : "Saved.")
            default: return EditorHTTP.plain("No such editor page.\n", status: .notFound)
            }
        }
        guard request.method == .post else { return EditorHTTP.plain("Method not allowed.\n", status: .methodNotAllowed) }
        let body = try await request.body.collect(upTo: MediaUpload.maximumBytes + 1)
        let data = Data(body.readableBytesView)
        let form = route == "upload" ? [:] : EditorHTTP.form(Substring(String(decoding: data, as: UTF8.self)))
        let token = EditorHTTP.header(request, EditorAccess.header) ?? form["token"]
        if let refusal = access.refusal(
            token: token, origin: EditorHTTP.header(request, "Origin"), fetchSite: EditorHTTP.header(request, "Sec-Fetch-Site"),
            host: request.head.authority ?? "")
        {
            return EditorHTTP.plain(refusal + "\n", status: .forbidden)
        }
        switch route {
        case "save": return save(form)
        case "save-text": return saveText(form)
        case "preview": return renderPreview(form)
        case "upload": return upload(data, name: query["name"] ?? "image")
        case "translate": return translate(form)
        case "catalog-save": return saveCatalogRow(form)
        default: return EditorHTTP.plain("No such editor action.\n", status: .notFound)
        }
    }

    // MARK: - Pages

    private func edit(path: String) -> Response {
        switch opened(path) {
        case .failure(let refused): return refused.response
        case .success(let state):
            return EditorHTTP.html(
                EditorPages.edit(state, site: EditorSite.load(siteFolder: siteFolder), images: imagePaths(), token: access.token))
        }
    }

    /// Why a file cannot be opened, as the response that says so.
    private struct Refused: Error {
        let response: Response
    }

    /// A file's form state as it is on disk now.
    private func opened(_ path: String) -> Result<EditorPages.FormState, Refused> {
        if case .failure(let refusal) = EditorPath.document(path, siteFolder: siteFolder) {
            return .failure(Refused(response: EditorHTTP.plain(refusal.message + "\n", status: .badRequest)))
        }
        guard case .success(let data) = siteFolder.read(path) else {
            return .failure(Refused(response: EditorHTTP.plain("No such file: \(path)\n", status: .notFound)))
        }
        guard let file = FrontMatterText(data) else {
            let message = "\(path) is not UTF-8 text: the editor leaves it alone.\n"
            return .failure(Refused(response: EditorHTTP.plain(message, status: .unprocessableContent)))
        }
        return .success(EditorPages.FormState(path: path, hash: StableHash.digest(data), file: file))
    }

    /// Two files side by side (an original and its translation), each with its own form.
    private func edit(path: String, beside: String, message: String?) -> Response {
        switch (opened(path), opened(beside)) {
        case (.failure(let refused), _), (_, .failure(let refused)): return refused.response
        case (.success(var first), .success(let second)):
            first.message = message
            return EditorHTTP.html(
                EditorPages.beside(first, second, site: EditorSite.load(siteFolder: siteFolder), images: imagePaths(), token: access.token))
        }
    }

    /// What a new article starts from: the fields a person fills in first.
    static func newArticleText(date: String) -> String {
        "---\ntitle: \ndate: \(date)\ncategory: \ntags: \nsummary: \ncover: \n---\n\n"
    }

    private func newArticle(problems: [FrontMatterForm.Problem] = [], file: FrontMatterText? = nil) -> Response {
        let site = EditorSite.load(siteFolder: siteFolder)
        let file = file ?? FrontMatterText(Self.newArticleText(date: String(site.nowText().prefix(10))))
        let state = EditorPages.FormState(path: "", hash: "", file: file, problems: problems)
        return EditorHTTP.html(EditorPages.edit(state, site: site, images: imagePaths(), token: access.token))
    }

    /// A document's bytes as they are on disk (the editor's script compares them on conflicts).
    private func source(path: String) -> Response {
        guard case .success = EditorPath.document(path, siteFolder: siteFolder), case .success(let data) = siteFolder.read(path) else {
            return EditorHTTP.plain("No such file.\n", status: .notFound)
        }
        return EditorHTTP.send(data, type: "text/plain; charset=utf-8")
    }

    /// Every image under the image folder, with the documents that name it.
    private func media() -> Response {
        var texts: [(String, String)] = []
        for folder in ["Content/articles", "Content/pages"] {
            for path in ContentLoader.paths(in: folder, siteFolder: siteFolder, extensions: EditorPath.documentExtensions).0 {
                if case .success(let data) = siteFolder.read(path) { texts.append((path, String(decoding: data, as: UTF8.self))) }
            }
        }
        let images = imagePaths().map { url in (path: "Content/static" + url, usedBy: texts.filter { $0.1.contains(url) }.map(\.0)) }
        return EditorHTTP.html(EditorPages.media(images, token: access.token))
    }

    /// The site's images as the pages name them (`/images/photos/moka.jpg`).
    private func imagePaths() -> [String] {
        var problems: [Diagnostic] = []
        let raster: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif", "gif", "svg"]
        return ContentLoader.files(in: MediaUpload.folder, siteFolder: siteFolder, diagnostics: &problems)
            .filter { raster.contains($0.lowercasedPathExtension) }
            .map { "/" + $0.dropFirst("Content/static/".count) }.sorted()
    }

    // MARK: - Catalogs

    /// The catalogs of site.yml kept in a format the editor writes (CSV, JSON, YAML).
    private func editableCatalogs() -> [CatalogConfig] {
        (EditorSite.load(siteFolder: siteFolder).config?.catalogs ?? []).filter {
            CatalogFile.extensions.contains($0.file.lowercasedPathExtension)
        }
    }

    /// A catalog's file: its bytes and rows; nil when it cannot be read or is not a list of items.
    private func read(_ catalog: CatalogConfig) -> (data: Data, rows: any CatalogRows)? {
        guard case .success = EditorPath.check(catalog.file, siteFolder: siteFolder), case .success(let data) = siteFolder.read(catalog.file),
            let text = String(data: data, encoding: .utf8), let rows = CatalogFile.rows(text, path: catalog.file)
        else { return nil }
        return (data, rows)
    }

    /// For each field of `catalog` that refers to another catalog (`references:`), that catalog's items as key and title.
    private func relations(of catalog: CatalogConfig) -> [String: [(key: String, title: String)]] {
        let all = editableCatalogs()
        var relations: [String: [(key: String, title: String)]] = [:]
        for field in catalog.fields ?? [] {
            guard let target = all.first(where: { $0.name == field.references }), let rows = read(target)?.rows else { continue }
            relations[field.name] = (0..<rows.count).map { row in
                let cells = rows.cells(row: row)
                return (cells[target.key]?.value ?? "", cells[target.titleField]?.value ?? "")
            }.filter { !$0.key.isEmpty }
        }
        return relations
    }

    private func catalogs() -> Response {
        let listed = editableCatalogs().compactMap { catalog in read(catalog).map { (catalog: catalog, rows: $0.rows) } }
        return EditorHTTP.html(EditorPages.catalogs(listed, token: access.token))
    }

    private func catalogRow(name: String, row: Int, message: String?, status: HTTPResponse.Status = .ok) -> Response {
        guard let catalog = editableCatalogs().first(where: { $0.name == name }), let file = read(catalog) else {
            return EditorHTTP.plain("No such catalog.\n", status: .notFound)
        }
        guard (0..<file.rows.count).contains(row) else { return EditorHTTP.plain("No such row.\n", status: .notFound) }
        let form = EditorPages.CatalogRowForm(
            catalog: catalog, row: row, rows: file.rows, hash: StableHash.digest(file.data), message: message, relations: relations(of: catalog))
        return EditorHTTP.html(EditorPages.catalogRow(form, token: access.token), status: status)
    }

    /// One row written back; the file must be as it was when the form was opened.
    private func saveCatalogRow(_ form: [String: String]) -> Response {
        let name = form["name"] ?? ""
        let row = Int(form["row"] ?? "") ?? -1
        guard let catalog = editableCatalogs().first(where: { $0.name == name }) else {
            return EditorHTTP.plain("No such catalog.\n", status: .notFound)
        }
        if case .failure(let refusal) = EditorPath.check(catalog.file, siteFolder: siteFolder) {
            return EditorHTTP.plain(refusal.message + "\n", status: .badRequest)
        }
        guard let file = read(catalog) else { return EditorHTTP.plain("Cannot read \(catalog.file).\n", status: .notFound) }
        var rows = file.rows
        guard (0..<rows.count).contains(row) else { return EditorHTTP.plain("No such row.\n", status: .notFound) }
        guard StableHash.digest(file.data) == form["hash"] else {
            return EditorHTTP.plain("Not saved: \(catalog.file) changed on disk since the form was opened; open the row again.\n", status: .conflict)
        }
        var values: [String: String] = [:]
        for (key, value) in form where key.hasPrefix("col.") { values[String(key.dropFirst(4))] = value.replacingOccurrences(of: "\r\n", with: "\n") }
        if let problem = rows.set(row: row, values) {
            return catalogRow(name: name, row: row, message: "Not saved: \(problem).", status: .unprocessableContent)
        }
        let data = Data(rows.text.utf8)
        if data != file.data, case .failure(let failure) = AtomicFile.write(data, to: siteFolder.path(catalog.file), replacing: true) {
            return EditorHTTP.plain("Not saved: \(failure.message)\n", status: .conflict)
        }
        return EditorHTTP.redirect(Self.prefix + "catalog-row?name=\(EditorHTTP.encode(name))&row=\(row)&saved=1")
    }

    // MARK: - Actions

    /// The file a form makes: the one on disk (or a new article's start) with the form applied.
    private func applied(_ form: [String: String]) -> Result<
        (path: String, old: Data?, file: FrontMatterText, problems: [FrontMatterForm.Problem]), EditorPath.Refusal
    > {
        let path = form["path"] ?? ""
        var old: Data?
        var file: FrontMatterText
        if path.isEmpty {
            file = FrontMatterText(Self.newArticleText(date: ""))
        } else {
            switch EditorPath.document(path, siteFolder: siteFolder) {
            case .failure(let refusal): return .failure(refusal)
            case .success: break
            }
            guard case .success(let data) = siteFolder.read(path), let text = FrontMatterText(data) else {
                return .failure(EditorPath.Refusal(message: "cannot read \(path) as UTF-8 text"))
            }
            old = data
            file = text
        }
        let problems = FrontMatterForm.apply(form, to: &file)
        return .success((path, old, file, problems))
    }

    private func save(_ form: [String: String]) -> Response {
        let made: (path: String, old: Data?, file: FrontMatterText, problems: [FrontMatterForm.Problem])
        switch applied(form) {
        case .failure(let refusal): return EditorHTTP.plain(refusal.message + "\n", status: .badRequest)
        case .success(let value): made = value
        }
        guard made.problems.isEmpty else {
            if made.path.isEmpty { return newArticle(problems: made.problems, file: made.file) }
            let state = EditorPages.FormState(path: made.path, hash: form["hash"] ?? "", file: made.file, problems: made.problems)
            return EditorHTTP.html(
                EditorPages.edit(state, site: EditorSite.load(siteFolder: siteFolder), images: imagePaths(), token: access.token),
                status: .unprocessableContent)
        }
        var data = Data(made.file.text.utf8)
        var path = made.path
        if let old = made.old {
            // Changed on disk since the form was opened: refuse, show both; nothing is lost.
            guard StableHash.digest(old) == form["hash"] else { return conflict(path: path, yours: made.file.text, theirs: old) }
            if old == data { return EditorHTTP.redirect(Self.prefix + Self.savedPage(form, path: path)) }
        } else {
            let title = FrontMatterForm.node(of: made.file)?["title"]?.string ?? ""
            guard !title.isEmpty else {
                return newArticle(
                    problems: [FrontMatterForm.Problem(key: "title", message: "a new article needs a title: its file is named after it")],
                    file: made.file)
            }
            // A person leaves out the fields they did not fill in.
            var file = made.file
            let node = FrontMatterForm.node(of: file)
            for key in file.keys where node?[key]?.isNull ?? false { file.remove(key) }
            data = Data(file.text.utf8)
            path = "Content/articles/\(Slug.make(title)).md"
            if case .failure(let refusal) = EditorPath.document(path, siteFolder: siteFolder) {
                return EditorHTTP.plain(refusal.message + "\n", status: .badRequest)
            }
        }
        switch AtomicFile.write(data, to: siteFolder.path(path), replacing: made.old != nil) {
        case .failure(let failure): return EditorHTTP.plain("Not saved: \(failure.message)\n", status: .conflict)
        case .success: return EditorHTTP.redirect(Self.prefix + Self.savedPage(form, path: path))
        }
    }

    /// The editor page a save goes back to: the side-by-side page it came from (`back`, only ever
    /// an editor page), or the file's own.
    static func savedPage(_ form: [String: String], path: String) -> String {
        if let back = form["back"], back.hasPrefix("edit?path="), !back.contains("#") { return back + "&saved=1" }
        return "edit?path=\(EditorHTTP.encode(path))&saved=1"
    }

    /// Saves a whole text over a file (the conflict page's "save mine"), still only over the version it was shown.
    private func saveText(_ form: [String: String]) -> Response {
        let path = form["path"] ?? ""
        if case .failure(let refusal) = EditorPath.document(path, siteFolder: siteFolder) {
            return EditorHTTP.plain(refusal.message + "\n", status: .badRequest)
        }
        guard case .success(let old) = siteFolder.read(path) else { return EditorHTTP.plain("No such file.\n", status: .notFound) }
        var text = (form["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        if FrontMatterText(old)?.newline == "\r\n" { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        guard StableHash.digest(old) == form["hash"] else { return conflict(path: path, yours: text, theirs: old) }
        switch AtomicFile.write(Data(text.utf8), to: siteFolder.path(path), replacing: true) {
        case .failure(let failure): return EditorHTTP.plain("Not saved: \(failure.message)\n", status: .conflict)
        case .success: return EditorHTTP.redirect(Self.prefix + "edit?path=\(EditorHTTP.encode(path))&saved=1")
        }
    }

    private func conflict(path: String, yours: String, theirs: Data) -> Response {
        EditorHTTP.html(
            EditorPages.conflict(
                path: path, yours: yours, theirs: String(decoding: theirs, as: UTF8.self), hash: StableHash.digest(theirs), token: access.token),
            status: .conflict)
    }

    /// The page the unsaved form makes, rendered by the build and not written: JSON with the
    /// HTML, the build's problems with the file (each at its field or body line) and the time taken.
    private func renderPreview(_ form: [String: String]) -> Response {
        let made: (path: String, old: Data?, file: FrontMatterText, problems: [FrontMatterForm.Problem])
        switch applied(form) {
        case .failure(let refusal): return EditorHTTP.plain(refusal.message + "\n", status: .badRequest)
        case .success(let value): made = value
        }
        let path = made.path.isEmpty ? "Content/articles/_masthead-new-article.md" : made.path
        let rendered = preview.render(path: path, text: Data(made.file.text.utf8))
        let problems =
            made.problems.map { "{\"field\":\(JSONText.string($0.key)),\"line\":null,\"message\":\(JSONText.string($0.message))}" }
            + rendered.problems.map { problem in
                let place = Self.place(of: problem.line, in: made.file)
                return "{\"field\":\(place.field.map(JSONText.string) ?? "null"),\"line\":\(place.bodyLine.map(String.init) ?? "null"),"
                    + "\"severity\":\"\(problem.severity == .error ? "error" : "warning")\","
                    + "\"message\":\(JSONText.string("\(problem.file):\(problem.line ?? 0):\(problem.column ?? 0): \(problem.message)"))}"
            }
        let html = rendered.html.map { String(decoding: $0, as: UTF8.self) }
        return EditorHTTP.json(
            "{\"html\":\(html.map(JSONText.string) ?? "null"),\"problems\":[\(problems.joined(separator: ","))],"
                + "\"milliseconds\":\(Int(rendered.milliseconds.rounded()))}")
    }

    /// Where a file line falls: in a front-matter field (its key), or on a line of the body (1 for its first).
    static func place(of line: Int?, in file: FrontMatterText) -> (field: String?, bodyLine: Int?) {
        guard let line else { return (nil, nil) }
        let frontLines = FrontMatterText.splitLines(file.text).count - FrontMatterText.splitLines(file.body).count
        guard file.hasFrontMatter, line <= frontLines else { return (nil, line - frontLines) }
        let yamlLines = file.yaml.split(separator: "\n", omittingEmptySubsequences: false)
        var key: String?
        for (index, text) in yamlLines.enumerated() where index + 2 <= line {
            if let found = FrontMatterText.key(of: String(text)) { key = found }
        }
        return (key, nil)
    }

    private func upload(_ data: Data, name: String) -> Response {
        switch MediaUpload.store(data, named: name, siteFolder: siteFolder) {
        case .failure(let refusal): return EditorHTTP.plain(refusal.message + "\n", status: .unprocessableContent)
        case .success(let path):
            let url = "/" + path.dropFirst("Content/static/".count)
            return EditorHTTP.json("{\"path\":\(JSONText.string(path)),\"src\":\(JSONText.string(String(url)))}", status: .created)
        }
    }

    /// Makes the other language's file from an original: its title and summary to translate, its
    /// translation key, its text; the rest (date, category, tags, cover) the translation takes from the original.
    private func translate(_ form: [String: String]) -> Response {
        let path = form["path"] ?? ""
        let language = (form["language"] ?? "").lowercased()
        let site = EditorSite.load(siteFolder: siteFolder)
        guard case .success = EditorPath.document(path, siteFolder: siteFolder), let entry = site.entry(at: path), entry.language == nil else {
            return EditorHTTP.plain("refused: only an original in the site's first language is translated\n", status: .badRequest)
        }
        guard site.languages.dropFirst().contains(where: { $0.lowercased() == language }) else {
            return EditorHTTP.plain("refused: \(EditorPath.shown(language)) is not a language of site.yml\n", status: .badRequest)
        }
        guard case .success(let data) = siteFolder.read(path), let original = FrontMatterText(data) else {
            return EditorHTTP.plain("cannot read \(path)\n", status: .notFound)
        }
        let node = FrontMatterForm.node(of: original)
        var copy = FrontMatterText("")
        for key in ["title", "subtitle", "summary", "translationKey"] {
            if let source = original.source(of: key), node?[key]?.isNull == false { copy.set(key, yaml: source.trimmingCharacters(in: .newlines)) }
        }
        copy.body = original.body
        let extensionText = (path as NSString).pathExtension
        let newPath = String(path.dropLast(extensionText.count + 1)) + ".\(language).\(extensionText)"
        if case .failure(let refusal) = EditorPath.document(newPath, siteFolder: siteFolder) {
            return EditorHTTP.plain(refusal.message + "\n", status: .badRequest)
        }
        switch AtomicFile.write(Data(copy.text.utf8), to: siteFolder.path(newPath), replacing: false) {
        case .failure(let failure): return EditorHTTP.plain("Not made: \(failure.message)\n", status: .conflict)
        case .success: return EditorHTTP.redirect(Self.prefix + "edit?path=\(EditorHTTP.encode(newPath))&saved=1")
        }
    }
}
