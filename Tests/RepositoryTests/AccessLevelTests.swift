import Foundation
import Testing

/// CONTRIBUTING.md's rule for access levels: `package` for what one target shows another, `public`
/// only for what the fuzzers (`Fuzz/`, another package) use through the `MastheadBuild` library product.
@Suite("Access levels follow CONTRIBUTING.md's rule")
struct AccessLevelTests {
    static let root = DocsLinksTests.root

    /// A declaration marked `public`, as it starts a line of code.
    static var publicDeclaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"(?m)^[ \t]*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*public\s+(?:private\(set\)\s+)?(?:static\s+|final\s+|mutating\s+|nonisolated\s+)*"#
                + #"(?:struct|enum|class|protocol|actor|typealias|extension|func|var|let|init|subscript)\b[^\n]*"#)
    }

    /// The type a `public` line declares (`public struct SiteConfig`), if it declares one.
    static var typeName: Regex<AnyRegexOutput> {
        try! Regex(#"public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    }

    /// The targets of the library product the fuzzers use, as Package.swift lists them.
    static func productTargets() throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let library = try #require(manifest.firstRange(of: #".library("#))
        let list = manifest[library.upperBound...].prefix { $0 != "]" }
        return Set(list.matches(of: try Regex(#""([A-Za-z]+)""#)).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// Every Swift file under `folder`, with its text.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (folder + "/" + path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
        }
    }

    @Test("no target outside the fuzzers' library product declares anything public")
    func publicOnlyInTheProduct() throws {
        let product = try Self.productTargets()
        #expect(product.contains("MastheadSupport") && product.contains("MastheadBuild"))
        let outside = try Self.swiftFiles(under: "Sources").filter { file in
            let target = file.path.split(separator: "/")[1]
            return !product.contains(String(target)) && file.text.contains(Self.publicDeclaration)
        }
        #expect(outside.isEmpty, "public declarations outside the product: \(outside.map(\.path))")
    }

    /// The identifiers of a text, as a set.
    static func identifiers(_ text: some StringProtocol) -> Set<Substring> {
        Set(Substring(text).split { !($0.isLetter || $0.isNumber || $0 == "_") })
    }

    @Test("every public type is one the fuzzers name, or one a public declaration's signature names")
    func publicTypesAreTheFuzzersSurface() throws {
        // Each public declaration with its whole signature: up to its body's brace (a parameter list may take lines).
        let signatures = try Self.swiftFiles(under: "Sources").flatMap { file in
            file.text.matches(of: Self.publicDeclaration).map { match in
                file.text[match.range.lowerBound...].prefix { $0 != "{" }
            }
        }
        let fuzzers = Self.identifiers(try Self.swiftFiles(under: "Fuzz/Sources").map(\.text).joined(separator: "\n"))
        #expect(fuzzers.contains("SiteConfigLoader"), "the fuzzers' sources are read")
        var unused: [Substring] = []
        for (index, signature) in signatures.enumerated() {
            guard let name = signature.firstMatch(of: Self.typeName)?.output[1].substring else { continue }
            let namedElsewhere = signatures.indices.contains { $0 != index && Self.identifiers(signatures[$0]).contains(name) }
            if !fuzzers.contains(name) && !namedElsewhere { unused.append(name) }
        }
        #expect(unused.isEmpty, "public types neither the fuzzers nor a public signature name (make them package): \(unused)")
    }
}
