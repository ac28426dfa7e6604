import Foundation
import MastheadSupport

/// A moment the site changes by itself, its files unchanged: an article published or expired at
/// its date, a catalog item appearing or leaving (`visible:`), a weekly featured item rotating.
/// The build's cache is valid until the first one; `masthead status` names them, so a scheduled
/// rebuild happens then and not at every midnight.
package struct ScheduledChange: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Codable {
        /// A document's `publishDate` (or a future `date`): it appears.
        case publish
        /// A document's `expiryDate`: it leaves.
        case expiry
        /// A catalog item's `visible: from`.
        case catalogStart = "catalog-start"
        /// The end of a catalog item's `visible: until`.
        case catalogEnd = "catalog-end"
        /// A catalog with `featured: { rotate: weekly }` features its next item (Monday, midnight).
        case rotation
    }

    package var date: Date
    package var kind: Kind
    /// Relative to the site folder (`Content/articles/moka.md`).
    package var file: String
    /// The catalog item's row or line; nil for a document (its front matter) or a rotation.
    package var line: Int?
    /// The document's title, the catalog item (`missions 'caffe-estate'`) or the catalog.
    package var subject: String

    package init(date: Date, kind: Kind, file: String, line: Int? = nil, subject: String) {
        self.date = date
        self.kind = kind
        self.file = file
        self.line = line
        self.subject = subject
    }

    /// `Content/articles/moka.md: 'Moka' is published`.
    package var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        switch kind {
        case .publish: return "\(place): '\(subject)' is published"
        case .expiry: return "\(place): '\(subject)' expires"
        case .catalogStart: return "\(place): \(subject) appears"
        case .catalogEnd: return "\(place): \(subject) leaves"
        case .rotation: return "\(place): \(subject) features its next item"
        }
    }
}

package enum ScheduledChanges {
    /// How many a build keeps (in its manifest, for `masthead status`).
    package static let kept = 10

    /// Every change after `now`, earliest first (ties by file, line and kind): documents of
    /// every language (published or not), catalog items with `visible:`, and the next Monday's
    /// midnight for a catalog whose featured item rotates weekly. Nothing else in a build
    /// depends on the day, so a site without these never expires.
    package static func upcoming(documents: [Document], catalogs: [Catalog], timeZone: TimeZone, now: Date) -> [ScheduledChange] {
        var changes: [ScheduledChange] = []
        for document in documents {
            if let publish = document.publishDate ?? Optional(document.date), publish > now {
                changes.append(ScheduledChange(date: publish, kind: .publish, file: document.sourcePath, subject: document.title))
            }
            if let expiry = document.expiryDate, expiry > now {
                changes.append(ScheduledChange(date: expiry, kind: .expiry, file: document.sourcePath, subject: document.title))
            }
        }
        for change in CatalogSchedule.changes(in: catalogs, after: now) {
            changes.append(
                ScheduledChange(
                    date: change.date, kind: change.kind == .start ? .catalogStart : .catalogEnd, file: change.location.file,
                    line: change.location.line, subject: "\(change.catalog) '\(change.key)'"))
        }
        for catalog in catalogs where catalog.rotatesWeekly {
            changes.append(
                ScheduledChange(
                    date: nextMonday(after: now, timeZone: timeZone), kind: .rotation, file: catalog.config.file,
                    subject: "catalog '\(catalog.config.name)'"))
        }
        let sorted = changes.sorted {
            ($0.date, $0.file, $0.line ?? 0, $0.kind.rawValue) < ($1.date, $1.file, $1.line ?? 0, $1.kind.rawValue)
        }
        // A catalog read in two languages from one file schedules each change once.
        return zip(sorted.indices, sorted).filter { index, change in index == 0 || sorted[index - 1] != change }.map(\.1)
    }

    /// The midnight that starts the next ISO week in the site's time zone (`FeaturedRotation`).
    static func nextMonday(after now: Date, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.nextDate(
            after: now, matching: DateComponents(hour: 0, minute: 0, second: 0, weekday: 2), matchingPolicy: .nextTime)
            ?? now.addingTimeInterval(7 * 86_400)
    }
}

extension Catalog {
    /// `featured: { rotate: weekly }` with more than one item to rotate through.
    var rotatesWeekly: Bool {
        guard case .weekly = config.featured else { return false }
        return items.count > 1
    }
}
