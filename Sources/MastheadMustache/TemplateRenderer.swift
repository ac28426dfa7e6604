import Foundation
import MastheadSupport

/// A value a template looks names up in (`{{site.title}}`): every `TemplateValue`, and a
/// dictionary keyed by name (the fuzz targets render those).
package protocol TemplateParent {
    func child(_ name: TemplateSymbol) -> Any?
}

extension TemplateParent {
    /// By text, for code outside templates (tests).
    package func child(named name: String) -> Any? { child(TemplateSymbol(name)) }
}

extension Dictionary: TemplateParent where Key == String {
    package func child(_ name: TemplateSymbol) -> Any? { self[name.name] }
}

/// A value a section shows once per element: an array, a set, a reversed array.
package protocol TemplateList {
    var isEmptyList: Bool { get }
    func forEachElement(_ body: (_ element: Any, _ isLast: Bool) -> Void)
}

extension Array: TemplateList {
    package var isEmptyList: Bool { isEmpty }
    package func forEachElement(_ body: (Any, Bool) -> Void) {
        for index in indices { body(self[index], index == count - 1) }
    }
}

extension Set: TemplateList {
    package var isEmptyList: Bool { isEmpty }
    package func forEachElement(_ body: (Any, Bool) -> Void) {
        for (offset, element) in enumerated() { body(element, offset == count - 1) }
    }
}

extension ReversedCollection: TemplateList {
    package var isEmptyList: Bool { isEmpty }
    package func forEachElement(_ body: (Any, Bool) -> Void) {
        var left = count
        for element in self {
            left -= 1
            body(element, left == 0)
        }
    }
}

