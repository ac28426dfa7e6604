/// The prose of rendered HTML, for the index: tags dropped, and with them the content of
/// `<svg>`, `<script>`, `<style>` and `<template>` (a chart's labels are no prose), entities decoded.
enum SearchHTMLText {
    private static let skipped = ["svg", "script", "style", "template"]

    static func plainText(_ html: String) -> String {
        var text = ""
        var skipping: String?
        var index = html.startIndex
        while index < html.endIndex {
            guard html[index] == "<" else {
                if skipping == nil { text.append(html[index]) }
                index = html.index(after: index)
                continue
            }
            guard let close = html[index...].firstIndex(of: ">") else { break }
            let tag = html[html.index(after: index)..<close]
            let isEnd = tag.hasPrefix("/")
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if let open = skipping {
                if isEnd, name == open { skipping = nil }
            } else if !isEnd, skipped.contains(name), !tag.hasSuffix("/") {
                skipping = name
            }
            text.append(" ")
            index = html.index(after: close)
        }
        return HTMLText.decodeEntities(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
