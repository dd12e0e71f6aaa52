import Foundation

/// A day of the proleptic Gregorian calendar in UTC, as the Timeline counts days: its
/// number since 1970-01-01 and its year, month and day.
///
/// Plain arithmetic (H. Hinnant's `days_from_civil` and `civil_from_days`) instead of
/// Foundation's `Calendar`: a `Calendar` looks up the system time zone through ICU when it
/// is made, which loads ICU's zone tables (about 2 M instructions and 2 MiB of resident
/// pages) at every start, although the Timeline only ever needs UTC days.
struct GregorianDay: Equatable {
    var year: Int, month: Int, day: Int

    /// The day `year`-`month`-`day`; a month or day out of range carries into the next
    /// (or previous) ones, as `Calendar.date(from:)` does (month 13 of 2026 is January 2027,
    /// day 0 the last day of the month before).
    init(year: Int, month: Int, day: Int) {
        self.init(daysSince1970: GregorianDay.daysSince1970(year: year, month: month, day: day))
    }

    /// The day that holds `date` (UTC).
    init(_ date: Date) {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        self.init(daysSince1970: days.isFinite ? Int(Swift.min(Swift.max(days, -400_000_000), 400_000_000)) : 0)
    }

    /// The day `days` after 1970-01-01 (negative: before it).
    init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097                                         // [0, 146096]
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365  // [0, 399]
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)                   // [0, 365], from 1 March
        let mp = (5 * doy + 2) / 153                                        // [0, 11], March = 0
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to `year`-`month`-`day` (month and day may be out of range).
    /// A store's nonsense date (year 99999999999) cannot overflow: years are taken within
    /// ±1,000,000, months and days within ±100,000,000.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = Swift.min(Swift.max(year, -1_000_000), 1_000_000)
        let month = Swift.min(Swift.max(month, -100_000_000), 100_000_000)
        let day = Swift.min(Swift.max(day, -100_000_000), 100_000_000)
        let months = year * 12 + (month - 1)
        let y0 = months >= 0 ? months / 12 : (months - 11) / 12
        let m = months - y0 * 12 + 1                                         // 1...12
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468 + (day - 1)
    }

    var daysSince1970: Int { GregorianDay.daysSince1970(year: year, month: month, day: day) }

    /// Days in the month (28–31).
    var daysInMonth: Int {
        GregorianDay.daysSince1970(year: year, month: month + 1, day: 1) - GregorianDay.daysSince1970(year: year, month: month, day: 1)
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    var weekdayFromMonday: Int { ((daysSince1970 + 3) % 7 + 7) % 7 }
}
