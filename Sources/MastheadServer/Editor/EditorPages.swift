import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// The editor's HTML: plain forms that work without a script, labelled, usable by keyboard and
/// at 390 px; `Client/editor.js` adds the preview as you type, the toolbar and the uploads.
enum EditorPages {
    static let root = "/_masthead/"

    static func escape(_ text: String) -> String { XML.escape(text) }

    /// The frame of every editor page.
    static func page(title: String, token: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="masthead-token" content="\(escape(token))">
        <title>\(escape(title)) · Masthead editor</title>
        <link rel="stylesheet" href="\(root)assets/codemirror.css">
        <link rel="stylesheet" href="\(root)assets/editor.css">
        </head><body>
        <header class="bar"><nav aria-label="Editor"><a href="\(root)" class="brand">Masthead editor</a>
        <a href="\(root)">Articles and pages</a> <a href="\(root)new">New article</a> <a href="\(root)media">Media</a> \
        <a href="\(root)catalogs">Catalogs</a> <a href="/">View site</a></nav></header>
        <main id="main">
        \(body)
        </main>
        <script src="\(root)assets/codemirror.js" defer></script>
        <script src="\(root)assets/codemirror-markdown.js" defer></script>
        <script src="\(root)assets/editor.js" defer></script>
        </body></html>

        """
    }

    // MARK: - The list

    static func list(_ site: EditorSite, filter: [String: String], token: String, now: Date = Date()) -> String {
        let nowText = site.nowText(now)
        func state(_ entry: EditorSite.Entry) -> String {
            entry.draft ? "Draft" : site.isScheduled(entry, now: nowText) ? "Scheduled for \(entry.publication)" : "Published"
        }
        let query = (filter["q"] ?? "").lowercased()
        let shown = site.entries.filter { entry in
            (query.isEmpty || (entry.title + " " + entry.path + " " + entry.tags.joined(separator: " ")).lowercased().contains(query))
                && (filter["category"].map { $0.isEmpty || entry.category == $0 } ?? true)
                && (filter["tag"].map { $0.isEmpty || entry.tags.contains($0) } ?? true)
                && (filter["author"].map { $0.isEmpty || entry.author == $0 } ?? true)
                && (filter["language"].map { $0.isEmpty || (entry.language ?? site.languages[0]) == $0 } ?? true)
                && (filter["date"].map { $0.isEmpty || entry.date.hasPrefix($0) } ?? true)
                && (filter["state"].map { wanted in
                    switch wanted {
                    case "draft": entry.draft
                    case "scheduled": site.isScheduled(entry, now: nowText)
                    case "published": !entry.draft && !site.isScheduled(entry, now: nowText)
                    default: true
                    }
                } ?? true)
        }.sorted { ($0.date, $0.path) > ($1.date, $1.path) }
        let scheduled = site.entries.filter { site.isScheduled($0, now: nowText) }
        let next = site.nextRebuild(now: nowText)
        let rows = shown.map { entry in
            """
            <tr><td><a href="\(root)edit?path=\(EditorHTTP.encode(entry.path))">\(escape(entry.title.isEmpty ? entry.path : entry.title))</a>\
            <div class="path">\(escape(entry.path))</div></td><td>\(entry.kind)</td><td>\(escape(entry.language ?? site.languages[0]))</td>\
            <td>\(escape(entry.category))</td><td>\(escape(entry.author))</td><td>\(escape(entry.date))</td>\
            <td class="state">\(escape(state(entry)))</td><td>\(escape(entry.tags.joined(separator: ", ")))</td></tr>
            """
        }.joined(separator: "\n")
        func select(_ name: String, _ label: String, _ options: [(String, String)]) -> String {
            let chosen = filter[name] ?? ""
            let items = ([("", "Any")] + options).map { value, text in
                "<option value=\"\(escape(value))\"\(value == chosen ? " selected" : "")>\(escape(text))</option>"
            }.joined()
            return "<label>\(label) <select name=\"\(name)\">\(items)</select></label>"
        }
        let body = """
            <h1>Articles and pages</h1>
            <p class="schedule" id="schedule">\(scheduled.count) scheduled. \
            \(next.map { "Next rebuild needed: <time>\(escape($0))</time> (as <code>masthead status</code> says)." } ?? "No rebuild waiting.")</p>
            <p><a class="button" href="\(root)new">New article</a></p>
            <form class="filters" method="get" action="\(root)" role="search">
            <label>Search <input type="search" name="q" value="\(escape(filter["q"] ?? ""))"></label>
            \(select("category", "Category", site.categories.map { ($0.slug, $0.name) }))
            \(select("tag", "Tag", site.tags.map { ($0, $0) }))
            \(select("language", "Language", site.languages.map { ($0, $0) }))
            \(select("author", "Author", site.authors.map { ($0, $0) }))
            \(select("state", "State", [("draft", "Drafts"), ("scheduled", "Scheduled"), ("published", "Published")]))
            <label>Date <input type="text" name="date" inputmode="numeric" placeholder="2026-04" value="\(escape(filter["date"] ?? ""))"></label>
            <button type="submit">Filter</button>
            </form>
            <p>\(shown.count) of \(site.entries.count).</p>
            <div class="table"><table><thead><tr><th scope="col">Title</th><th scope="col">Kind</th><th scope="col">Language</th>\
            <th scope="col">Category</th><th scope="col">Author</th><th scope="col">Date</th><th scope="col">State</th>\
            <th scope="col">Tags</th></tr></thead>
            <tbody>
            \(rows)
            </tbody></table></div>
            """
        return page(title: "Articles and pages", token: token, body: body)
    }

    // MARK: - The form

    struct FormState {
        var path: String
        /// Empty for a new article.
        var hash: String
        var file: FrontMatterText
        var problems: [FrontMatterForm.Problem] = []
        var message: String?
    }

    /// Where a form's ids begin: "" on the page of one file, another prefix for each of two forms on one page.
    /// `back`: the editor page a save returns to, when not the file's own.
    static func form(_ state: FormState, site: EditorSite, token: String, id prefix: String = "", back: String? = nil) -> String {
        let file = state.file
        let node = FrontMatterForm.node(of: file)
        let inputs = FrontMatterForm.inputs(for: node, file: file)
        func problem(_ key: String) -> String {
            state.problems.filter { $0.key == key }.map { "<p class=\"problem\" id=\"\(prefix)problem-\(key)\">\(escape($0.message))</p>" }.joined()
        }
        func described(_ field: EditorField) -> String {
            var ids: [String] = []
            if !field.help.isEmpty { ids.append("\(prefix)help-\(field.key)") }
            if state.problems.contains(where: { $0.key == field.key }) { ids.append("\(prefix)problem-\(field.key)") }
            return ids.isEmpty ? "" : " aria-describedby=\"\(ids.joined(separator: " "))\""
        }
        var fields: [String] = []
        for field in inputs {
            let value = FrontMatterForm.value(of: field, in: node) ?? ""
            let id = "\(prefix)field-\(field.key)"
            let help = field.help.isEmpty ? "" : "<small id=\"\(prefix)help-\(field.key)\">\(escape(field.help))</small>"
            let control: String
            switch field.kind {
            case .text, .date:
                control =
                    "<input id=\"\(id)\" name=\"\(field.key)\" type=\"text\" value=\"\(escape(value))\"\(described(field))"
                    + (field.kind == .date ? " placeholder=\"2026-04-21 or 2026-04-21T09:30\"" : "")
                    + (field.key == "title" ? " required" : "") + ">"
            case .longText:
                control = "<textarea id=\"\(id)\" name=\"\(field.key)\" rows=\"3\"\(described(field))>\n\(escape(value))</textarea>"
            case .flag:
                control =
                    "<input id=\"\(id)\" name=\"\(field.key)\" type=\"checkbox\" value=\"true\""
                    + "\(value == "true" ? " checked" : "")\(described(field))>"
            case .category:
                var options = site.categories.map { ($0.slug, $0.name) }
                if !value.isEmpty && !options.contains(where: { $0.0 == value }) { options.append((value, value + " (not in site.yml)")) }
                control =
                    "<select id=\"\(id)\" name=\"\(field.key)\"\(described(field))><option value=\"\">None</option>"
                    + options.map { "<option value=\"\(escape($0.0))\"\($0.0 == value ? " selected" : "")>\(escape($0.1))</option>" }.joined()
                    + "</select>"
            case .suggested:
                control = "<input id=\"\(id)\" name=\"\(field.key)\" type=\"text\" list=\"authors\" value=\"\(escape(value))\"\(described(field))>"
            case .list where field.key == "tags":
                control = tagChips(id: id, value: value, described: described(field))
            case .list:
                control = "<input id=\"\(id)\" name=\"\(field.key)\" type=\"text\" value=\"\(escape(value))\"\(described(field))>"
            case .image:
                let parts = value.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let src = parts.first ?? ""
                let alt = parts.count > 1 ? parts[1] : ""
                control = """
                    <span class="image-field"><label for="\(id)">Image</label>\
                    <input id="\(id)" name="\(field.key).src" type="text" list="images" value="\(escape(src))"\(described(field)) data-image>\
                    <label for="\(id)-alt">Alt text</label><input id="\(id)-alt" name="\(field.key).alt" type="text" value="\(escape(alt))">\
                    <label class="upload">Upload a photo <input type="file" \
                    accept="image/jpeg,image/png,image/webp,image/heic,image/avif" data-upload-for="\(id)"></label></span>
                    """
            case .gallery:
                control = gallery(GalleryImage.images(of: node?[field.key]) ?? [], key: field.key, id: id, described: described(field))
            }
            let label =
                field.kind == .image || field.kind == .gallery
                ? "<span class=\"label\">\(escape(field.label))</span>" : "<label for=\"\(id)\">\(escape(field.label))</label>"
            fields.append(
                "<div class=\"field field-\(field.kind)\" id=\"\(prefix)at-\(field.key)\">\(label)\(control)\(help)\(problem(field.key))</div>")
        }
        let shownKeys = Set(inputs.map(\.key))
        func rows(_ key: String) -> Int { min(12, max(2, (file.source(of: key) ?? "").split(separator: "\n").count + 1)) }
        for key in file.keys where !shownKeys.contains(key) {
            let id = "\(prefix)raw-\(key)"
            fields.append(
                """
                <div class="field field-raw" id="\(prefix)at-\(escape(key))"><label for="\(escape(id))">\(escape(key)) \
                <small>(YAML, kept as written)</small></label>\
                <textarea id="\(escape(id))" name="raw.\(escape(key))" rows="\(rows(key))" spellcheck="false">
                \(escape(file.source(of: key) ?? ""))</textarea>\(problem(key))</div>
                """)
        }
        let backField = back.map { "<input type=\"hidden\" name=\"back\" value=\"\(escape($0))\">" } ?? ""
        return """
            <form id="\(prefix.isEmpty ? "editor" : prefix + "editor")" method="post" action="\(root)save" class="editor-form">
            <input type="hidden" name="token" value="\(escape(token))">
            <input type="hidden" name="path" value="\(escape(state.path))">
            <input type="hidden" name="hash" value="\(escape(state.hash))">
            <input type="hidden" name="inputs" value="\(inputs.map(\.key).joined(separator: ","))">\(backField)
            <fieldset><legend>Front matter</legend>
            \(fields.joined(separator: "\n"))
            </fieldset>
            <div class="field field-body"><label for="\(prefix)body">Text (Markdown)</label>
            <div class="toolbar" role="toolbar" aria-label="Formatting" aria-controls="\(prefix)body" hidden></div>
            <textarea id="\(prefix)body" name="body" rows="24" spellcheck="true">
            \(escape(file.body))</textarea>
            <ul class="build-problems" id="\(prefix)build-problems" aria-live="polite"></ul></div>
            <p class="actions"><button type="submit" class="primary">Save</button></p>
            </form>
            """
    }

    static func edit(_ state: FormState, site: EditorSite, images: [String], token: String) -> String {
        let isNew = state.hash.isEmpty
        let entry = site.entry(at: state.path)
        let translations = entry.map { site.translations(of: $0) } ?? []
        let own = entry?.language ?? site.languages[0]
        let have = Set(translations.map { $0.language ?? site.languages[0] } + [own])
        var translate = ""
        if let entry, !isNew {
            let links = translations.map {
                "<li><a href=\"\(root)edit?path=\(EditorHTTP.encode($0.path))\">"
                    + "\(escape($0.language ?? site.languages[0])): \(escape($0.title))</a> · "
                    + "<a href=\"\(root)edit?path=\(EditorHTTP.encode(state.path))&amp;beside=\(EditorHTTP.encode($0.path))\">"
                    + "side by side with this one</a></li>"
            }
            let missing = site.languages.filter { !have.contains($0) }
            let buttons =
                entry.language == nil
                ? missing.map { code in
                    """
                    <form method="post" action="\(root)translate" class="inline"><input type="hidden" name="token" value="\(escape(token))">\
                    <input type="hidden" name="path" value="\(escape(state.path))"><input type="hidden" name="language" value="\(escape(code))">\
                    <button type="submit">Translate into \(escape(code))</button></form>
                    """
                } : []
            if !links.isEmpty || !buttons.isEmpty {
                translate =
                    "<section class=\"translations\" aria-label=\"Translations\"><h2>Translations</h2>"
                    + "<ul>\(links.joined())</ul>\(buttons.joined())</section>"
            }
        }
        // A translation shows its original beside it, to translate from.
        var original = ""
        if let entry, entry.language != nil,
            let source = translations.first(where: { $0.language == nil }),
            case .success(let data) = SiteFilesReader.read(source.path, site: site), let text = FrontMatterText(data)
        {
            original = """
                <details class="original" open><summary>The original (\(escape(site.languages[0]))): \(escape(source.title))</summary>
                <label for="original-text">Its text</label><textarea id="original-text" rows="16" readonly>
                \(escape(text.body))</textarea></details>
                """
        }
        let message = state.message.map { "<p class=\"message\" role=\"status\">\(escape($0))</p>" } ?? ""
        let problems =
            state.problems.isEmpty
            ? ""
            : "<div class=\"problems\" role=\"alert\"><p>Not saved:</p><ul>"
                + state.problems.map { "<li><a href=\"#at-\(escape($0.key))\">\(escape($0.key))</a>: \(escape($0.message))</li>" }.joined()
                + "</ul></div>"
        let body = """
            <h1>\(isNew ? "New article" : escape(entry?.title ?? state.path))</h1>
            <p class="path">\(isNew ? "Saved under Content/articles/, named after its title." : escape(state.path))</p>
            \(message)\(problems)
            <div class="workspace">
            \(form(state, site: site, token: token))
            <section class="preview" aria-label="Preview"><h2>Preview</h2><p class="preview-status" id="preview-status" role="status"></p>
            <iframe id="preview" title="Preview of the page"></iframe></section>
            </div>
            \(translate)
            \(original)
            \(datalists(site: site, images: images))
            """
        return page(title: isNew ? "New article" : (entry?.title ?? state.path), token: token, body: body)
    }

    /// The site's tags, authors and images, offered by the inputs of the page's forms.
    static func datalists(site: EditorSite, images: [String]) -> String {
        """
        <datalist id="tags">\(site.tags.map { "<option value=\"\(escape($0))\">" }.joined())</datalist>
        <datalist id="authors">\(site.authors.map { "<option value=\"\(escape($0))\">" }.joined())</datalist>
        <datalist id="images">\(images.map { "<option value=\"\(escape($0))\">" }.joined())</datalist>
        """
    }

    /// Two files side by side, an original and its translation, each with its own form; a save
    /// of either comes back to this page. Two columns from 1100 px, one after the other on a phone.
    static func beside(_ first: FormState, _ second: FormState, site: EditorSite, images: [String], token: String) -> String {
        let back = "edit?path=\(EditorHTTP.encode(first.path))&beside=\(EditorHTTP.encode(second.path))"
        let columns = [(first, "first-"), (second, "second-")].map { state, prefix in
            let entry = site.entry(at: state.path)
            let language = entry?.language ?? site.languages[0]
            return """
                <section class="side" aria-labelledby="\(prefix)heading"><h2 id="\(prefix)heading" lang="\(escape(language))">\
                \(escape(language)): \(escape(entry?.title ?? state.path))</h2><p class="path">\(escape(state.path))</p>
                \(form(state, site: site, token: token, id: prefix, back: back))
                </section>
                """
        }
        let message = first.message.map { "<p class=\"message\" role=\"status\">\(escape($0))</p>" } ?? ""
        let title = site.entry(at: first.path)?.title ?? first.path
        let body = """
            <h1>\(escape(title)), side by side</h1>
            \(message)
            <div class="beside">
            \(columns.joined(separator: "\n"))
            </div>
            <p><a href="\(root)edit?path=\(EditorHTTP.encode(first.path))">Only \(escape(first.path)), with its preview</a></p>
            \(datalists(site: site, images: images))
            """
        return page(title: "\(title), side by side", token: token, body: body)
    }

    /// The tags: a plain input of tags separated by commas, which is what the form sends; and,
    /// hidden until the editor's script takes over, each tag as a chip with a button that removes
    /// it and an input that adds one, the site's tags offered (the `tags` datalist).
    static func tagChips(id: String, value: String, described: String) -> String {
        let chips = FrontMatterForm.items(value).map { tag in
            "<li class=\"chip\"><span>\(escape(tag))</span><button type=\"button\" aria-label=\"Remove tag \(escape(tag))\">×</button></li>"
        }.joined()
        return """
            <input id="\(id)" name="tags" type="text" list="tags" value="\(escape(value))"\(described) data-chips="\(id)-chips">\
            <div class="chips" id="\(id)-chips" hidden><ul aria-label="Tags chosen">\(chips)</ul>\
            <input id="\(id)-entry" type="text" list="tags" aria-describedby="\(id)-keys" autocomplete="off">\
            <small id="\(id)-keys">Enter or a comma adds the tag; Backspace in the empty box removes the last one.</small>\
            <p class="visually-hidden" role="status" aria-live="polite"></p>\
            <template><li class="chip"><span></span><button type="button" aria-label="Remove tag">×</button></li></template></div>
            """
    }

    /// The gallery: for each image its address (the library's images offered, or an upload), its
    /// alt text and its caption, then an empty one to add an image (the script adds more).
    static func gallery(_ images: [GalleryImage], key: String, id field: String, described: String) -> String {
        let items = (images + [GalleryImage(src: "", alt: "", caption: "")]).enumerated().map { index, image in
            let id = "\(field)-\(index)"
            let name = "\(key).\(index)"
            return """
                <li><fieldset><legend>\(index < images.count ? "Image \(index + 1)" : "Add an image")</legend>\
                <label for="\(id)-src">Image</label><input id="\(id)-src" name="\(name).src" type="text" list="images" \
                value="\(escape(image.src))"\(described) data-image>\
                <label for="\(id)-alt">Alt text</label><input id="\(id)-alt" name="\(name).alt" type="text" value="\(escape(image.alt))">\
                <label for="\(id)-caption">Caption</label>\
                <input id="\(id)-caption" name="\(name).caption" type="text" value="\(escape(image.caption))">\
                <label class="upload">Upload a photo <input type="file" \
                accept="image/jpeg,image/png,image/webp,image/heic,image/avif" data-upload-for="\(id)-src"></label></fieldset></li>
                """
        }.joined()
        return "<ol class=\"gallery\" data-gallery=\"\(key)\">\(items)</ol>"
    }

    // MARK: - A refused save

    static func conflict(path: String, yours: String, theirs: String, hash: String, token: String) -> String {
        let body = """
            <h1>Not saved: the file changed on disk</h1>
            <p role="alert">\(escape(path)) was changed by something else (another editor, <code>git pull</code>) after you opened it. \
            Nothing was written: both versions are below. Copy what you need, or save yours over the new file.</p>
            <div class="versions">
            <div><label for="yours">Your version</label><textarea id="yours" rows="20" readonly>
            \(escape(yours))</textarea></div>
            <div><label for="theirs">The file on disk now</label><textarea id="theirs" rows="20" readonly>
            \(escape(theirs))</textarea></div>
            </div>
            <form method="post" action="\(root)save-text"><input type="hidden" name="token" value="\(escape(token))">\
            <input type="hidden" name="path" value="\(escape(path))"><input type="hidden" name="hash" value="\(escape(hash))">\
            <textarea name="text" hidden>
            \(escape(yours))</textarea><button type="submit">Save my version over the file on disk</button></form>
            <p><a href="\(root)edit?path=\(EditorHTTP.encode(path))">Open the file as it is on disk</a></p>
            """
        return page(title: "Not saved", token: token, body: body)
    }

    // MARK: - The media library

    static func media(_ images: [(path: String, usedBy: [String])], token: String) -> String {
        let items = images.map { image in
            let url = "/" + image.path.dropFirst("Content/static/".count)
            let uses =
                image.usedBy.isEmpty
                ? "Not used yet."
                : "Used by "
                    + image.usedBy.map {
                        "<a href=\"\(root)edit?path=\(EditorHTTP.encode($0))\">\(escape($0))</a>"
                    }.joined(separator: ", ")
            return "<li><img src=\"\(escape(String(url)))\" alt=\"\" loading=\"lazy\"><code>\(escape(String(url)))</code><p>\(uses)</p></li>"
        }.joined(separator: "\n")
        let body = """
            <h1>Media</h1>
            <form class="upload-form" method="post" action="\(root)upload" enctype="application/octet-stream">
            <label>Upload a photo (JPEG, PNG, WebP, HEIC or AVIF, up to \(MediaUpload.maximumBytes >> 20) MB) \
            <input type="file" accept="image/jpeg,image/png,image/webp,image/heic,image/avif" data-upload-for=""></label>
            <p class="dropzone" data-dropzone>Or drop photos here.</p>
            </form>
            <ul class="library">
            \(items)
            </ul>
            """
        return page(title: "Media", token: token, body: body)
    }
}

extension EditorPages {
    /// The catalogs the editor writes, each with its rows to open.
    static func catalogs(_ catalogs: [(catalog: CatalogConfig, rows: any CatalogRows)], token: String) -> String {
        let sections = catalogs.map { catalog, rows in
            let items = (0..<rows.count).map { index in
                let title = rows.cells(row: index)[catalog.titleField]?.value ?? ""
                return "<li><a href=\"\(root)catalog-row?name=\(EditorHTTP.encode(catalog.name))&amp;row=\(index)\">"
                    + "\(escape(title.isEmpty ? "row \(index + 1)" : title))</a></li>"
            }.joined()
            return "<section><h2>\(escape(catalog.label))</h2><p class=\"path\">\(escape(catalog.file))</p><ol>\(items)</ol></section>"
        }.joined(separator: "\n")
        return page(title: "Catalogs", token: token, body: "<h1>Catalogs</h1>\n\(sections)")
    }

    /// What the form of one catalog row shows.
    struct CatalogRowForm {
        var catalog: CatalogConfig
        var row: Int
        var rows: any CatalogRows
        /// The file's hash when the form was made: a save over a file changed since is refused.
        var hash: String
        var message: String?
        /// The key and title of each item of the catalog a field refers to (`references:`), by field name.
        var relations: [String: [(key: String, title: String)]] = [:]
    }

    /// One row of a catalog as a form: one input per field, typed by the catalog's schema; a value
    /// the form cannot hold (a mapping, a block list) is shown and kept as written.
    static func catalogRow(_ form: CatalogRowForm, token: String) -> String {
        let cells = form.rows.cells(row: form.row)
        let inputs = form.rows.header.enumerated().map { column, name in
            let cell = cells[name] ?? CatalogCell(value: "", editable: false)
            let field = form.catalog.field(named: name)
            let id = "column-\(column)"
            let help: String
            if !cell.editable {
                help = cell.value.isEmpty ? "not in this row" : "kept as written"
            } else if let field, let other = field.references, form.relations[name] != nil {
                help = field.type == .list ? "keys of \(other), separated by ;" : "an item of \(other)"
            } else {
                help = field.map { $0.type == .list ? "\($0.type.expectation), items separated by ;" : $0.type.expectation } ?? ""
            }
            let described = help.isEmpty ? "" : " aria-describedby=\"\(id)-type\""
            let mode = field?.type == .integer || field?.type == .decimal ? " inputmode=\"decimal\"" : ""
            let related = form.relations[name]
            let control: String
            if !cell.editable {
                control = "<input id=\"\(id)\" type=\"text\" value=\"\(escape(cell.value))\" readonly\(described)>"
            } else if let related, field?.type != .list {
                let other = field?.references ?? ""
                control = select(
                    id: id, name: name, value: cell.value, described: described,
                    options: related.map { ($0.key, $0.title.isEmpty ? $0.key : $0.title) },
                    outside: "an item of \(other)")
            } else if field?.type == .boolean {
                let options = [("true", "true"), ("false", "false")]
                control = select(id: id, name: name, value: cell.value, described: described, options: options, outside: "true or false")
            } else if let related {
                // A list of keys: typed, separated by `;`, with the related catalog's keys offered.
                control =
                    "<input id=\"\(id)\" name=\"col.\(escape(name))\" type=\"text\" list=\"\(id)-keys\" value=\"\(escape(cell.value))\"\(described)>"
                    + "<datalist id=\"\(id)-keys\">"
                    + related.map { "<option value=\"\(escape($0.key))\">\(escape($0.title))</option>" }.joined() + "</datalist>"
            } else if cell.value.contains("\n") {
                control = "<textarea id=\"\(id)\" name=\"col.\(escape(name))\" rows=\"3\"\(described)>\n\(escape(cell.value))</textarea>"
            } else {
                control = "<input id=\"\(id)\" name=\"col.\(escape(name))\" type=\"text\" value=\"\(escape(cell.value))\"\(mode)\(described)>"
            }
            let hint = help.isEmpty ? "" : "<small id=\"\(id)-type\">\(escape(help))</small>"
            return "<div class=\"field\"><label for=\"\(id)\">\(escape(name))</label>\(control)\(hint)</div>"
        }.joined(separator: "\n")
        let name = form.catalog.name
        let row = form.row
        let body = """
            <h1>\(escape(name)): row \(row + 1)</h1>
            <p class="path">\(escape(form.catalog.file)); the other rows keep their bytes.</p>
            \(form.message.map { "<p class=\"message\" role=\"status\">\(escape($0))</p>" } ?? "")
            <form method="post" action="\(root)catalog-save">
            <input type="hidden" name="token" value="\(escape(token))">
            <input type="hidden" name="name" value="\(escape(name))"><input type="hidden" name="row" value="\(row)">
            <input type="hidden" name="hash" value="\(escape(form.hash))">
            <fieldset><legend>Row \(row + 1)</legend>
            \(inputs)
            </fieldset>
            <p class="actions"><button type="submit" class="primary">Save</button> <a href="\(root)catalogs">All catalogs</a></p>
            </form>
            """
        return page(title: "\(name): row \(row + 1)", token: token, body: body)
    }

    /// A select of `options` (value, text) for a row's field; a value that is none of them is kept
    /// as an option of its own, marked as not `outside` ("not an item of people").
    private static func select(id: String, name: String, value: String, described: String, options: [(String, String)], outside: String) -> String {
        var options = options
        if !value.isEmpty && !options.contains(where: { $0.0 == value }) { options.append((value, "\(value) (not \(outside))")) }
        return "<select id=\"\(id)\" name=\"col.\(escape(name))\"\(described)><option value=\"\">None</option>"
            + options.map { "<option value=\"\(escape($0.0))\"\($0.0 == value ? " selected" : "")>\(escape($0.1))</option>" }.joined()
            + "</select>"
    }
}

/// Reads a file of the site the lists came from, through the build's own link check.
enum SiteFilesReader {
    static func read(_ path: String, site: EditorSite) -> Result<Data, Diagnostic> {
        site.siteFolder.read(path)
    }
}
