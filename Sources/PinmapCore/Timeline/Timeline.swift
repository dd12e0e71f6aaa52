import Foundation
import Frame
import PinModel

/// The Timeline tab (Pinit's calendar tab): a month calendar with a marker on
/// each day that has pins, and the pins of the selected day below it.
public struct TimelineState: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Day of month → number of pins created that day (loaded by the runner).
    public var dayCounts: [Int: Int] = [:]
    /// Pins created on the selected day, oldest first (loaded by the runner).
    public var dayPins: [Pin] = []
    public var cursor = 0
    /// First pin shown in the day's list (kept by `follow(rows:)`; 0 after a day change).
    public var scroll = 0
    /// Set when the month or the day changed and data must be loaded.
    public var isStale = true
    /// The month `dayCounts` were read for, and the day `dayPins` were read for (nil: none
    /// read yet). A read that fails (the store unreachable) keeps them, or puts back what
    /// `reads` kept of its month and day, as the map keeps its last view; a day or month
    /// none was read for is drawn as not read, never as empty.
    public var countsRead: TimelineMonth?
    public var pinsRead: String?
    /// The answers read lately, for a read that fails (`readFailed`). A restart to another
    /// day (`AppState.startTimeline`) keeps them.
    var reads = TimelineReads()

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// "YYYY-MM-DD" of the selected day.
    public var dateString: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Days in the current month (Gregorian).
    public var daysInMonth: Int { GregorianDay(year: year, month: month, day: 1).daysInMonth }

    /// Column (0 = Monday) of the first day of the month.
    var firstWeekdayColumn: Int { GregorianDay(year: year, month: month, day: 1).weekdayFromMonday }

    /// Moves the selection by `days` (crossing months as needed).
    mutating func moveDay(by days: Int) {
        select(GregorianDay(daysSince1970: GregorianDay.daysSince1970(year: year, month: month, day: day) + days))
    }

    mutating func moveMonth(by months: Int) {
        let first = GregorianDay(year: year, month: month + months, day: 1)
        year = first.year; month = first.month
        day = min(day, daysInMonth)
        cursor = 0
        isStale = true
    }

    /// Selects the day that holds `date` (UTC).
    mutating func set(_ date: Date) { select(GregorianDay(date)) }

    private mutating func select(_ d: GregorianDay) {
        year = d.year; month = d.month; day = d.day
        cursor = 0
        isStale = true
    }

    /// Handles a Timeline key; returns the pin to jump to for Enter.
    mutating func handle(key: Key) -> Pin? {
        switch key {
        case .left, .char("h"): moveDay(by: -1)
        case .right, .char("l"): moveDay(by: 1)
        case .up: moveDay(by: -7)
        case .down: moveDay(by: 7)
        case .pageUp, .char("<"): moveMonth(by: -1)
        case .pageDown, .char(">"): moveMonth(by: 1)
        case .char("j"): cursor = min(max(0, shownPins.count - 1), cursor + 1)
        case .char("k"): cursor = max(0, cursor - 1)
        case .home: cursor = 0
        case .end: cursor = max(0, shownPins.count - 1)
        case .enter: return shownPins.indices.contains(cursor) ? shownPins[cursor] : nil
        default: break
        }
        return nil
    }

    /// The selected day's pins as read; none while that day is not read (`pinsRead`).
    var shownPins: [Pin] { pinsRead == dateString ? dayPins : [] }

    /// Pins per day of the month on screen; none while that month is not read (`countsRead`).
    var shownCounts: [Int: Int] { countsRead == TimelineMonth(year: year, month: month) ? dayCounts : [:] }

    /// The answer to `request`: shown, with the month and day it was read for, and kept in `reads`.
    mutating func show(_ answer: TimelineDay, readFor request: TimelineRequest) {
        dayCounts = answer.dayCounts
        dayPins = answer.dayPins
        countsRead = TimelineMonth(year: request.year, month: request.month)
        pinsRead = request.day
        reads.keep(answer, for: request)
    }

    /// Reading `request` failed: what `reads` kept of its month and of its day is shown
    /// again (stale is better than blank); what was never read stays not read.
    mutating func readFailed(_ request: TimelineRequest) {
        if let counts = reads.counts(year: request.year, month: request.month) {
            dayCounts = counts
            countsRead = TimelineMonth(year: request.year, month: request.month)
        }
        if let pins = reads.pins(on: request.day) {
            dayPins = pins
            pinsRead = request.day
        }
    }

    /// First pin row shown in a list of `rows` rows: `scroll`, moved just enough to show
    /// the cursor (drawing, clicks and `follow` share it).
    func firstVisiblePin(rows: Int) -> Int { max(0, min(cursor, max(scroll, cursor - max(1, rows) + 1))) }

    /// Keeps the list where it is unless the cursor left it (called after each key).
    mutating func follow(rows: Int) { scroll = firstVisiblePin(rows: rows) }

    /// Widest a day's cell of the calendar grid is, in cells.
    public static let cellWidth = 6
    /// Narrowest: the day's number and its dot (`%3d•`).
    static let narrowestCell = 4

    /// A day's cell width in `area`: six cells, fewer on a narrow terminal, so the seven
    /// weekdays always fit (below 42 columns Saturday and Sunday were cut off, a pin on them
    /// with them, and the selected day could be off screen).
    public static func cellWidth(area: Rect) -> Int { max(narrowestCell, min(cellWidth, area.width / 7)) }

    /// The day under a click at (`col`, `row`), if any.
    func day(atCol col: Int, row: Int, area: Rect) -> Int? {
        let grid = TimelineView.gridOrigin(area: area)
        let c = (col - grid.x) / TimelineState.cellWidth(area: area), r = row - grid.y
        guard col >= grid.x, c >= 0, c < 7, r >= 0, r < 6 else { return nil }
        let d = r * 7 + c - firstWeekdayColumn + 1
        return (1...daysInMonth).contains(d) ? d : nil
    }
}

