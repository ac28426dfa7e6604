import Foundation
import MastheadContent
import MastheadSupport

/// `email:` in site.yml: the magazine's email edition (docs/email.md). An edition is the
/// articles published in one calendar month (or ISO week) in the site's time zone; the build
/// writes the latest `editions` of them under `/email/SLUG/` as HTML, plain text and `.eml`.
package struct EmailConfig: Sendable {
    package enum Period: String, Sendable {
        case month, week
    }

    package var every: Period = .month
    /// How many of the latest periods with articles get an edition.
    package var editions = 1
    /// The `.eml`'s From: header (`Crema Club <magazine@example.com>`).
    package var from: String
    /// `utm_source` and `utm_medium` added to every link to the site; `utm_campaign` is the edition's slug.
    package var source = "newsletter"
    package var medium = "email"
    /// The largest HTML part, in bytes: Gmail clips a message past about 102 KB.
    package static let sizeLimit = 100 * 1024
    /// Where `email:` is written, for problems with the edition as a whole.
    package var location: SourceLocation

    static let knownKeys = ["every", "editions", "from", "campaign"]

    static func read(_ reader: inout YAMLReader, baseURL: String) -> EmailConfig? {
        reader.mapping("email") { email -> EmailConfig? in
            email.warnAboutUnknownKeys(knownKeys, what: "email")
            let host = URL(string: baseURL)?.host ?? "localhost"
            var config = EmailConfig(from: "no-reply@\(host)", location: email.location)
            if let every = email.string("every") {
                guard let period = Period(rawValue: every) else {
                    email.error("email.every: expected month or week, got \"\(every)\"", at: email.locationOf("every"))
                    return nil
                }
                config.every = period
            }
            if let editions = email.integer("editions", minimum: 1) { config.editions = editions }
            if let from = email.string("from") {
                guard from.contains("@"), !from.contains("\n"), !from.contains("\r") else {
                    email.error(
                        "email.from: expected an address like Crema Club <magazine@example.com>, got \"\(from)\"", at: email.locationOf("from"))
                    return nil
                }
                config.from = from
            }
            _ = email.mapping("campaign") { campaign -> Bool in
                campaign.warnAboutUnknownKeys(["source", "medium"], what: "email.campaign")
                if let source = campaign.string("source") { config.source = source }
                if let medium = campaign.string("medium") { config.medium = medium }
                return true
            }
            return config
        }
    }
}
