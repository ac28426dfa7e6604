import Foundation
import MastheadCharts
import MastheadContent
import MastheadSupport

/// `charts.palette` in site.yml: the series colours for light and dark mode and the card
/// backgrounds they sit on; each colour is checked against its background (>= 3:1).
///
///     charts:
///       palette:
///         light: ["#8c2f39", "#1f6f8b"]
///         dark: ["#f08a96", "#7cc7e0"]
///         background: { light: "#ffffff", dark: "#1c1c22" }
enum ChartPaletteReader {
    static let keys = ["light", "dark", "background"]

    static func read(_ node: YAMLNode) -> (ChartColours, [Diagnostic]) {
        var reader = YAMLReader(node, context: "charts.palette")
        var colours = ChartColours.standard
        var backgroundDiagnostics: [Diagnostic] = []
        guard node.entries != nil else {
            reader.error(
                "charts.palette: expected light: and dark: lists of colours (\"#rrggbb\"), got \(node.kindName)", at: node.location)
            return (colours, reader.diagnostics)
        }
        reader.warnAboutUnknownKeys(keys, what: "charts.palette")
        if let background = node["background"], !background.isNull {
            var backgroundReader = YAMLReader(background, context: "charts.palette.background")
            backgroundReader.warnAboutUnknownKeys(["light", "dark"], what: "charts.palette.background")
            for (key, path) in [("light", \ChartColours.lightBackground), ("dark", \ChartColours.darkBackground)] {
                guard let colourNode = background[key], !colourNode.isNull else { continue }
                if let colour = checkedColour(colourNode, name: "charts.palette.background.\(key)", &backgroundReader) {
                    colours[keyPath: path] = colour
                }
            }
            backgroundDiagnostics = backgroundReader.diagnostics
        }
        for (key, path, background) in [
            ("light", \ChartColours.light, colours.lightBackground), ("dark", \ChartColours.dark, colours.darkBackground)
        ] {
            guard let listNode = node[key], !listNode.isNull else { continue }
            guard let items = listNode.items, !items.isEmpty else {
                reader.error(
                    "charts.palette.\(key): expected a list of colours like [\"#8c2f39\", \"#1f6f8b\"], got \(listNode.kindName)",
                    at: listNode.location)
                continue
            }
            var list: [String] = []
            for (index, item) in items.enumerated() {
                guard let colour = checkedColour(item, name: "charts.palette.\(key)[\(index + 1)]", &reader) else { continue }
                if let ratio = ColourContrast.ratio(colour, background), ratio < ChartColours.minimumContrast {
                    reader.error(
                        "charts.palette.\(key)[\(index + 1)]: \(colour) has a contrast of \(String(format: "%.2f", ratio)):1 against the "
                            + "\(key) background \(background); chart colours need at least 3:1 (make it \(key == "light" ? "darker" : "lighter"))",
                        at: item.location)
                }
                list.append(colour)
            }
            if !list.isEmpty { colours[keyPath: path] = list }
        }
        return (colours, backgroundDiagnostics + reader.diagnostics)
    }

    private static func checkedColour(_ node: YAMLNode, name: String, _ reader: inout YAMLReader) -> String? {
        guard let text = node.string, ColourContrast.components(text) != nil else {
            reader.error("\(name): expected a colour like \"#8c2f39\", got \(node.kindName)", at: node.location)
            return nil
        }
        return text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