/// A month of the Timeline: the one its dots were read for (`TimelineState.countsRead`).
public struct TimelineMonth: Sendable, Equatable {
    public var year: Int, month: Int
    public init(year: Int, month: Int) { self.year = year; self.month = month }
}

/// Draws the Timeline tab.
public enum TimelineView {
    static var monthNames: [String] { S.tlMonths.text.split(separator: " ").map(String.init) }

    /// The screen cell (column, row) of the month grid's top-left corner in `area`.
    public static func gridOrigin(area: Rect) -> (x: Int, y: Int) {
        let width = 7 * TimelineState.cellWidth(area: area)
        return (area.x + max(0, (area.width - width) / 2), area.y + 3)
    }

    /// `filtered`: the map has a category filter, which the Timeline does not apply (it
    /// counts every pin of a day): the row under the title says so.
    static func draw(_ t: TimelineState, area: Rect, filtered: Bool = false, into screen: inout Screen, ascii: Bool, theme: Theme) {
        let title = S.tlMonthTitle(monthNames[max(0, min(11, t.month - 1))], t.year)
        screen.putCentered("‹  " + title + "  ›", in: Rect(x: area.x, y: area.y, width: area.width, height: 1), style: theme.title)
        if filtered && area.height > 1 {
            let note = TextWrap.middle(S.tlAllCategories.text, to: area.width, ascii: ascii)
            screen.putCentered(note, in: Rect(x: area.x, y: area.y + 1, width: area.width, height: 1), style: theme.muted)
        }
        let g = gridOrigin(area: area), cell = TimelineState.cellWidth(area: area)
        for (i, name) in S.tlWeekdays.text.split(separator: " ").enumerated() {
            screen.put(" " + name, col: g.x + i * cell, row: g.y - 1, style: theme.muted)
        }
        for d in 1...t.daysInMonth {
            let idx = d - 1 + t.firstWeekdayColumn
            let col = g.x + (idx % 7) * cell, row = g.y + idx / 7
            let count = t.shownCounts[d] ?? 0
            let mark = count == 0 ? " " : (ascii ? "*" : "•")
            let text = String(format: "%3d", d) + mark
            let style = d == t.day ? theme.selectedRow : (count > 0 ? theme.checked : .plain)
            screen.put(text, col: col, row: row, style: style)
        }
        drawDayPins(t, area: area, top: g.y + 7, into: &screen, ascii: ascii, theme: theme)
    }

    /// Screen row of the first pin in the day's list, and how many pin rows fit in `area`
    /// (its last row is the tab's hint line: TabHintView).
    public static func pinRows(area: Rect) -> (first: Int, count: Int) {
        let first = gridOrigin(area: area).y + 8
        return (first, max(0, area.maxY - 1 - first))
    }

    private static func drawDayPins(_ t: TimelineState, area: Rect, top: Int, into screen: inout Screen, ascii: Bool, theme: Theme) {
        guard top < area.maxY else { return }
        let pins = t.shownPins
        // A day not read yet is said so (on its way, or its read failed: the status line says why).
        let head = t.pinsRead != t.dateString ? (t.isStale ? S.tlReading(t.dateString) : S.tlNotRead(t.dateString))
            : pins.isEmpty ? S.tlNoPins(t.dateString)
            : pins.count == 1 ? S.tlOnePin(t.dateString) : S.tlPins(t.dateString, pins.count)
        // Cut with "…" on a narrow terminal, not at the edge mid-word ("Enter sh").
        screen.put("  " + DisplayWidth.truncate(head, to: max(1, area.width - 2), ascii: ascii), col: area.x, row: top, style: theme.title)
        let list = pinRows(area: area), start = t.firstVisiblePin(rows: list.count)
        for i in pins.indices.dropFirst(start) {
            let p = pins[i], row = top + 1 + i - start
            guard row < list.first + list.count else { break }
            let style = i == t.cursor ? theme.selectedRow : .plain
            let time = p.createdAt.count >= 16 ? String(p.createdAt.dropFirst(11).prefix(5)) : ""
            // A title too long for the row is cut with "…", as the list and the detail page cut it.
            let lead = "   \(time)  "
            let room = max(1, area.width - 2 - DisplayWidth.of(lead) - 2)
            let title = DisplayWidth.truncate(SafeText.sanitize(p.title, ascii: ascii), to: room, ascii: ascii)
            screen.put(lead + title + "  ", col: area.x, row: row, style: style, maxWidth: area.width - 2)
        }
    }
}
