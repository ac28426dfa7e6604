import Foundation

/// Chart colours derived from a site's brand colour (`colours.brand` in site.yml) when
/// `charts.palette` gives none: eight hues spread around the brand's, the brand itself first,
/// each made darker (light mode) or lighter (dark mode) until it stands out from its
/// background by `target`, and never by less than `ChartColours.minimumContrast`.
package enum DerivedPalette {
    /// What each colour aims for: WCAG's contrast for text, above the 3:1 charts need, as the standard palette.
    static let target = 4.5
    /// Degrees from the brand's hue, in the order series take them: the complement second, then the quarters.
    static let hueOffsets: [Double] = [0, 180, 90, 270, 45, 225, 135, 315]

    package static func colours(brand: String, lightBackground: String, darkBackground: String) -> (light: [String], dark: [String]) {
        guard let (red, green, blue) = ColourContrast.components(brand) else { return ([], []) }
        var (hue, saturation, _) = hsl(red, green, blue)
        // White, black and greys have no hue to go around: start from a blue.
        if saturation < 0.12 { hue = 210 }
        saturation = min(max(saturation, 0.45), 0.8)
        let brandHex = hex(red, green, blue)
        let light = hueOffsets.enumerated().map { index, offset in
            index == 0 && (ColourContrast.ratio(brandHex, lightBackground) ?? 0) >= target
                ? brandHex : readable((hue + offset).truncatingRemainder(dividingBy: 360), saturation, on: lightBackground)
        }
        let dark = hueOffsets.map { readable((hue + $0).truncatingRemainder(dividingBy: 360), saturation, on: darkBackground) }
        return (light, dark)
    }

    /// The colour of `hue` and `saturation` nearest the middle lightness that reaches `target`
    /// against `background`: darker on a light background, lighter on a dark one. When no
    /// lightness reaches it, the one with the most contrast.
    static func readable(_ hue: Double, _ saturation: Double, on background: String) -> String {
        let backgroundIsLight = (ColourContrast.luminance(background) ?? 1) > 0.18
        let steps = stride(from: 0.5, through: 0.0, by: -0.01).map { backgroundIsLight ? $0 : 1 - $0 }
        var best = (colour: "#000000", ratio: 0.0)
        for lightness in steps {
            let (red, green, blue) = rgb(hue, saturation, lightness)
            let colour = hex(red, green, blue)
            let ratio = ColourContrast.ratio(colour, background) ?? 0
            if ratio >= target { return colour }
            if ratio > best.ratio { best = (colour, ratio) }
        }
        return best.colour
    }

    static func hsl(_ red: Double, _ green: Double, _ blue: Double) -> (hue: Double, saturation: Double, lightness: Double) {
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        var hue: Double
        if high == red {
            hue = (green - blue) / delta + (green < blue ? 6 : 0)
        } else if high == green {
            hue = (blue - red) / delta + 2
        } else {
            hue = (red - green) / delta + 4
        }
        return (hue * 60, saturation, lightness)
    }

    static func rgb(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (Double, Double, Double) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch sector {
            case ..<1: (chroma, second, 0)
            case ..<2: (second, chroma, 0)
            case ..<3: (0, chroma, second)
            case ..<4: (0, second, chroma)
            case ..<5: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let base = lightness - chroma / 2
        return (red + base, green + base, blue + base)
    }

    static func hex(_ red: Double, _ green: Double, _ blue: Double) -> String {
        func byte(_ channel: Double) -> Int { Int((min(max(channel, 0), 1) * 255).rounded()) }
        return String(format: "#%02x%02x%02x", byte(red), byte(green), byte(blue))
    }
}
