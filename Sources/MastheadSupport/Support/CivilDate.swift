/// The calendar date of a day counted from 1970-01-01 (proleptic Gregorian), computed directly
/// (Howard Hinnant's civil_from_days) because a date formatter per value is slow at 100,000 rows.
package struct CivilDate: Equatable {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPosition = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthPosition + 2) / 5 + 1
        month = monthPosition < 10 ? monthPosition + 3 : monthPosition - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
