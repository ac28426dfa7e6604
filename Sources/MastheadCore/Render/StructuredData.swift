import Foundation

/// JSON-LD (schema.org) for a page, from what the build already knows: `Article` for
/// articles, `LocalBusiness` or `Product` for catalog items (`structuredData:` in site.yml),
/// `ItemList` for catalog pages, `WebSite` for the home page and a `BreadcrumbList` on every
/// page. Written as `<script type="application/ld+json">` blocks: `{{{page.jsonLD}}}`.
struct StructuredData {
    let source: TemplateSource

    private var site: Site { source.site }
    private var config: SiteConfig { source.config }

    /// The blocks for a route whose page heading is `heading`; empty for the 404 page.
    func blocks(for route: Route, heading: String) -> String {
        var objects: [[String: Any]] = []
        switch route.subject {
        case .home:
            objects.append([
                "@type": "WebSite", "name": config.title, "url": config.absoluteURL(forPath: config.languagePath("/")), "inLanguage": config.language
            ])
        case .article(let index):
            objects.append(article(site.articles[index]))
        case .catalogIndex(let catalog, let page):
            objects.append(itemList(catalog, items: Array(site.catalogs[catalog].items.indices), page: page))
        case .catalogFacet(let catalog, let facet, let value, let page):
            objects.append(itemList(catalog, items: site.catalogs[catalog].facets[facet].values[value].items, page: page))
        case .catalogOrder(let catalog, let order, let page):
            objects.append(itemList(catalog, items: site.catalogs[catalog].orders[order], page: page))
        case .catalogItem(let catalog, let item):
            if let object = catalogItem(site.catalogs[catalog], item: item) { objects.append(object) }
        default:
            break
        }
        if case .notFound = route.subject { return "" }
        objects.append(breadcrumbs(for: route, heading: heading))
        return objects.map(Self.script).joined(separator: "\n")
    }

    // MARK: - Types

    private func article(_ article: ResolvedArticle) -> [String: Any] {
        let document = article.document
        let published = source.format.rfc3339(document.date)
        var object: [String: Any] = [
            "@type": "Article",
            "headline": String(document.title.prefix(110)),
            "description": document.summary,
            "url": config.absoluteURL(forPath: article.path),
            "mainEntityOfPage": config.absoluteURL(forPath: article.path),
            "datePublished": published,
            "dateModified": published,
            "inLanguage": config.language,
            "publisher": organization
        ]
        if let author = document.author {
            // The site's own byline is the newsroom, not a person.
            object["author"] = [["@type": author == config.author ? "Organization" : "Person", "name": author]]
        } else {
            object["author"] = [organization]
        }
        if let cover = document.cover {
            object["image"] = [source.absoluteImage(cover.src)]
        } else if let video = document.video {
            object["image"] = [video.thumbnailURL]
        }
        if let category = article.category { object["articleSection"] = category.name }
        if !document.tags.isEmpty { object["keywords"] = document.tags.joined(separator: ", ") }
        return object
    }

    private var organization: [String: Any] {
        ["@type": "Organization", "name": config.title, "url": config.absoluteURL(forPath: "/")]
    }

    private func itemList(_ index: Int, items: [Int], page: Pagination) -> [String: Any] {
        let catalog = site.catalogs[index]
        let shown = items[page.range]
        return [
            "@type": "ItemList",
            "name": catalog.config.label,
            "numberOfItems": items.count,
            "itemListElement": shown.enumerated().map { offset, item -> [String: Any] in
                [
                    "@type": "ListItem", "position": page.range.lowerBound + offset + 1,
                    "url": config.absoluteURL(forPath: catalog.items[item].path), "name": catalog.items[item].title
                ]
            }
        ]
    }

    private func catalogItem(_ catalog: Catalog, item index: Int) -> [String: Any]? {
        guard let type = catalog.config.structuredData else { return nil }
        let item = catalog.items[index]
        let zone = config.timeZone
        func text(_ field: String) -> String? {
            guard let position = catalog.fieldIndex(field) else { return nil }
            let value = item.values[position]
            if value.isNull { return nil }
            let text = value.rawText(zone)
            return text.isEmpty ? nil : text
        }
        func number(_ field: String) -> Double? { catalog.fieldIndex(field).flatMap { item.values[$0].number } }
        var object: [String: Any] = ["@type": type.rawValue, "name": item.title, "url": config.absoluteURL(forPath: item.path)]
        switch type {
        case .localBusiness:
            var address: [String: Any] = ["@type": "PostalAddress"]
            for (property, field) in [
                ("streetAddress", "address"), ("addressLocality", "city"), ("addressRegion", "province"), ("postalCode", "postalCode"),
                ("addressCountry", "country")
            ] {
                if let value = text(field) { address[property] = value }
            }
            object["address"] = address
            if let phone = text("tel") ?? text("phone") { object["telephone"] = phone }
            if let email = text("email") { object["email"] = email }
            if let latitude = number("latitude"), let longitude = number("longitude") {
                object["geo"] = ["@type": "GeoCoordinates", "latitude": latitude, "longitude": longitude]
                object["hasMap"] = "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=18/\(latitude)/\(longitude)"
            }
        case .product:
            object["sku"] = item.key
            if let description = text("description") { object["description"] = description }
            if let category = text("category") { object["category"] = category }
            if let image = text("image") { object["image"] = source.absoluteImage(image) }
            // No offer in money: what the item costs in points, and the rest, as properties.
            let described: Set<String> = [catalog.config.key, catalog.config.titleField, "description", "category", "image", Redirects.catalogField]
            object["additionalProperty"] = catalog.fields.enumerated().compactMap { position, field -> [String: Any]? in
                guard !described.contains(field.name), !item.values[position].isNull else { return nil }
                let value: Any = item.values[position].number ?? item.values[position].rawText(zone)
                return ["@type": "PropertyValue", "name": field.name, "value": value]
            }
        }
        return object
    }

    // MARK: - Breadcrumbs

    private func breadcrumbs(for route: Route, heading: String) -> [String: Any] {
        var trail: [(name: String, path: String)] = [(config.title, "/")]
        switch route.subject {
        case .article(let index):
            if let category = source.articleCategory[index] {
                trail.append((site.categories[category].config.name, site.categories[category].path))
            }
        case .yearArchive:
            trail.append((source.labels.articles, config.languagePath(SiteResolver.archivePath)))
        case .monthArchive(let year, _, _):
            trail.append((source.labels.articles, config.languagePath(SiteResolver.archivePath)))
            trail.append((String(site.archive[year].year), site.archive[year].path))
        case .catalogItem(let catalog, _), .catalogFacet(let catalog, _, _, _), .catalogOrder(let catalog, _, _):
            trail.append((site.catalogs[catalog].config.label, site.catalogs[catalog].config.indexPath))
        default:
            break
        }
        if route.path != "/" { trail.append((heading, route.path)) }
        return [
            "@type": "BreadcrumbList",
            "itemListElement": trail.enumerated().map { offset, step -> [String: Any] in
                ["@type": "ListItem", "position": offset + 1, "name": step.name, "item": config.absoluteURL(forPath: step.path)]
            }
        ]
    }

    // MARK: - Writing

    /// One `<script>` block, keys sorted so the bytes are stable; `<` escaped so no text
    /// can close the script or open a comment in it.
    static func script(_ object: [String: Any]) -> String {
        var object = object
        object["@context"] = "https://schema.org"
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "" }
        let json = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
        return "<script type=\"application/ld+json\">\(json)</script>"
    }
}
