import Foundation
import Testing

/// ARCHITECTURE.md cannot go stale unnoticed: every type it names exists in the code, and its
/// figures are the ones `scripts/architecture-figures.py` counts.
@Suite("ARCHITECTURE.md against the code")
struct ArchitectureDocumentTests {
    static let root = DocsLinksTests.root

    /// Names the document cites that Masthead does not declare: the standard library's,
    /// its dependencies', and the two folders of the layer checker's example.
    static let foreignNames: Set<String> = [
        "Any", "Mirror", "Mutex", "Package", "Application", "ServiceGroup", "NIOCore", "ValidationError",
        "TemplateTransforms", "CYaml", "Low", "High",
        // libpq's C functions, named in the table of who owns each C pointer.
        "PQclear", "PQconninfoFree", "PQconninfoParse", "PQfreemem", "PQgetvalue"
    ]

    /// Every backticked name that reads as a type (`Pipeline`, `Route.Kind`, `Pipeline.run(...)`):
    /// its first component. File names (`Pipeline.swift`) are not types.
    static func citedTypeNames(in text: String) -> Set<String> {
        let code = try! Regex(#"`([^`\n]+)`"#)
        let typeName = try! Regex(#"^([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(\.[A-Za-z][A-Za-z0-9]*)*(\(.*\))?$"#)
        var names: Set<String> = []
        for match in text.matches(of: code) {
            guard let inner = match.output[1].substring, !Self.isFileName(String(inner)),
                let name = String(inner).wholeMatch(of: typeName)
            else { continue }
            if let first = name.output[1].substring { names.insert(String(first)) }
        }
        return names
    }

    static func isFileName(_ text: String) -> Bool {
        ["swift", "md", "py", "sh", "mustache", "yml", "json", "css", "js", "h"].contains { text.hasSuffix(".\($0)") }
    }

    /// Names declared in Swift files under the folders given, and the names of the folders two levels down
    /// (targets, and the folders of a target).
    static func declaredNames(under folders: [String]) throws -> Set<String> {
        let declaration = try Regex(#"\b(?:struct|class|enum|protocol|typealias|actor|extension|func|case|let|var)\s+([A-Z][A-Za-z0-9]*)"#)
        var names: Set<String> = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker {
                if file.pathExtension == "swift" {
                    let text = try String(contentsOf: file, encoding: .utf8)
                    for match in text.matches(of: declaration) {
                        if let name = match.output[1].substring { names.insert(String(name)) }
                    }
                } else if file.pathComponents.count <= url.pathComponents.count + 2 {
                    names.insert(file.lastPathComponent)
                }
            }
        }
        return names
    }

    /// The targets and products Package.swift names (`Hummingbird`, `ArgumentParser`): modules, named in the list of who imports them.
    static func packageNames() throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let name = try Regex(#"name:\s*"([A-Za-z][A-Za-z0-9-]*)""#)
        return Set(manifest.matches(of: name).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test("every type ARCHITECTURE.md names is declared in Sources/, Plugins/ or Tests/")
    func citedTypesExist() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let cited = Self.citedTypeNames(in: text)
        #expect(cited.contains("Pipeline"))
        let declared = try Self.declaredNames(under: ["Sources", "Plugins", "Tests"]).union(["Templates", "Content"])
            .union(Self.packageNames())
        let missing = cited.subtracting(declared).subtracting(Self.foreignNames).sorted()
        #expect(missing.isEmpty, "ARCHITECTURE.md names types that do not exist: \(missing.joined(separator: ", "))")
    }

    @Test("a name that does not exist is found (the check can fail)")
    func staleNameFound() throws {
        let cited = Self.citedTypeNames(in: "the rows go through `JSONLineScannerThatNeverWas.scan(...)` and `Route.Kind`, in `Route.swift`")
        #expect(cited == ["JSONLineScannerThatNeverWas", "Route"])
        let declared = try Self.declaredNames(under: ["Sources"])
        #expect(!declared.contains("JSONLineScannerThatNeverWas"))
        #expect(declared.contains("Route"))
    }

    /// A script of `scripts/` run with python3: its exit status and what it printed.
    static func runScript(_ name: String, _ arguments: [String]) throws -> (status: Int32, report: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/\(name)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, report)
    }

    @Test("the figures in ARCHITECTURE.md are the ones the code gives (scripts/architecture-figures.py --check)")
    func figuresAreCurrent() throws {
        let run = try Self.runScript("architecture-figures.py", ["--check"])
        #expect(run.status == 0, "\(run.report)")
    }

    /// The check itself runs in `make lint` (it asks SwiftPM for the manifest, which `swift test` holds
    /// locked); here, its self-test: a package whose declared imports pass, then fail on planted ones.
    @Test("the import check fails on a planted undeclared import (scripts/check-imports.py --self-test)")
    func importCheckFindsAPlantedImport() throws {
        let run = try Self.runScript("check-imports.py", ["--self-test"])
        #expect(run.status == 0 && run.report.contains("self-test ok"), "\(run.report)")
    }
}
