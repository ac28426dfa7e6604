import Foundation
import MastheadBuild

/// A test site with one `prizes` catalog and templates that print what catalog tests look for.
package enum CatalogFixture {
    package static let templates: [String: String] = TestSite.minimalTemplates.merging([
        "catalog-index": """
        {{<base}}{{$main}}<h1>{{catalog.label}}</h1>\
        {{#facet}}<p class="facet">{{field}}={{label}} [{{lower}},{{upper}}) {{count}}</p>{{/facet}}\
        {{#items}}<a class="item" href="{{url}}">{{key}}</a>\n{{/items}}\
        {{#pagination}}<nav>{{#pages}}<a href="{{url}}">{{number}}</a>{{/pages}}</nav>{{/pagination}}{{/main}}{{/base}}
        """,
        "catalog-item": """
        {{<base}}{{$main}}{{#item}}<h1>{{title}}</h1>{{#fields}}<p class="field">{{name}}: {{value}} [{{raw}}]</p>\n{{/fields}}\
        {{#facetLinks.category}}<a class="facet" href="{{url}}">{{label}}</a>{{/facetLinks.category}}{{/item}}{{/main}}{{/base}}
        """,
        "home": """
        {{<base}}{{$main}}{{#catalogs.prizes.featured}}<p class="featured">{{key}}</p>{{/catalogs.prizes.featured}}\
        {{#catalogs.prizes.items}}<span data-points="{{raw.points}}">{{points}}</span>{{/catalogs.prizes.items}}\
        {{#catalogs.prizes.facets}}<ul class="facet-{{field}}">\
        {{#values}}<li><a href="{{url}}">{{label}}</a> {{count}}</li>{{/values}}</ul>{{/catalogs.prizes.facets}}\
        {{/main}}{{/base}}
        """
    ]) { _, new in new }

    /// site.yml with a prizes catalog; `declaration` replaces the default declaration lines.
    package static func config(_ declaration: String = defaultDeclaration) -> String {
        TestSite.minimalConfig + "\ncatalogs:\n  prizes:\n"
            + declaration.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    package static let defaultDeclaration = """
        file: catalogs/prizes.csv
        key: key
        title: title
        label: Prizes
        schema:
          key: { type: string, required: true }
          title: { type: string, required: true }
          category: string
          points: { type: integer, required: true }
          expiry: date
        sort: points
        permalink: /prizes/:key/
        pageSize: 2
        facets:
          - { field: category }
          - { field: points, bands: [0, 500, 1000] }
        """

    package static func site(csv: String, declaration: String = defaultDeclaration) throws -> TestSite {
        let site = try TestSite(config: config(declaration), templates: templates)
        try site.write("Content/catalogs/prizes.csv", csv)
        return site
    }

    /// The templates of `CatalogRelationsTests` (MastheadSiteTests), which `OneFaultOneErrorTests` uses too.
    package static let relationTemplates = TestSite.minimalTemplates.merging([
        "catalog-index": "{{<base}}{{$main}}{{#items}}<a href=\"{{url}}\">{{title}}</a>{{/items}}{{/main}}{{/base}}",
        "film": """
        {{<base}}{{$main}}{{#item}}<h1>{{title}}</h1>
        <p class="seasons">{{referencedCount.seasons}} seasons:\
        {{#referencedBy.seasons}} <a href="{{url}}">{{title}}</a> ({{number}}){{/referencedBy.seasons}}</p>
        <p class="fans">{{#referencedBy.members}} {{key}}{{/referencedBy.members}}\
        {{^referencedBy.members}}No fans yet{{/referencedBy.members}} [{{referencedCount.members}}]</p>
        <p class="nested">{{#referencedBy.seasons}}{{#refs}}nested refs!{{/refs}}{{/referencedBy.seasons}}</p>
        {{/item}}{{/main}}{{/base}}
        """,
        "season": """
        {{<base}}{{$main}}{{#item}}<h1>{{title}}</h1>\
        <p class="series">{{#refs.series}}<a href="{{url}}">{{title}}</a> ({{year}}, {{raw.year}}){{/refs.series}}</p>\
        {{/item}}{{/main}}{{/base}}
        """,
        "member": """
        {{<base}}{{$main}}{{#item}}<ul>{{#refs.favourites}}<li><a href="{{url}}">{{title}}</a></li>{{/refs.favourites}}</ul>{{/item}}\
        {{/main}}{{/base}}
        """,
        "home": """
        {{<base}}{{$main}}{{#catalogs.seasons.items}}<p class="season">{{key}} of {{refs.series.title}}</p>{{/catalogs.seasons.items}}\
        {{/main}}{{/base}}
        """
    ]) { _, new in new }
}
