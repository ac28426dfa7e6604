import Foundation
import MastheadTesting
import Testing

/// The repository's documents stand on their own: every link and `#anchor` in them leads to
/// a file and a heading that exist, the README stays a quick start, and no file points to a
/// document kept outside the repository.
@Suite("Documentation links")
struct DocsLinksTests {
    /// The repository root (MastheadTesting's `repositoryRoot`).
    static let root = repositoryRoot

    /// The documents whose links are checked, relative to the root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "Benchmarks/README.md"] + docs
    }

    @Test("every link and #anchor of the documents leads to a file and a heading that exist")
    func linksResolve() throws {
        let documents = try Self.documents()
        #expect(documents.contains("docs/README.md"))
        let problems = try documents.flatMap { try LinkChecker(root: Self.root).problems(in: $0) }
        #expect(problems.isEmpty, "broken links:\n\(problems.joined(separator: "\n"))")
    }

    @Test("README.md is a quick start: under 8 KB")
    func readmeIsShort() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size < 8192, "README.md is \(size) bytes; move reference text to docs/")
    }

    @Test("no file of the repository points to a document kept outside it")
    func noOutsideDocuments() throws {
        // Spelled in pieces so that this file does not match itself.
        let needles = ["../" + "shared", "DESIGN" + ".md", "DOMAIN" + ".md"]
        let files = Self.repositoryFiles()
        #expect(files.contains("Package.swift"))
        var found: [String] = []
        for path in files {
            guard let data = try? Data(contentsOf: Self.root.appendingPathComponent(path)) else { continue }
            for needle in needles where data.range(of: Data(needle.utf8)) != nil {
                found.append("\(path): mentions \(needle)")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test(
        "headings become anchors under GitHub's rules",
        arguments: [
            ("site.yml reference", "siteyml-reference"),
            ("Reports, charts and key figures", "reports-charts-and-key-figures"),
            ("Film club (`Examples/film-club`)", "film-club-examplesfilm-club"),
            ("Member statements (optional)", "member-statements-optional"),
            ("Caffè & Crema", "caffè--crema"),
            ("A 100,000-row catalog", "a-100000-row-catalog"),
            ("snake_case and [a link](x.md)", "snake_case-and-a-link")
        ])
    func slug(_ heading: String, _ expected: String) {
        #expect(MarkdownLinks.slug(MarkdownLinks.headingText(heading)) == expected)
    }

    @Test("a missing file, a missing anchor and a link out of the repository are reported with their line")
    func brokenLinksAreFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Guide\n\n## Same\n\n## Same\n".utf8).write(to: folder.appendingPathComponent("docs/guide.md"))
        let text = """
            # Home

            [ok](docs/guide.md#same-1) and [top](#home), ![image](docs/guide.md), [web](https://example.org/x#y)
            [missing](docs/nothing.md)
            [no anchor](docs/guide.md#same-2)
            `[in code](docs/nothing.md)`
            ```
            [in a block](docs/nothing.md)
            ```
            [outside](../elsewhere.md)
            """
        try Data(text.utf8).write(to: folder.appendingPathComponent("README.md"))
        let problems = try LinkChecker(root: folder.standardizedFileURL).problems(in: "README.md")
        #expect(
            problems == [
                "README.md:4: docs/nothing.md: no such file",
                "README.md:5: docs/guide.md#same-2: no heading 'same-2' in docs/guide.md",
                "README.md:10: ../elsewhere.md: leads outside the repository"
            ])
    }

    /// Every file git tracks; without git (an exported tree), every file but build folders.
    static func repositoryFiles() -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0, !data.isEmpty {
                return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            }
        }
        var files: [String] = []
        let skipped: Set<String> = [".git", "public", "public-examples", ".masthead"]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".build") {
                walker?.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
            }
        }
        return files
    }
}

/// Checks the links of one Markdown document of a repository.
struct LinkChecker {
    let root: URL

    /// `path:line: target: problem` for every link that leads nowhere.
    func problems(in document: String) throws -> [String] {
        let url = root.appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        let folder = url.deletingLastPathComponent()
        return MarkdownLinks.links(in: text).compactMap { link in
            problem(link.target, from: folder, document: url).map { "\(document):\(link.line): \(link.target): \($0)" }
        }
    }

    private func problem(_ target: String, from folder: URL, document: URL) -> String? {
        let lowered = target.lowercased()
        if ["http://", "https://", "mailto:"].contains(where: lowered.hasPrefix) { return nil }
        if target.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
            return "not a file in the repository"
        }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let file = path.isEmpty ? document : folder.appendingPathComponent(path).standardizedFileURL
        guard file.path == root.path || file.path.hasPrefix(root.path + "/") else { return "leads outside the repository" }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else { return "no such file" }
        guard parts.count == 2 else { return nil }
        let anchor = String(parts[1]).removingPercentEncoding ?? String(parts[1])
        let name = String(file.path.dropFirst(root.path.count + 1))
        guard !isFolder.boolValue, file.pathExtension == "md", let text = try? String(contentsOf: file, encoding: .utf8) else {
            return "an anchor into \(name), which is not a Markdown file"
        }
        return MarkdownLinks.anchors(in: text).contains(anchor) ? nil : "no heading '\(anchor)' in \(name)"
    }
}

