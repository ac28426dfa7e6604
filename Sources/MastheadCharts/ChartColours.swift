import Foundation

/// The chart series colours of a site, for light and dark mode, and the backgrounds they
/// are drawn on. Every colour must stand out from its background by at least 3:1 (WCAG's
/// contrast for graphics), which `ColourContrast` checks when site.yml is read.
package struct ChartColours: Sendable, Equatable {
    package var light: [String]
    package var dark: [String]
    package var lightBackground: String
    package var darkBackground: String

    package init(light: [String], dark: [String], lightBackground: String, darkBackground: String) {
        self.light = light
        self.dark = dark
        self.lightBackground = lightBackground
        self.darkBackground = darkBackground
    }

    /// Okabe-Ito's hues, darkened for white cards and lightened for dark ones, each at least
    /// 4.4:1 against the default backgrounds.
    package static let standard = ChartColours(
        light: ["#0072b2", "#b35c00", "#00805a", "#c8490a", "#b0508a", "#6a4fb3", "#8c6d00", "#555555"],
        dark: ["#56b4e9", "#e69f00", "#3cc8a0", "#f5844a", "#dc9cc4", "#b9a6f0", "#f0e442", "#bbbbbb"],
        lightBackground: "#ffffff", darkBackground: "#211a16")

    package static let minimumContrast = 3.0
}

/// WCAG 2 relative luminance and contrast of `#rrggbb` (or `#rgb`) colours.
package enum ColourContrast {
    /// The colour's red, green and blue from 0 to 1; nil when it is not a hex colour.
    package static func components(_ colour: String) -> (Double, Double, Double)? {
        var hex = colour.trimmingCharacters(in: .whitespaces)
        guard hex.hasPrefix("#") else { return nil }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = Int(hex, radix: 16) else { return nil }
        return (Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    package static func luminance(_ colour: String) -> Double? {
        guard let (red, green, blue) = components(colour) else { return nil }
        func linear(_ channel: Double) -> Double { channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// From 1 (the same) to 21 (black on white); nil when either is not a hex colour.
    package static func ratio(_ first: String, _ second: String) -> Double? {
        guard let a = luminance(first), let b = luminance(second) else { return nil }
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
