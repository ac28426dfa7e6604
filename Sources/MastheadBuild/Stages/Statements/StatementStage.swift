import MastheadRender
import MastheadReports
import MastheadSite
import MastheadSupport

/// Stage 3a, member statements (after resolve, before errors stop the build): with `statements.enabled`, one
/// private page per member, drawn from the statistics with the `statement` template ([docs/reports.md]). Files
/// only, never routes, so never linked or listed; a statement may not take the path of a route.
///
/// No patch: what a statement shows (the statistics, site.yml, the templates) is never patched in, and a saved
/// article or page changes no statement, so a patch keeps the last build's statement files as they are.
enum StatementStage {
    static func run(_ parsed: ParsedContent, site: Site, templates: TemplateSet, diagnostics: inout [Diagnostic]) -> [OutputFile] {
        let (files, problems) = parsed.primary.reports.statementFiles(site: site, templates: templates)
        diagnostics += problems
        return files
    }
}
