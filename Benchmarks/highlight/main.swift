import Foundation
import MastheadMarkdown

// Each lexer of the highlighter on its worst input (the inputs that were quadratic or recursed
// without end before issue 56, and the like for the others), from 64 KB to 1 MB: the time per byte
// at each size, and the ratio of the time per byte at 1 MB to that at 64 KB (linear: near 1,
// within 2). Run: swift run -c release highlight-benchmark (Benchmarks/README.md).

/// `pattern` repeated to `size` bytes.
func repeated(_ pattern: String, _ size: Int) -> String {
    String(repeating: pattern, count: size / pattern.utf8.count)
}

let worst: [(language: String, input: (Int) -> String)] = [
    ("markdown", { repeated("*[", $0) }),
    ("markdown", { "x" + repeated(" ", $0) }),
    ("markdown", { repeated("[a](", $0) }),
    ("javascript", { repeated("`${", $0) }),
    ("javascript", { "`" + repeated("${a}", $0) + "`" }),
    ("typescript", { repeated("`${", $0) }),
    ("python", { repeated("f\"{", $0) }),
    ("swift", { repeated("\"\\(", $0) }),
    ("sql", { repeated("'a' /* b */ ", $0) }),
    ("css", { "x{" + repeated("a:b ", $0) + "{" }),
    ("html", { repeated("<a b=\"c\" d='e' &amp; ", $0) }),
    ("json", { repeated("{\"a\": [1, \"b\"], ", $0) }),
    ("yaml", { repeated("a: |\n  b\n", $0) }),
    ("toml", { repeated("a = 1\n", $0) }),
    ("shell", { repeated("x=\"$a ${b}\" ", $0) }),
    ("diff", { repeated("+a\n-b\n", $0) })
]

let sizes = [64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20]

func seconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

print("language    input            " + sizes.map { "\($0 >> 10) KB".padding(toLength: 9, withPad: " ", startingAt: 0) }.joined() + "   1 MB / 64 KB")
for (language, input) in worst {
    var perByte: [Double] = []
    for size in sizes {
        let code = input(size) + "\n"
        // The best of three: the machine is shared.
        let best = (0..<3).map { _ in seconds { _ = CodeHighlighter.render(info: language, code: code) } }.min() ?? 0
        perByte.append(best / Double(code.utf8.count) * 1e9)
    }
    let sample = String(input(64).prefix(14)).replacingOccurrences(of: "\n", with: "\\n")
    let columns = perByte.map { String(format: "%6.1f ns", $0).padding(toLength: 9, withPad: " ", startingAt: 0) }.joined(separator: "")
    print(
        language.padding(toLength: 12, withPad: " ", startingAt: 0) + sample.padding(toLength: 17, withPad: " ", startingAt: 0)
            + columns + String(format: "   %.2f", perByte.last! / perByte.first!))
}
