import Foundation
import MastheadContent
import MastheadRender
import MastheadSite

/// The routes `masthead build` renders when database rows alone changed since the last build
/// (`BuildRequest.redraw`): those showing a document that reads them (its page, and the
/// lists, neighbours and feeds showing its card), the pages whose template shows a named chart
/// when site.yml's charts read them, and the files written by code. Every other page is the
/// last build's file, kept: the same inputs, options and day give it the same bytes.
enum RedrawnRoutes {
    /// `readers`: the files reading the changed rows. nil when one of them is neither a document
    /// nor site.yml (a catalog's `blocks:`, shown by pages of its own): then every route renders.
    static func split(_ site: Site, templates: TemplateSet, readers: Set<String>, documents: Set<String>) -> (
        render: [Route], keep: [Route]
    )? {
        let chartsChanged = readers.contains(SiteFolders.siteConfig)
        guard readers.subtracting([SiteFolders.siteConfig]).isSubset(of: documents) else { return nil }
        let articles = Set(site.articles.indices.filter { readers.contains(site.articles[$0].document.sourcePath) })
        let pages = Set(site.pages.indices.filter { readers.contains(site.pages[$0].document.sourcePath) })
        let shown = RouteFingerprints(site: site, templates: templates, inputs: "")
        var render: [Route] = []
        var keep: [Route] = []
        for route in site.routes {
            let redrawn: Bool =
                if route.template == nil {
                    true
                } else if chartsChanged, let template = route.template, templates.showingNamedCharts.contains(template) {
                    true
                } else if case .page(let index) = route.subject {
                    pages.contains(index)
                } else {
                    !articles.isEmpty && shown.shows(route.subject, anyOf: articles)
                }
            if redrawn { render.append(route) } else { keep.append(route) }
        }
        return (render, keep)
    }
}
