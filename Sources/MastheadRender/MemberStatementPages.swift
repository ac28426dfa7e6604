import Foundation
import MastheadContent
import MastheadReports
import MastheadSite
import MastheadSupport

/// Member statements as pages, drawn after the site is resolved: a statement page takes the
/// values every page receives (`PageContext`) and must not take the path of a route.
extension ReportEngine {
    /// Private member statement pages, when `statements.enabled` is on; otherwise none.
    package func statementFiles(site: Site, templates: TemplateSet) -> ([OutputFile], [Diagnostic]) {
        guard let statements, statements.enabled else { return ([], []) }
        return MemberStatements(config: statements, store: store, format: format).files(site: site, templates: templates)
    }
}

extension MemberStatements {
    /// The pages, rendered with the `statement` template.
    func files(site: Site, templates: TemplateSet) -> ([OutputFile], [Diagnostic]) {
        guard templates.names.contains("statement") else {
            return (
                [],
                [
                    Diagnostic(
                        .error, "missing template 'statement', needed because statements are enabled in site.yml",
                        file: "\(SiteFolders.templates)/statement.mustache")
                ]
            )
        }
        let (statements, diagnostics) = self.statements()
        let context = PageContext(site: site, templates: templates)
        let taken = Set(site.routes.map(\.outputPath))
        var files: [OutputFile] = []
        var problems = diagnostics
        for statement in statements {
            let route = Route(
                kind: .page, subject: .notFound, path: pagePath(Slug.make(statement.id)), source: SiteConfigLoader.path,
                template: "statement")
            if taken.contains(route.outputPath) {
                problems.append(.error("statements: the page for member \(statement.id) would overwrite \(route.path)", at: config.location))
                continue
            }
            let pageValues = context.values(for: route)
            var page = pageValues.page
            page.title = "\(statement.id) · \(site.config.title)"
            page.heading = statement.id
            page.kind = "statement"
            page.noindex = true
            let values = pageValues.replacing(page: page, body: StatementPageValues(statement: self.values(statement)))
            files.append(OutputFile(path: route.outputPath, contents: .bytes(Data((templates.render(values, template: "statement") ?? "").utf8))))
        }
        return (files, problems)
    }
}
