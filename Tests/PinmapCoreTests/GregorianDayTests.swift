import XCTest
import Foundation
@testable import PinmapCore

/// The Timeline's day arithmetic (`GregorianDay`) gives the days, month lengths, weekdays
/// and month moves that Foundation's Gregorian calendar in UTC gives.
final class GregorianDayTests: XCTestCase {
    private let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    /// Every 37th day from 1600 to 2400 (leap centuries 1600, 2000, 2400; common 1700–1900,
    /// 2100–2300), and each day either side of 1970-01-01, against `Calendar`.
    func testDaysAgreeWithFoundationsGregorianCalendar() {
        let first = GregorianDay.daysSince1970(year: 1600, month: 1, day: 1)
        let last = GregorianDay.daysSince1970(year: 2400, month: 12, day: 31)
        XCTAssertEqual(first, -135_140)
        XCTAssertEqual(last, 157_419)
        for n in Array(stride(from: first, through: last, by: 37)) + Array(-3...3) {
            let date = Date(timeIntervalSince1970: Double(n) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let d = GregorianDay(daysSince1970: n)
            XCTAssertEqual([d.year, d.month, d.day], [c.year!, c.month!, c.day!], "day \(n)")
            XCTAssertEqual(d.weekdayFromMonday, (c.weekday! + 5) % 7, "day \(n)")
            XCTAssertEqual(d.daysInMonth, calendar.range(of: .day, in: .month, for: date)!.count, "day \(n)")
            XCTAssertEqual(d.daysSince1970, n)
            XCTAssertEqual(GregorianDay(date.addingTimeInterval(86_399)), d, "the last second of day \(n)")
        }
    }

    func testMonthLengthsAndWeekdays() {
        XCTAssertEqual([2023, 2024, 1900, 2000].map { GregorianDay(year: $0, month: 2, day: 1).daysInMonth }, [28, 29, 28, 29])
        XCTAssertEqual(GregorianDay(year: 2026, month: 12, day: 1).daysInMonth, 31)
        XCTAssertEqual(GregorianDay(year: 2026, month: 12, day: 1).weekdayFromMonday, 1)  // a Tuesday
        XCTAssertEqual(GregorianDay(year: 1970, month: 1, day: 1).weekdayFromMonday, 3)   // a Thursday
    }

    /// Months and days out of range carry over, as `Calendar.date(from:)` does.
    func testOutOfRangeMonthsAndDaysCarryOver() {
        XCTAssertEqual(GregorianDay(year: 2026, month: 13, day: 1), GregorianDay(year: 2027, month: 1, day: 1))
        XCTAssertEqual(GregorianDay(year: 2026, month: 0, day: 1), GregorianDay(year: 2025, month: 12, day: 1))
        XCTAssertEqual(GregorianDay(year: 2026, month: -11, day: 1), GregorianDay(year: 2025, month: 1, day: 1))
        XCTAssertEqual(GregorianDay(year: 2026, month: 3, day: 0), GregorianDay(year: 2026, month: 2, day: 28))
        XCTAssertEqual(GregorianDay(year: 2024, month: 2, day: 30), GregorianDay(year: 2024, month: 3, day: 1))
        XCTAssertEqual(GregorianDay(Date(timeIntervalSince1970: -1)), GregorianDay(year: 1969, month: 12, day: 31))
    }

    /// A store's nonsense newest day neither traps nor hangs: the year is taken at ±1,000,000.
    func testNonsenseDatesAreClampedNotTrapped() {
        XCTAssertEqual(GregorianDay(year: 99_999_999_999_999, month: 1, day: 1), GregorianDay(year: 1_000_000, month: 1, day: 1))
        XCTAssertEqual(GregorianDay(year: 1_000_000, month: 1, day: 1).year, 1_000_000)
        XCTAssertEqual(GregorianDay(year: Int.min, month: Int.max, day: Int.max),
                       GregorianDay(year: -1_000_000, month: 100_000_000, day: 100_000_000))
        XCTAssertEqual(TimelineState(year: Int.max, month: 2, day: 1).daysInMonth, 29)  // 1,000,000 is a leap year
        XCTAssertEqual(GregorianDay(Date(timeIntervalSince1970: .infinity)), GregorianDay(daysSince1970: 0))
    }

    /// The Timeline's moves: days across months and years, months keeping the day where it fits.
    func testTimelineMovesAcrossMonthsAndYears() {
        var t = TimelineState(year: 2024, month: 12, day: 31)
        t.moveDay(by: 1)
        XCTAssertEqual([t.year, t.month, t.day], [2025, 1, 1])
        t.moveDay(by: -7)
        XCTAssertEqual([t.year, t.month, t.day], [2024, 12, 25])
        t = TimelineState(year: 2024, month: 1, day: 31)
        t.moveMonth(by: 1)
        XCTAssertEqual([t.year, t.month, t.day], [2024, 2, 29])
        t.moveMonth(by: -2)
        XCTAssertEqual([t.year, t.month, t.day], [2023, 12, 29])
        XCTAssertEqual(t.firstWeekdayColumn, 4)  // 2023-12-01 was a Friday
        t.set(Date(timeIntervalSince1970: 1_764_979_200))  // 2025-12-06T00:00Z
        XCTAssertEqual([t.year, t.month, t.day], [2025, 12, 6])
    }
}