/// The little of Markdown the link check needs: fenced code, code spans, link destinations,
/// ATX headings and GitHub's heading anchors.
enum MarkdownLinks {
    struct Link: Equatable {
        var target: String
        var line: Int
    }

    /// Every inline link and image destination, and every reference definition, outside code.
    static func links(in text: String) -> [Link] {
        let prose = withoutCodeSpans(proseLines(text).map { $0 ?? "" }.joined(separator: "\n"))
        var links: [Link] = []
        let characters = Array(prose)
        var line = 1
        var index = 0
        while index < characters.count {
            if characters[index] == "\n" { line += 1 }
            if characters[index] == "]", index + 1 < characters.count, characters[index + 1] == "(" {
                let (target, end) = destination(characters, from: index + 2)
                if let target { links.append(Link(target: target, line: line)) }
                index = max(index + 1, end)
                continue
            }
            index += 1
        }
        for (number, text) in prose.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let match = text.firstMatch(of: /^ {0,3}\[[^\]]+\]:\s+<?([^\s>]+)/) {
                links.append(Link(target: String(match.1), line: number + 1))
            }
        }
        return links.sorted { $0.line < $1.line }
    }

    /// The anchors of a document's headings, `-1`, `-2` ... added to repeats, as GitHub does.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for case let line? in proseLines(text) {
            guard let match = line.firstMatch(of: /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/) else { continue }
            let base = slug(headingText(String(match.1 ?? "")))
            var anchor = base
            while seen[anchor] != nil {
                seen[base, default: 0] += 1
                anchor = "\(base)-\(seen[base]!)"
            }
            seen[anchor] = 0
            anchors.insert(anchor)
        }
        return anchors
    }

    /// A heading's text as GitHub renders it: code spans keep their text, links and images
    /// their label.
    static func headingText(_ heading: String) -> String {
        heading.replacing(/!?\[([^\]]*)\]\([^)]*\)/) { String($0.1) }.replacing("`", with: "")
    }

    /// GitHub's anchor of a heading: lower case, letters, marks, numbers, `_`, `-` and spaces
    /// kept, every other character dropped, then each space turned into `-`.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                .connectorPunctuation:
                result.unicodeScalars.append(scalar)
            default:
                if scalar == " " { result += "-" } else if scalar == "-" { result += "-" }
            }
        }
        return result
    }

    /// The document's lines, nil for those inside fenced code blocks (fences included).
    static func proseLines(_ text: String) -> [String?] {
        var fence: (character: Character, length: Int)?
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String? in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let first = trimmed.first, first == "`" || first == "~" else { return fence == nil ? String(line) : nil }
            let run = trimmed.prefix { $0 == first }.count
            if let open = fence {
                if first == open.character, run >= open.length, trimmed.dropFirst(run).allSatisfy(\.isWhitespace) { fence = nil }
                return nil
            }
            // A backtick fence's info string holds no backtick: "```` ```chart ````, ..." is prose.
            if run >= 3, first == "~" || !trimmed.dropFirst(run).contains(Character("`")) {
                fence = (first, run)
                return nil
            }
            return String(line)
        }
    }

    /// The text with code spans blanked out (newlines kept), so links inside them are not links.
    /// A span ends at the next run of as many backticks, within its paragraph.
    static func withoutCodeSpans(_ text: String) -> String {
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            let run = characters[index...].prefix { $0 == "`" }.count
            var search = index + run
            var close: Int?
            while search < characters.count {
                if characters[search] == "\n", search + 1 < characters.count, characters[search + 1] == "\n" { break }
                if characters[search] == "`" {
                    let length = characters[search...].prefix { $0 == "`" }.count
                    if length == run {
                        close = search
                        break
                    }
                    search += length
                    continue
                }
                search += 1
            }
            guard let close else {
                index += run
                continue
            }
            for blank in index..<(close + run) where characters[blank] != "\n" { characters[blank] = " " }
            index = close + run
        }
        return String(characters)
    }

    /// A link destination starting at `start` (just after `](`): `<...>`, or text up to white
    /// space or the `)` that closes the link, with balanced parentheses inside.
    private static func destination(_ characters: [Character], from start: Int) -> (String?, Int) {
        var index = start
        while index < characters.count, characters[index] == " " { index += 1 }
        if index < characters.count, characters[index] == "<" {
            guard let end = characters[index...].firstIndex(of: ">") else { return (nil, index) }
            return (String(characters[(index + 1)..<end]), end + 1)
        }
        var depth = 0
        var end = index
        while end < characters.count {
            let character = characters[end]
            if character.isWhitespace { break }
            if character == "(" { depth += 1 }
            if character == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            end += 1
        }
        return end > index ? (String(characters[index..<end]), end) : (nil, end)
    }
}
