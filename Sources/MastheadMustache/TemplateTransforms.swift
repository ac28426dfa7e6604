import Foundation

/// The transforms a tag may apply, `{{uppercased(name)}}`, `{{#first(items)}}`: swift-mustache's
/// set, by the kind of value (docs/templates.md, "Transforms"). Nil when the value has no
/// transform of that name, and the tag then shows nothing.
package protocol TemplateTransformable {
    func transform(_ name: String) -> Any?
}

/// Where a section over a list stands: `{{#first()}}`, `{{#last()}}`, `{{index()}}`, `even()`, `odd()`.
package struct ListPosition: TemplateTransformable {
    package var first = true
    package var last = false
    package var index = 0

    package func transform(_ name: String) -> Any? {
        switch name {
        case "first": first
        case "last": last
        case "index": index
        case "even": index & 1 == 0
        case "odd": index & 1 == 1
        default: nil
        }
    }
}

extension StringProtocol {
    package func transform(_ name: String) -> Any? {
        switch name {
        case "empty": isEmpty
        case "capitalized": capitalized
        case "lowercased": lowercased()
        case "uppercased": uppercased()
        case "reversed": Substring(reversed())
        default: nil
        }
    }
}

extension String: TemplateTransformable {}
extension Substring: TemplateTransformable {}

extension FixedWidthInteger {
    package func transform(_ name: String) -> Any? {
        switch name {
        case "equalzero": self == 0
        case "plusone": self + 1
        case "minusone": self - 1
        case "even": self & 1 == 0
        case "odd": self & 1 == 1
        default: nil
        }
    }
}

extension Int: TemplateTransformable {}
extension Int8: TemplateTransformable {}
extension Int16: TemplateTransformable {}
extension Int32: TemplateTransformable {}
extension Int64: TemplateTransformable {}
extension UInt: TemplateTransformable {}
extension UInt8: TemplateTransformable {}
extension UInt16: TemplateTransformable {}
extension UInt32: TemplateTransformable {}
extension UInt64: TemplateTransformable {}

/// `sorted`, for the collections whose elements can be compared.
private protocol SortableCollection {
    func sortedTransform() -> Any
}

extension Collection {
    fileprivate func collectionTransform(_ name: String) -> Any? {
        switch name {
        case "count": count
        case "empty": isEmpty
        case "sorted": (self as? SortableCollection)?.sortedTransform()
        default: nil
        }
    }
}

extension BidirectionalCollection {
    /// A list's transforms: `first`, `last` and `reversed`, and a collection's.
    fileprivate func listTransform(_ name: String) -> Any? {
        switch name {
        case "first": first
        case "last": last
        case "reversed": reversed()
        default: collectionTransform(name)
        }
    }
}

extension Array: TemplateTransformable {
    package func transform(_ name: String) -> Any? { listTransform(name) }
}

extension ReversedCollection: TemplateTransformable {
    package func transform(_ name: String) -> Any? { listTransform(name) }
}

extension Set: TemplateTransformable {
    package func transform(_ name: String) -> Any? { collectionTransform(name) }
}

extension Dictionary: TemplateTransformable {
    package func transform(_ name: String) -> Any? {
        switch name {
        case "count": count
        case "empty": isEmpty
        case "enumerated": map { (key: $0.key, value: $0.value) }
        case "sorted": (self as? SortableCollection)?.sortedTransform()
        default: nil
        }
    }
}

extension Array: SortableCollection where Element: Comparable {
    fileprivate func sortedTransform() -> Any { sorted() }
}

extension ReversedCollection: SortableCollection where Element: Comparable {
    fileprivate func sortedTransform() -> Any { sorted() }
}

extension Set: SortableCollection where Element: Comparable {
    fileprivate func sortedTransform() -> Any { sorted() }
}

extension Dictionary: SortableCollection where Key: Comparable {
    fileprivate func sortedTransform() -> Any { map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key } }
}
