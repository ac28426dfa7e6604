import MastheadContent

/// Between a file's front matter and the editor's form: the value each input shows, and the
/// form sent back applied to the file, field by field. A field whose value the form sends back
/// unchanged is left as written (its quoting, its comments, its flow or block style).
enum FrontMatterForm {
    /// A problem with one field of a sent form.
    struct Problem: Sendable, Equatable {
        var key: String
        var message: String
    }

    /// The parsed front matter, or nil when its YAML does not parse (then every field is shown as its lines).
    static func node(of file: FrontMatterText) -> YAMLNode? {
        guard file.hasFrontMatter, !file.yaml.isEmpty else { return nil }
        guard case .success(let node) = YAMLNode.parse(file.yaml, file: "front matter"), node.entries != nil else { return nil }
        return node
    }

    /// What the input of `field` shows for this front matter; nil when the value has a shape the
    /// input cannot hold without loss (a block of YAML under `video:`, a tag with a comma), and
    /// the field is shown as its lines instead. Images give `src` and `alt` joined by a newline.
    static func value(of field: EditorField, in node: YAMLNode?) -> String? {
        let value = node?[field.key]
        if value == nil || value?.isNull == true {
            return field.kind == .flag ? "false" : (field.kind == .image ? "\n" : "")
        }
        switch field.kind {
        case .text, .longText, .date, .category, .suggested:
            return value?.string
        case .flag:
            switch value?.string?.lowercased() {
            case "true", "yes", "on": return "true"
            case "false", "no", "off": return "false"
            default: return nil
            }
        case .list:
            if let single = value?.string { return single.contains(",") ? nil : single }
            guard let items = value?.items?.map(\.string), items.allSatisfy({ $0 != nil && !$0!.contains(",") }) else { return nil }
            return items.compactMap { $0 }.joined(separator: ", ")
        case .image:
            guard let entries = value?.entries, entries.allSatisfy({ ["src", "alt"].contains($0.key) && $0.value.string != nil }) else {
                return nil
            }
            return (value?["src"]?.string ?? "") + "\n" + (value?["alt"]?.string ?? "")
        case .gallery:
            return GalleryImage.images(of: value).map(GalleryImage.formValue)
        }
    }

    /// The fields shown as inputs for this file: every known field whose value an input holds.
    static func inputs(for node: YAMLNode?, file: FrontMatterText) -> [EditorField] {
        if file.hasFrontMatter, !file.yaml.isEmpty, node == nil { return [] }
        return EditorField.all.filter { value(of: $0, in: node) != nil }
    }

    /// Applies a sent form: `form[key]` for each input listed in `form["inputs"]` (images as
    /// `key.src` and `key.alt`, a gallery as `key.0.src`, `key.0.alt`, `key.0.caption`..., a flag
    /// sent only when on), `form["raw." + key]` for the fields shown as their lines, and
    /// `form["body"]`. Nothing changes when there is a problem.
    static func apply(_ form: [String: String], to file: inout FrontMatterText) -> [Problem] {
        let node = node(of: file)
        var edited = file
        var problems: [Problem] = []
        let listed = Set((form["inputs"] ?? "").split(separator: ",").map(String.init))
        for field in inputs(for: node, file: file) where listed.contains(field.key) {
            guard let old = value(of: field, in: node) else { continue }
            switch field.kind {
            case .text, .longText, .date, .category, .suggested:
                let new = normalised(form[field.key] ?? "").trimmingCharacters(in: .whitespaces)
                guard new != old else { continue }
                if new.isEmpty {
                    edited.remove(field.key)
                } else {
                    edited.set(field.key, yaml: "\(field.key): \(YAMLText.scalar(new))")
                }
            case .flag:
                let new = form[field.key] == "true" ? "true" : "false"
                if new != old { edited.set(field.key, yaml: "\(field.key): \(new)") }
            case .list:
                let new = items(form[field.key] ?? "")
                guard new != items(old) else { continue }
                if new.isEmpty {
                    edited.remove(field.key)
                } else {
                    edited.set(field.key, yaml: "\(field.key): \(YAMLText.list(new))")
                }
            case .image:
                let src = (form[field.key + ".src"] ?? "").trimmingCharacters(in: .whitespaces)
                let alt = normalised(form[field.key + ".alt"] ?? "").trimmingCharacters(in: .whitespaces)
                guard src + "\n" + alt != old else { continue }
                if src.isEmpty {
                    edited.remove(field.key)
                } else if alt.isEmpty {
                    problems.append(Problem(key: field.key, message: "alt text is required: say what the image shows for those who cannot see it"))
                } else {
                    edited.set(field.key, yaml: "\(field.key): \(YAMLText.mapping([("src", src), ("alt", alt)], quoting: ["alt"]))")
                }
            case .gallery:
                let images = GalleryImage.images(in: form, key: field.key)
                guard GalleryImage.formValue(images) != old else { continue }
                if images.isEmpty {
                    edited.remove(field.key)
                } else if let missing = images.firstIndex(where: { $0.alt.isEmpty }) {
                    let message = "alt text is required for image \(missing + 1): say what it shows for those who cannot see it"
                    problems.append(Problem(key: field.key, message: message))
                } else {
                    edited.set(field.key, yaml: GalleryImage.yaml(images, key: field.key))
                }
            }
        }
        for key in file.keys where form["raw." + key] != nil {
            let new = normalised(form["raw." + key]!)
            guard trimmedLines(new) != trimmedLines(normalised(file.source(of: key) ?? "")) else { continue }
            let lines = new.trimmingCharacters(in: .newlines)
            if lines.isEmpty {
                edited.remove(key)
            } else if FrontMatterText.key(of: lines) != key {
                problems.append(Problem(key: key, message: "these lines must begin with \"\(key):\""))
            } else {
                edited.set(key, yaml: lines)
            }
        }
        if let body = form["body"] {
            // Browsers send a textarea's lines ending in CRLF: the file keeps its own line endings.
            let sent = file.newline == "\n" ? normalised(body) : normalised(body).replacingOccurrences(of: "\n", with: "\r\n")
            if sent != file.body { edited.body = sent }
        }
        guard problems.isEmpty else { return problems }
        file = edited
        return []
    }

    /// `a, b,, c` as `[a, b, c]`.
    static func items(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    private static func trimmedLines(_ text: String) -> String {
        text.trimmingCharacters(in: .newlines)
    }
}