/// Renders parsed templates with swift-mustache 2's rules (Masthead's themes are written in
/// its dialect; `TemplateEngineTests` compares the two). Written for Masthead because the
/// library spent about two microseconds on each name a page looks up (eight dynamic casts,
/// a `split` on dots, a new copy of the section stack at each section): with hundreds of
/// names per page, that was 40% of a build's CPU. Here names are split when the template is
/// read, a section's value is classified once when it is entered, and the page renders into
/// one string. Lambdas (closures as values) are not supported: no template value is one.
package struct TemplateRenderer: Sendable {
    package let templates: [String: ParsedTemplate]
    /// Where a render that ran past `limits` is recorded: the build reports it as an error.
    package var overruns = TemplateOverruns()
    package var limits = Limits()

    package init(templates: [String: ParsedTemplate]) {
        self.templates = templates
    }

    /// What one render may do. Sections over lists nested in one another multiply: three
    /// levels over 1,000 articles are a billion copies of the innermost, which would run for
    /// hours or fill the memory. Real pages are far smaller: lists and archives are paginated,
    /// and the largest page of the 10,000-article benchmark is 93 KB (the tags index).
    package struct Limits: Sendable, Equatable {
        /// Tags and texts rendered.
        package var steps = 50_000_000
        /// Bytes written.
        package var bytes = 128 << 20
    }

    /// Nil when there is no template of that name. A render past its limits stops there,
    /// is recorded in `overruns`, and gives what it had written.
    package func render(_ values: Any, template name: String) -> String? {
        guard let template = templates[name] else { return nil }
        var state = State(stack: [Frame(values)])
        var output = ""
        render(template, context: Context(), state: &state, into: &output)
        if let overrun = state.overrun { overruns.record(TemplateOverrun(template: name, kind: overrun, limits: limits)) }
        return output
    }

    /// The section values entered, innermost last, and what the render has used of its limits.
    private struct State {
        var stack: [Frame]
        var steps = 0
        var bytes = 0
        var overrun: TemplateOverrun.Kind?
    }

    /// What a template renders in besides the section values.
    private struct Context {
        /// Added at the start of each line: a standalone partial's line's, and its parents'.
        var indentation = ""
        /// The blocks the parents being filled in replace, the outermost parent's first.
        var overrides: [String: ParsedTemplate]?
        var escapesHTML = true
        /// In a section over a list, right inside it.
        var position: ListPosition?

        func partial(indentation extra: String?, overrides added: [String: ParsedTemplate]?) -> Context {
            var context = self
            if let extra { context.indentation += extra }
            if let added { context.overrides = overrides.map { $0.merging(added) { kept, _ in kept } } ?? added }
            context.escapesHTML = true
            context.position = nil
            return context
        }
    }

    /// A section's value, classified once when the section is entered.
    private enum Frame {
        case parent(any TemplateParent)
        /// A string, number or flag: no names inside.
        case leaf(Any)
        /// Anything else: its stored properties by name (the tuples `enumerated` makes).
        case other(Any)

        init(_ value: Any) {
            switch ValueKind(value) {
            case .parent(let parent): self = .parent(parent)
            case .leaf, .flag: self = .leaf(value)
            case .list, .null, .other: self = .other(value)
            }
        }

        var value: Any {
            switch self {
            case .parent(let parent): parent
            case .leaf(let value), .other(let value): value
            }
        }

        func child(_ name: TemplateSymbol) -> Any? {
            switch self {
            case .parent(let parent): parent.child(name)
            case .leaf: nil
            case .other(let value): TemplateRenderer.reflectedChild(name.name, of: value)
            }
        }
    }

    /// What a value is to a template. The runtime's casts from `Any` are slow when they fail
    /// (a failed `is NSNull` tries to bridge the value to an object), and most values fail
    /// most tests: their types are compared first, and only a value of another type is cast.
    private enum ValueKind {
        case flag(Bool)
        case null
        /// A string or number.
        case leaf
        case parent(any TemplateParent)
        case list(any TemplateList)
        case other

        init(_ value: Any) {
            let type = Swift.type(of: value)
            if type == String.self || type == Int.self || type == Double.self || type == Substring.self {
                self = .leaf
            } else if type == Bool.self {
                self = .flag(value as! Bool)
            } else if type == NSNull.self {
                self = .null
            } else if let parent = value as? any TemplateParent {
                self = .parent(parent)
            } else if let list = value as? any TemplateList {
                self = .list(list)
            } else if let flag = value as? Bool {
                // A value wrapped in an optional: the runtime's casts see through it.
                self = .flag(flag)
            } else if value is String || value is Int || value is Double || value is Substring {
                self = .leaf
            } else if value is NSNull {
                self = .null
            } else {
                self = .other
            }
        }
    }

    private func render(_ template: ParsedTemplate, context: Context, state: inout State, into output: inout String) {
        var context = context
        if context.indentation.isEmpty {
            for token in template.tokens { render(token, context: &context, state: &state, into: &output) }
            return
        }
        // Each token that starts a line gets the indentation first.
        let indentation = context.indentation
        let start = output.utf8.count
        for token in template.tokens {
            var piece = ""
            render(token, context: &context, state: &state, into: &piece)
            if !piece.isEmpty, Self.endsLine(output, after: start) { output += indentation }
            output += piece
        }
    }

    private func render(_ token: TemplateToken, context: inout Context, state: inout State, into output: inout String) {
        // Once over, every token returns here: the loops still open end after one pass each.
        guard state.overrun == nil else { return }
        state.steps += 1
        if state.steps > limits.steps {
            state.overrun = .steps
            return
        }
        if state.bytes > limits.bytes {
            state.overrun = .bytes
            return
        }
        switch token {
        case .text(let text):
            output += text
            state.bytes += text.utf8.count
        case .variable(let name, let escaped):
            guard let value = resolve(name, context: context, stack: state.stack), let text = Self.text(of: value) else { return }
            let shown = escaped && context.escapesHTML ? HTMLEscaping.escape(text) : text
            output += shown
            state.bytes += shown.utf8.count
        case .section(let name, let body):
            renderSection(resolve(name, context: context, stack: state.stack), body: body, context: context, state: &state, into: &output)
        case .invertedSection(let name, let body):
            renderInverted(resolve(name, context: context, stack: state.stack), body: body, context: context, state: &state, into: &output)
        case .blockExpansion(let name, let fallback, let indentation):
            var inner = context
            inner.indentation += indentation
            inner.position = nil
            render(context.overrides?[name] ?? fallback, context: inner, state: &state, into: &output)
        case .partial(let name, let indentation, let overrides):
            guard let template = templates[name] else { return }
            render(template, context: context.partial(indentation: indentation, overrides: overrides), state: &state, into: &output)
        case .dynamicPartial(let name, let indentation, let overrides):
            guard let partial = resolve(name, context: context, stack: state.stack) as? String, let template = templates[partial] else { return }
            render(template, context: context.partial(indentation: indentation, overrides: overrides), state: &state, into: &output)
        case .escaping(let escapes):
            context.escapesHTML = escapes
        case .blockDefinition:
            // Only inside a parent's tag, where the parser keeps it as an override.
            break
        }
    }

    private func renderSection(_ value: Any?, body: ParsedTemplate, context: Context, state: inout State, into output: inout String) {
        guard let value else { return }
        var inner = context
        inner.position = nil
        let frame: Frame
        switch ValueKind(value) {
        case .flag(let flag):
            if flag { render(body, context: context, state: &state, into: &output) }
            return
        case .null:
            return
        case .list(let list):
            var position = ListPosition()
            list.forEachElement { element, isLast in
                position.last = isLast
                inner.position = position
                state.stack.append(Frame(element))
                render(body, context: inner, state: &state, into: &output)
                state.stack.removeLast()
                position.first = false
                position.index += 1
            }
            return
        case .parent(let parent): frame = .parent(parent)
        case .leaf: frame = .leaf(value)
        case .other: frame = .other(value)
        }
        state.stack.append(frame)
        render(body, context: inner, state: &state, into: &output)
        state.stack.removeLast()
    }

    private func renderInverted(_ value: Any?, body: ParsedTemplate, context: Context, state: inout State, into output: inout String) {
        guard let value else {
            render(body, context: context, state: &state, into: &output)
            return
        }
        switch ValueKind(value) {
        case .null:
            render(body, context: context, state: &state, into: &output)
        case .flag(let flag):
            if !flag { render(body, context: context, state: &state, into: &output) }
        case .list(let list) where list.isEmptyList:
            // An empty list shows the section, with the list as its value.
            var inner = context
            inner.position = nil
            state.stack.append(.other(value))
            render(body, context: inner, state: &state, into: &output)
            state.stack.removeLast()
        case .list, .leaf, .parent, .other:
            break
        }
    }

    /// The value a name stands for, its transforms applied; nil when there is none.
    private func resolve(_ name: TemplateName, context: Context, stack: [Frame]) -> Any? {
        let innermost = stack[stack.count - 1]
        var value: Any?
        switch name.anchor {
        case .current:
            value = innermost.value
        case .position:
            value = context.position
        case .innermost:
            value =
                name.parts.isEmpty
                ? innermost.value : innermost.child(name.parts[0]).flatMap { Self.descend(name.parts.dropFirst(), from: $0) }
        case .enclosing:
            guard let first = name.parts.first else {
                value = innermost.value
                break
            }
            for frame in stack.reversed() {
                if let child = frame.child(first) {
                    value = Self.descend(name.parts.dropFirst(), from: child)
                    break
                }
            }
        }
        guard var value else { return nil }
        for transform in name.transforms.reversed() {
            guard let transformed = (value as? any TemplateTransformable)?.transform(transform) else { return nil }
            value = transformed
        }
        return value
    }

    /// `a.b.c` past its first part.
    private static func descend(_ parts: ArraySlice<TemplateSymbol>, from value: Any) -> Any? {
        var value = value
        for part in parts {
            if let parent = value as? any TemplateParent {
                guard let child = parent.child(part) else { return nil }
                value = child
            } else {
                guard let child = reflectedChild(part.name, of: value) else { return nil }
                value = child
            }
        }
        return value
    }

    /// A stored property by its name, found by reflection.
    fileprivate static func reflectedChild(_ name: String, of value: Any) -> Any? {
        guard let child = Mirror(reflecting: value).children.first(where: { $0.label == name }) else { return nil }
        let mirror = Mirror(reflecting: child.value)
        guard mirror.displayStyle == .optional else { return child.value }
        return mirror.children.first?.value
    }

    /// How `{{name}}` shows a value; nil for `NSNull`, which shows nothing.
    private static func text(of value: Any) -> String? {
        let type = Swift.type(of: value)
        if type == String.self { return value as? String }
        if type == Int.self { return (value as? Int).map { String($0) } }
        if type == NSNull.self { return nil }
        if let string = value as? String { return string }
        if let number = value as? Int { return String(number) }
        if value is NSNull { return nil }
        // An optional inside the value shows what it holds.
        if let optional = value as? any OptionalValue, let wrapped = optional.wrapped { return String(describing: wrapped) }
        return String(describing: value)
    }

    /// Whether the text written since `start` ends with a line break ("\r\n" is one character, not "\n").
    private static func endsLine(_ output: String, after start: Int) -> Bool {
        let bytes = output.utf8
        guard bytes.count > start, bytes.last == UInt8(ascii: "\n") else { return false }
        guard bytes.count - 1 > start else { return true }
        return bytes[bytes.index(bytes.endIndex, offsetBy: -2)] != UInt8(ascii: "\r")
    }
}

