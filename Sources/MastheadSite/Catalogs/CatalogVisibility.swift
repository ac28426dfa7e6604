import Foundation
import MastheadContent
import MastheadSupport

/// `visible: { from: start, until: end }`: when a catalog item is shown, as Hugo's
/// `publishDate` and `expiryDate` are for content. An item is on the site from its `from`
/// moment up to the end of its `until` day: a date (`2027-03-31`, midnight in the site's time
/// zone) runs through that whole day; a full time (`2027-03-31T18:00:00+02:00`) ends then.
/// An empty field leaves that side open.
package struct CatalogVisibilityWindow: Sendable, Hashable {
    /// The first moment the item is shown; nil: always was.
    package var start: Date?
    /// The first moment it is no longer shown; nil: never leaves.
    package var end: Date?

    package init(from: Date?, until: Date?, timeZone: TimeZone) {
        start = from
        end = until.map { Self.endOfDay($0, timeZone: timeZone) }
    }

    package func contains(_ now: Date) -> Bool {
        (start.map { $0 <= now } ?? true) && (end.map { now < $0 } ?? true)
    }

    /// A date at midnight (a day as written) ends at the next midnight; any other time ends at itself.
    static func endOfDay(_ date: Date, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        guard parts.hour == 0, parts.minute == 0, parts.second == 0, (parts.nanosecond ?? 0) == 0 else { return date }
        return calendar.date(byAdding: .day, value: 1, to: date) ?? date.addingTimeInterval(86_400)
    }
}

/// A moment an item of a catalog with `visible:` appears or leaves by itself: what
/// `masthead status` names, so a scheduled rebuild happens then.
package struct CatalogVisibilityChange: Sendable, Hashable {
    package enum Kind: String, Sendable {
        /// The item's `from` moment: it appears.
        case start
        /// The moment after its `until` day: it leaves.
        case end
    }

    /// The catalog's name in site.yml (`missions`).
    package var catalog: String
    package var key: String
    package var title: String
    package var kind: Kind
    package var date: Date
    /// The item's row (CSV) or line (JSON, YAML).
    package var location: SourceLocation

    /// `Content/catalogs/missions.csv:4: missions 'caffe-estate' starts`.
    package var description: String {
        "\(location.file):\(location.line ?? 1): \(catalog) '\(key)' \(kind == .start ? "starts" : "ends")"
    }
}

package enum CatalogSchedule {
    /// Every start and end after `now` of the catalogs' items (shown now or not), earliest
    /// first; ties by file and line.
    package static func changes(in catalogs: [Catalog], after now: Date) -> [CatalogVisibilityChange] {
        catalogs.flatMap(\.visibilityChanges).filter { $0.date > now }.sorted {
            ($0.date, $0.location.file, $0.location.line ?? 0, $0.kind.rawValue) < (
                $1.date, $1.location.file, $1.location.line ?? 0, $1.kind.rawValue
            )
        }
    }
}
