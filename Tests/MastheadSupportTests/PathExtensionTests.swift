import Testing

@testable import MastheadBuild

/// Masthead's file extensions read the names site.yml gives as Foundation did, without its trap.
@Suite("File extensions")
struct PathExtensionTests {
    @Test(
        "the extension of a path, lowercased",
        arguments: [
            ("stats/events.CSV", "csv"), ("a/b.c/d.jsonl", "jsonl"), ("catalogs/prizes.yml/", "yml"),
            ("README", ""), (".gitignore", ""), ("stats/.hidden", ""), ("a.", ""), ("a.b.json", "json"),
            ("", ""), ("/", ""), ("..", ""), ("dir.d/file", ""), ("caffè.Ü", "ü")
        ])
    func lowercasedPathExtension(_ path: String, _ expected: String) {
        #expect(path.lowercasedPathExtension == expected)
    }
}
