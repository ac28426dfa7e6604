import Foundation

/// `format: duration`: a number of minutes written as months, days and hours, a month
/// being 30 days ("2 months, 3 days, 4 hours"; "2 mesi, 3 giorni, 4 ore"). Parts that
/// are zero are left out; zero itself is "0 hours".
package struct DurationFormat: Sendable {
    /// Singular and plural of month, day and hour.
    let month: (String, String)
    let day: (String, String)
    let hour: (String, String)
    let format: ChartFormatter

    package init(format: ChartFormatter) {
        self.format = format
        switch format.locale.language.languageCode?.identifier {
        case "it":
            month = ("mese", "mesi")
            day = ("giorno", "giorni")
            hour = ("ora", "ore")
        case "fr":
            month = ("mois", "mois")
            day = ("jour", "jours")
            hour = ("heure", "heures")
        case "de":
            month = ("Monat", "Monate")
            day = ("Tag", "Tage")
            hour = ("Stunde", "Stunden")
        case "es":
            month = ("mes", "meses")
            day = ("día", "días")
            hour = ("hora", "horas")
        default:
            month = ("month", "months")
            day = ("day", "days")
            hour = ("hour", "hours")
        }
    }

    /// Minutes rounded to the nearest hour, then split into months, days and hours; nil
    /// when the hours are past what can be counted (a block reports that as an error).
    package func string(minutes: Double) -> String? {
        guard let totalHours = (abs(minutes) / 60).roundedInt() else { return nil }
        let parts = [(totalHours / (30 * 24), month), (totalHours % (30 * 24) / 24, day), (totalHours % 24, hour)]
        var words = parts.filter { $0.0 > 0 }.map { count, names in "\(format.number(Double(count), fraction: 0)) \(count == 1 ? names.0 : names.1)" }
        if words.isEmpty { words = ["0 \(hour.1)"] }
        return (minutes < 0 && totalHours > 0 ? "−" : "") + words.joined(separator: ", ")
    }
}
