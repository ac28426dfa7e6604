import Foundation
import MastheadContent
import MastheadImages
import MastheadSite
import MastheadSupport

/// Every HTML page's `og:image`: a 1200×630 JPEG. Articles, pages, reports and catalog items
/// get their own (their cover with their title set on it, or their title on the site's colours);
/// lists and the home page share the site's. Each distinct card is drawn once, on every core,
/// and kept in the image cache.
enum SocialCards {
    /// The output folder of the cards.
    static let folder = "social"

    /// What one card shows.
    private struct Design: Sendable, Hashable {
        var title: String
        var cover: String?
        var coverVersion: String
        var background: String
        var alt: String
    }

    /// The cards of `routes` (by default the site's every route), by page path, and their files.
    static func make(
        site: Site, routes: [Route]? = nil, table: SiteImages, staticPaths: [String], options: BuildOptions, cache: ImageCache
    ) -> (table: [String: SiteImage], files: [OutputFile]) {
        let config = site.config
        let settings = config.images
        let staticFiles = Set(staticPaths)
        func design(title: String, src: String?, alt: String?, colour: String?) -> Design {
            var cover: String?
            var version = ""
            if let src, !src.contains("://"), !src.hasPrefix("//") {
                let path = SiteFolders.staticFiles + (src.hasPrefix("/") ? src : "/" + src)
                // A processed image's name carries its digest; an SVG is small enough to read.
                if staticFiles.contains(path), let image = table.image(src) {
                    cover = options.siteFolder.path(path)
                    version = image.sources.isEmpty ? StableHash.digest(fileAt: cover ?? "") : image.src
                }
            }
            return Design(
                title: title, cover: cover, coverVersion: version, background: colour ?? settings.cardBackground,
                alt: cover == nil ? title : (alt ?? title))
        }
        let siteCard = design(title: config.title, src: nil, alt: nil, colour: nil)
        var designs: [String: Design] = [:]
        for route in routes ?? site.routes where route.template != nil {
            switch route.subject {
            case .article(let index):
                let article = site.articles[index]
                designs[route.path] = design(
                    title: article.document.title, src: article.document.cover?.src, alt: article.document.cover?.alt,
                    colour: article.category?.colour)
            case .page(let index):
                let document = site.pages[index].document
                designs[route.path] = design(title: document.title, src: document.cover?.src, alt: document.cover?.alt, colour: nil)
            case .catalogItem(let catalogIndex, let itemIndex):
                let catalog = site.catalogs[catalogIndex]
                let item = catalog.items[itemIndex]
                let image = catalog.fields.indices.first { catalog.fields[$0].type == .image && !item.values[$0].isNull }
                    .flatMap { item.values[$0].displayKey }
                designs[route.path] = design(title: item.title, src: image, alt: nil, colour: nil)
            case .notFound:
                continue
            default:
                designs[route.path] = siteCard
            }
        }
        // Each page's card key, hashed once and on every core (11,000 pages at 10,000 articles).
        let designed = designs
        let paths = Array(designed.keys)
        let keys = Dictionary(uniqueKeysWithValues: zip(paths, parallelMap(paths) { key(designed[$0] ?? siteCard, config) }))
        var byKey: [StableDigest: Design] = [:]
        for (path, cardKey) in keys where byKey[cardKey] == nil { byKey[cardKey] = designs[path] }
        let unique = byKey
        let made = parallelMap(unique.keys.sorted { $0.hex < $1.hex }) { cardKey -> (StableDigest, OutputFile?) in
            let output = "\(folder)/\(cardKey.hex.prefix(16)).jpg"
            if let file = cache.card(key: cardKey.hex) {
                return (cardKey, OutputFile(path: output, contents: .copy(file), knownDigest: cardKey))
            }
            guard let design = unique[cardKey] else { return (cardKey, nil) }
            let drawn = ImageLibrary.socialCard(
                coverAt: design.cover, title: design.title, siteTitle: config.title, background: design.background,
                text: settings.cardText)
            guard case .success(let data) = drawn else { return (cardKey, nil) }
            guard let stored = cache.storeCard(data, key: cardKey.hex) else { return (cardKey, OutputFile(path: output, contents: .bytes(data))) }
            return (cardKey, OutputFile(path: output, contents: .copy(stored), knownDigest: cardKey))
        }
        let files = made.compactMap(\.1)
        let sources = Dictionary(made.compactMap { key, file in file.map { (key, "/" + $0.path) } }, uniquingKeysWith: { first, _ in first })
        var cards: [String: SiteImage] = [:]
        for (path, design) in designs {
            guard let cardKey = keys[path], let src = sources[cardKey] else { continue }
            cards[path] = SiteImage(src: src, width: SocialCard.width, height: SocialCard.height, alt: design.alt)
        }
        return (cards, files)
    }

    private static func key(_ design: Design, _ config: SiteConfig) -> StableDigest {
        StableDigest(
            of: ["card 2", design.title, config.title, design.background, config.images.cardText, design.coverVersion].joined(separator: "\n"))
    }
}
