import Foundation
import Testing

@testable import MastheadRender

/// The share links of an article: their text is percent-encoded by hand when ASCII, so it
/// must stay what Foundation's encoding gives, byte for byte.
@Suite("Share links: percent-encoding")
struct ShareLinksTests {
    private static let unreserved: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()

    private func foundation(_ text: String) -> String? {
        text.addingPercentEncoding(withAllowedCharacters: Self.unreserved)
    }

    @Test("every ASCII character is encoded as Foundation encodes it")
    func everyASCIICharacter() {
        for byte in UInt8(0)..<0x80 {
            let text = "a" + String(UnicodeScalar(byte)) + "z"
            #expect(ShareValues.encode(text) == foundation(text), "byte \(byte)")
        }
    }

    @Test(
        "titles and URLs are encoded as Foundation encodes them",
        arguments: [
            "", "Coffee & tea: 10% off?", "https://example.org/articles/2024/05/a-b_c~d/", "x=1&y=2#top",
            "Über die Brücke", "Café «crème» — 5 €", "日本語のタイトル", "emoji 🎉 here", "tab\tand\nnewline"
        ])
    func titles(_ text: String) {
        #expect(ShareValues.encode(text) == foundation(text))
    }

    @Test("an article's share links carry its title and address, encoded")
    func links() {
        let share = ShareValues(title: "Tea & cake: 2 for 1?", url: "https://example.org/articles/tea/")
        #expect(share.email == "mailto:?subject=Tea%20%26%20cake%3A%202%20for%201%3F&body=https%3A%2F%2Fexample.org%2Farticles%2Ftea%2F")
        #expect(share.x == "https://x.com/intent/post?url=https%3A%2F%2Fexample.org%2Farticles%2Ftea%2F&text=Tea%20%26%20cake%3A%202%20for%201%3F")
        #expect(share.whatsapp == "https://wa.me/?text=Tea%20%26%20cake%3A%202%20for%201%3F%20https%3A%2F%2Fexample.org%2Farticles%2Ftea%2F")
    }
}
