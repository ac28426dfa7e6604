import Foundation
import MastheadMustache
import MastheadSite
import MastheadSupport

/// The filter form of a catalog with `filter:` (`{{{catalog.filter}}}`), and the script that runs
/// it. The form is `hidden` until the script shows it: without JavaScript the facet pages are
/// the way in. The script reads every item from the catalog's data file (`CatalogFilterData`).
struct CatalogFilterForm {
    let controls: CatalogFilterControls
    let config: SiteConfig
    let words: CatalogWords.FilterWords
    /// The extra order whose pages these are: results keep its order.
    let order: CatalogOrderConfig?

    var html: String {
        let catalog = controls.catalog.config
        let id = "filter-" + Slug.make(catalog.name)
        var html = "<form class=\"catalog-filter\" id=\"\(id)\" data-catalog-filter=\"\(escape(dataURL))\""
        if let order { html += " data-order=\"\(escape(order.slug))\"" }
        html += " hidden aria-labelledby=\"\(id)-title\">\n"
        html += "<h2 class=\"catalog-filter-title\" id=\"\(id)-title\">\(escape(words.title))</h2>\n"
        html += "<div class=\"catalog-filter-controls\">\n"
        for control in controls.controls {
            let fieldID = "\(id)-\(Slug.make(control.field.name))"
            switch control.kind {
            case .range: html += range(control, id: fieldID)
            case .choice: html += choice(control)
            case .date: html += date(control, id: fieldID)
            }
        }
        html += "</div>\n"
        html += "<p class=\"catalog-filter-actions\"><button type=\"reset\" class=\"catalog-filter-reset\">\(escape(words.reset))</button></p>\n"
        html += "<p class=\"catalog-filter-status\" aria-live=\"polite\"></p>\n"
        html += "</form>\n"
        html += "<script src=\"\(escape(config.link(forPath: CatalogFilterAssets.scriptPath)))\" defer></script>"
        return html
    }

    /// The data file's URL: beside the catalog's index.
    private var dataURL: String { config.link(forPath: CatalogFilterData.path(controls.catalog.config)) }

    /// Two range inputs over the positions of the distinct values (so every step is a value some
    /// item has, and values crowded at one end get as much track as the rest), stacked on one track.
    private func range(_ control: CatalogFilterControls.Control, id: String) -> String {
        let last = max(0, control.steps.count - 1)
        let label = control.field.label
        let first = control.stepLabels.first ?? ""
        let final = control.stepLabels.last ?? ""
        var html = "<fieldset class=\"catalog-filter-range\" data-kind=\"range\" data-field=\"\(escape(control.field.name))\""
        html += " data-params=\"\(escape(control.parameters.joined(separator: " ")))\">\n"
        html += "<legend>\(escape(label))</legend>\n"
        html += "<p class=\"catalog-filter-range-text\"><output id=\"\(id)-text\">\(escape(first)) – \(escape(final))</output></p>\n"
        html += "<div class=\"catalog-filter-slider\">\n"
        for (end, value, text) in [("min", 0, first), ("max", last, final)] {
            let name = end == "min" ? words.minimum : words.maximum
            html +=
                "<input type=\"range\" class=\"catalog-filter-\(end)\" id=\"\(id)-\(end)\" min=\"0\" max=\"\(last)\" step=\"1\" value=\"\(value)\""
            html += " aria-label=\"\(escape(label)): \(escape(name))\" aria-valuetext=\"\(escape(text))\">\n"
        }
        html += "</div>\n"
        // The values at the quarters of the track: on this scale they are the quartiles.
        let marks = last == 0 ? [0] : [0, last / 4, last / 2, last * 3 / 4, last]
        var seen: Set<Int> = []
        let scale = marks.filter { seen.insert($0).inserted }.map { "<span>\(escape(control.stepLabels[$0]))</span>" }.joined()
        html += "<p class=\"catalog-filter-scale\" aria-hidden=\"true\">\(scale)</p>\n"
        return html + "</fieldset>\n"
    }

    /// A checkbox per value, all ticked: unticking one leaves its items out.
    private func choice(_ control: CatalogFilterControls.Control) -> String {
        var html = "<fieldset class=\"catalog-filter-choices\" data-kind=\"choice\" data-field=\"\(escape(control.field.name))\""
        html += " data-params=\"\(escape(control.parameters[0]))\">\n"
        html += "<legend>\(escape(control.field.label))</legend>\n"
        for choice in control.choices {
            html += "<label class=\"catalog-filter-chip\"><input type=\"checkbox\" value=\"\(escape(choice.slug))\" checked> "
            html += "\(escape(choice.label)) <span class=\"catalog-filter-count\">\(choice.count)</span></label>\n"
        }
        return html + "</fieldset>\n"
    }

    /// Items dated on or after the chosen day (an expiry still valid that day).
    private func date(_ control: CatalogFilterControls.Control, id: String) -> String {
        var html = "<fieldset class=\"catalog-filter-date\" data-kind=\"date\" data-field=\"\(escape(control.field.name))\""
        html += " data-params=\"\(escape(control.parameters[0]))\">\n"
        html += "<legend>\(escape(control.field.label))</legend>\n"
        html += "<label for=\"\(id)\">\(escape(words.onOrAfter))</label> <input type=\"date\" id=\"\(id)\">\n"
        return html + "</fieldset>\n"
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
