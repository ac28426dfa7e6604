import Foundation
import MastheadRender
import MastheadSite
import MastheadSupport

/// Stage 4, render: routes into output files, in batches, on every core.
enum RenderStage {
    /// Pages rendered between two hand-overs to a streamed delivery: enough for both cores
    /// to stay busy, few enough not to hold many pages (about 30 KB each) in memory.
    static let batchSize = 512

    /// Renders `routes` (every route of a build; a patch's changed ones). With fingerprints, a
    /// route whose fingerprint is unchanged is not rendered: with the preview's page memory it
    /// keeps its last bytes, and the memory then keeps this render's pages (all of them when
    /// `complete`); with `masthead build`'s last pages it is the last build's file, kept
    /// (`OutputFile.Contents.kept`). Pages handed to a `.streamed` delivery are not returned.
    /// `cardSpill` sets the rendered cards aside past its budget (`PageContext`).
    static func run(
        _ renderer: SiteRenderer, routes: [Route], fingerprints: RouteFingerprints?, memory: PageMemory?,
        lastPages: [String: UInt64]? = nil, complete: Bool, delivery: PageDelivery, cardSpill: TextSpill? = nil,
        progress: (any BuildProgress)? = nil, work: inout BuildResult.Work
    ) throws -> [OutputFile] {
        let context = PageContext(site: renderer.site, templates: renderer.templates, images: renderer.images, cardSpill: cardSpill)
        let fingerprints = memory == nil && lastPages == nil ? nil : fingerprints
        var collected: [OutputFile] = []
        var remembered: [PageMemory.Page] = []
        for start in stride(from: 0, to: routes.count, by: batchSize) {
            let batch = Array(routes[start..<min(start + batchSize, routes.count)])
            let pages = parallelMap(batch) { route -> RenderedPage in
                defer { progress?.advance(by: 1) }
                let fingerprint = fingerprints?.fingerprint(of: route)
                var file: OutputFile
                var data = Data()
                if let fingerprint, let remembered = memory?.page(at: route.outputPath, fingerprint: fingerprint) {
                    data = remembered
                    file = OutputFile(path: route.outputPath, contents: .bytes(data))
                    file.isReused = true
                } else if let fingerprint, lastPages?[route.outputPath] == fingerprint {
                    file = OutputFile(path: route.outputPath, contents: .kept)
                } else {
                    data = renderer.render(route, context: context)
                    file = OutputFile(path: route.outputPath, contents: .bytes(data))
                }
                file.fingerprint = fingerprint
                return RenderedPage(file: file, data: data)
            }
            let reused = pages.filter(\.file.isReused).count
            let kept = pages.filter { if case .kept = $0.file.contents { true } else { false } }.count
            work.reusedPages += reused
            work.keptPages += kept
            work.renderedPages += pages.count - reused - kept
            if memory != nil {
                remembered += pages.compactMap { page in
                    page.file.fingerprint.map { PageMemory.Page(path: page.file.path, fingerprint: $0, data: page.data) }
                }
            }
            switch delivery {
            case .collected: collected += pages.map(\.file)
            case .streamed(let sink): try sink(pages.map(\.file))
            }
        }
        memory?.record(remembered, complete: complete)
        return collected
    }
}

/// A page and its bytes, which the preview's memory keeps (a kept file has none).
private struct RenderedPage: Sendable {
    var file: OutputFile
    var data: Data
}

extension RenderStage {
    /// The routes a patch renders: those showing a changed page or article, feeds included (they are written only
    /// when their bytes change).
    static func routes(showing update: SiteUpdate, in site: Site, fingerprints: RouteFingerprints) -> [Route] {
        // By index, not by element: a closure taking each route would copy every one of them.
        site.routes.indices.filter { index in
            let subject = site.routes[index].subject
            if case .page(let page) = subject { return update.changedPages.contains(page) }
            return !update.changedArticles.isEmpty && fingerprints.shows(subject, anyOf: update.changedArticles)
        }.map { site.routes[$0] }
    }
}
