import MastheadSite
import MastheadSupport

/// JSON-LD (schema.org) for a page, from what the build already knows: `Article` for
/// articles, `LocalBusiness` or `Product` for catalog items (`structuredData:` in site.yml),
/// `ItemList` for catalog pages, `WebSite` for the home page and a `BreadcrumbList` on every
/// page. Written as `<script type="application/ld+json">` blocks: `{{{page.jsonLD}}}`.
struct StructuredData {
    let source: TemplateSource

    private var site: Site { source.site }
    private var config: SiteConfig { source.config }

    /// A JSON object's members, each value already JSON; nil values are left out.
    typealias Object = [(String, String?)]

    /// The blocks for a route whose page heading is `heading`; empty for the 404 page.
    func blocks(for route: Route, heading: String) -> String {
        if case .notFound = route.subject { return "" }
        var objects: [Object] = []
        switch route.subject {
        case .home:
            objects.append([
                ("@type", text("WebSite")), ("name", text(config.title)),
                ("url", text(config.absoluteURL(forPath: config.languagePath("/")))), ("inLanguage", text(config.language))
            ])
        case .article(let index):
            objects.append(article(site.articles[index]))
        case .catalogIndex(let catalog, let page):
            objects.append(itemList(catalog, items: site.catalogs[catalog].items.indices, page: page))
        case .catalogFacet(let catalog, let facet, let value, let page):
            objects.append(itemList(catalog, items: site.catalogs[catalog].facets[facet].values[value].items, page: page))
        case .catalogOrder(let catalog, let order, let page):
            objects.append(itemList(catalog, items: site.catalogs[catalog].orders[order], page: page))
        case .catalogItem(let catalog, let item):
            if let object = catalogItem(site.catalogs[catalog], item: item) { objects.append(object) }
        default:
            break
        }
        objects.append(breadcrumbs(for: route, heading: heading))
        return objects.map(Self.script).joined(separator: "\n")
    }

    private func text(_ value: String) -> String { JSONText.string(value) }

    // MARK: - Types

    private func article(_ article: ResolvedArticle) -> Object {
        let document = article.document
        let published = text(source.format.rfc3339(document.date))
        let url = text(config.absoluteURL(forPath: article.path))
        // The site's own byline is the newsroom, not a person.
        let author = document.author.map { author in
            JSONText.object([("@type", text(author == config.author ? "Organization" : "Person")), ("name", text(author))])
        }
        let image = document.cover.map { source.absoluteImage($0.src) } ?? document.video?.thumbnailURL
        return [
            ("@type", text("Article")),
            ("headline", text(String(document.title.prefix(110)))),
            ("description", text(document.summary)),
            ("url", url),
            ("mainEntityOfPage", url),
            ("datePublished", published),
            ("dateModified", published),
            ("inLanguage", text(config.language)),
            ("author", JSONText.array([author ?? organization])),
            ("publisher", organization),
            ("image", image.map { JSONText.array([text($0)]) }),
            ("articleSection", article.category.map { text($0.name) }),
            ("keywords", document.tags.isEmpty ? nil : text(document.tags.joined(separator: ", ")))
        ]
    }

    private var organization: String {
        JSONText.object([("@type", text("Organization")), ("name", text(config.title)), ("url", text(config.absoluteURL(forPath: "/")))])
    }

    /// `items` is every item of the list (an index's range of all items, not an array of them
    /// on every page), of which the page shows `page.range`.
    private func itemList<Items: RandomAccessCollection<Int>>(_ index: Int, items: Items, page: Pagination) -> Object
    where Items.Index == Int {
        let catalog = site.catalogs[index]
        let shown = items[page.range].enumerated().map { offset, item in
            JSONText.object([
                ("@type", text("ListItem")), ("position", JSONText.number(page.range.lowerBound + offset + 1)),
                ("url", text(config.absoluteURL(forPath: catalog.items[item].path))), ("name", text(catalog.items[item].title))
            ])
        }
        return [
            ("@type", text("ItemList")), ("name", text(catalog.config.label)),
            ("numberOfItems", JSONText.number(items.count)), ("itemListElement", JSONText.array(shown))
        ]
    }

    private func catalogItem(_ catalog: Catalog, item index: Int) -> Object? {
        guard let type = catalog.config.structuredData else { return nil }
        let item = catalog.items[index]
        let zone = config.timeZone
        func value(_ field: String) -> String? {
            guard let position = catalog.fieldIndex(field) else { return nil }
            let value = item.values[position]
            if value.isNull { return nil }
            let text = value.rawText(zone)
            return text.isEmpty ? nil : text
        }
        func number(_ field: String) -> Double? { catalog.fieldIndex(field).flatMap { item.values[$0].number } }
        var object: Object = [("@type", text(type.rawValue)), ("name", text(item.title)), ("url", text(config.absoluteURL(forPath: item.path)))]
        switch type {
        case .localBusiness:
            let address: Object = [
                ("streetAddress", "address"), ("addressLocality", "city"), ("addressRegion", "province"), ("postalCode", "postalCode"),
                ("addressCountry", "country")
            ].map { property, field in (property, value(field).map(text)) }
            object.append(("address", JSONText.object([("@type", text("PostalAddress"))] + address)))
            object.append(("telephone", (value("tel") ?? value("phone")).map(text)))
            object.append(("email", value("email").map(text)))
            if let latitude = number("latitude"), let longitude = number("longitude") {
                object.append(
                    (
                        "geo",
                        JSONText.object([
                            ("@type", text("GeoCoordinates")), ("latitude", JSONText.number(latitude)), ("longitude", JSONText.number(longitude))
                        ])
                    ))
                object.append(("hasMap", text("https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=18/\(latitude)/\(longitude)")))
            }
        case .product:
            object.append(("sku", text(item.key)))
            object.append(("description", value("description").map(text)))
            object.append(("category", value("category").map(text)))
            object.append(("image", value("image").map { text(source.absoluteImage($0)) }))
            // No offer in money: what the item costs in points, and the rest, as properties.
            let described: Set<String> = [catalog.config.key, catalog.config.titleField, "description", "category", "image", Redirects.catalogField]
            let properties = catalog.fields.enumerated().compactMap { position, field -> String? in
                let cell = item.values[position]
                guard !described.contains(field.name), !cell.isNull else { return nil }
                let value = cell.number.map(JSONText.number) ?? text(cell.rawText(zone))
                return JSONText.object([("@type", text("PropertyValue")), ("name", text(field.name)), ("value", value)])
            }
            object.append(("additionalProperty", JSONText.array(properties)))
        }
        return object
    }

    // MARK: - Breadcrumbs

    private func breadcrumbs(for route: Route, heading: String) -> Object {
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
        let steps = trail.enumerated().map { offset, step in
            JSONText.object([
                ("@type", text("ListItem")), ("position", JSONText.number(offset + 1)), ("name", text(step.name)),
                ("item", text(config.absoluteURL(forPath: step.path)))
            ])
        }
        return [("@type", text("BreadcrumbList")), ("itemListElement", JSONText.array(steps))]
    }

    // MARK: - Writing

    /// One `<script>` block, `@context` first, members in a fixed order so the bytes are stable.
    /// `JSONText` escapes `<`, so no text can close the script or open a comment in it.
    static func script(_ object: Object) -> String {
        "<script type=\"application/ld+json\">" + JSONText.object([("@context", "\"https://schema.org\"")] + object) + "</script>"
    }
}
