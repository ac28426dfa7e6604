/// A Mustache template read into tokens (`TemplateParser`), ready for `TemplateRenderer`.
/// Immutable and shared by the rendering threads.
package final class ParsedTemplate: Sendable {
    package let tokens: [TemplateToken]

    package init(_ tokens: [TemplateToken]) {
        self.tokens = tokens
    }
}

/// One piece of a parsed template. Indirect, so that the renderer's walk over a template
/// copies one reference per token rather than each of its strings and arrays.
package indirect enum TemplateToken: Sendable {
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` and `{{& name}}` (as it is).
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, ParsedTemplate)
    case invertedSection(TemplateName, ParsedTemplate)
    /// `{{$name}}` right inside `{{<parent}}`: the text that replaces the parent's block of that name.
    case blockDefinition(String, ParsedTemplate)
    /// `{{$name}}` elsewhere: a block, shown as the override of that name or as its own text.
    case blockExpansion(String, default: ParsedTemplate, indentation: String)
    /// `{{> name}}` and `{{< parent}}`. The indentation is the line's when the tag stands alone
    /// on it; `overrides` are a parent's blocks.
    case partial(String, indentation: String?, overrides: [String: ParsedTemplate]?)
    /// `{{>*name}}`: the partial's name is the value of `name`.
    case dynamicPartial(TemplateName, indentation: String?, overrides: [String: ParsedTemplate]?)
    /// `{{% CONTENT_TYPE: TEXT}}` turns HTML escaping off for the rest of the template, `HTML` on.
    case escaping(Bool)
}

/// A name as a tag writes it, `uppercased(article.title)`, split once when the template is read.
/// A class: a token holding it is copied with one reference, not two arrays.
package final class TemplateName: Sendable {
    package enum Anchor: Sendable, Equatable {
        /// `.`: the value of the innermost section.
        case current
        /// `first()`: the position in the list a section goes through.
        case position
        /// `.title`: looked up in the innermost section's value only.
        case innermost
        /// `title`, `site.title`: the first part looked up from the innermost section outwards.
        case enclosing
    }

    package let anchor: Anchor
    package let parts: [TemplateSymbol]
    /// As written, outermost first: `uppercased(first(x))` is `["uppercased", "first"]`.
    package let transforms: [String]

    package init(_ name: String, transforms: [String] = []) {
        self.transforms = transforms
        if name == "." {
            anchor = .current
        } else if name.isEmpty, !transforms.isEmpty {
            anchor = .position
        } else {
            anchor = name.first == "." ? .innermost : .enclosing
        }
        parts = name == "." ? [] : name.split(separator: ".").map { TemplateSymbol(String($0)) }
    }
}