private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { self.map { $0 } }
}

/// A render stopped at its limits (`TemplateRenderer.Limits`).
package struct TemplateOverrun: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case steps, bytes
    }

    /// The template the render began with: a page's, or a card's.
    package var template: String
    package var kind: Kind
    package var limits: TemplateRenderer.Limits

    package var message: String {
        let what =
            switch kind {
            case .steps: "ran past \(limits.steps.formatted(IntegerFormatStyle<Int>(locale: Locale(identifier: "en")))) tags"
            case .bytes: "wrote more than \(limits.bytes >> 20) MB"
            }
        return "rendering a page with this template \(what) and was stopped: sections over lists nested in one"
            + " another multiply (three levels over 1,000 articles are a billion copies of the innermost)"
    }
}

/// The renders that ran past their limits, shared by the threads that render a build's pages.
package final class TemplateOverruns: Sendable {
    private let recorded = Locked<[TemplateOverrun]>([])

    package func record(_ overrun: TemplateOverrun) {
        recorded.withLock { if !$0.contains(overrun) { $0.append(overrun) } }
    }

    /// Those recorded since the last call, by template; the record starts empty again.
    package func take() -> [TemplateOverrun] {
        recorded.withLock { recorded in
            defer { recorded = [] }
            return recorded.sorted { $0.template < $1.template }
        }
    }
}
