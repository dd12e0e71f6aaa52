import XCTest
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport
import PinStore
import PinmapCoreTestSupport

/// The Timeline's pin list scrolls with its cursor at any count.
final class TimelineScrollTests: XCTestCase {
    private func state(pins: Int) -> AppState {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        s.feed(.timeline(.restarted(newestPinDay: "2026-12-01", today: Date())))  // opens on that day
        s.feed(.showTab(.timeline))
        let dayPins: [Pin] = (0..<pins).map { (i: Int) -> Pin in
            let created = String(format: "2026-12-01T%02d:%02d:00Z", i / 60 % 24, i % 60)
            return Pin(id: Int64(i + 1), title: "Pin \(i)", latitude: 0, longitude: 0, createdAt: created, updatedAt: "")
        }
        s.feed(.timeline(.loaded(s.timelineRequest, .success(TimelineDay(dayCounts: [:], dayPins: dayPins)))))
        return s
    }

    private var list: (first: Int, count: Int) { TimelineView.pinRows(area: Layout(cols: 100, rows: 30).timelineArea) }

    private func press(_ key: Key, _ times: Int = 1, _ s: inout AppState) {
        for _ in 0..<times { _ = s.update(.input(.key(key)), now: 0) }
    }

    func testJScrollsTheListAndTheCursorStaysOnScreen() {
        var s = state(pins: 62_310)
        let rows = list.count
        XCTAssertGreaterThan(rows, 0)
        press(.char("j"), rows + 4, &s)
        XCTAssertEqual(s.timeline.cursor, rows + 4)
        let last = s.render()
        XCTAssertEqual(last.line(list.first + rows - 1), "   00:\(String(format: "%02d", rows + 4))  Pin \(rows + 4)",
                       "the cursor's pin is on the last row")
        XCTAssertEqual(last.line(list.first), "   00:05  Pin 5", "the list scrolled by 5")
        press(.char("k"), 2, &s)
        XCTAssertEqual(s.render().line(list.first), "   00:05  Pin 5", "k inside the window does not scroll")
        press(.end, 1, &s)
        XCTAssertEqual(s.render().line(list.first + rows - 1), "   06:29  Pin 62309", "End: the last pin")
        press(.home, 1, &s)
        XCTAssertEqual(s.timeline.cursor, 0)
        XCTAssertEqual(s.render().line(list.first), "   00:00  Pin 0", "Home: back to the top")
    }

    func testAClickAfterScrollingPicksThePinUnderIt() {
        var s = state(pins: 100)
        press(.char("j"), list.count + 9, &s)
        _ = s.update(.input(.mouse(MouseEvent(.press, .left, col: 10, row: list.first))), now: 0)
        XCTAssertEqual(s.timeline.cursor, 10, "the top row shows Pin 10")
    }

    /// The wheel over the pin list moves the cursor 3 pins and scrolls with it; over the
    /// calendar it does nothing. It did nothing anywhere on the tab.
    func testTheWheelOverThePinListScrollsIt() {
        var s = state(pins: 100)
        let rows = list.count
        let wheel = { (button: MouseButton, row: Int, s: inout AppState) in
            _ = s.update(.input(.mouse(MouseEvent(.press, button, col: 10, row: row))), now: 0)
        }
        wheel(.wheelDown, 2, &s)
        XCTAssertEqual(s.timeline.cursor, 0, "over the calendar: nothing")
        for _ in 0..<(rows / 3 + 2) { wheel(.wheelDown, list.first, &s) }
        let down = 3 * (rows / 3 + 2)
        XCTAssertEqual(s.timeline.cursor, down)
        let frame = s.render()
        let row = { (i: Int) in String(format: "   %02d:%02d  Pin %d", i / 60, i % 60, i) }
        XCTAssertEqual(frame.line(list.first + rows - 1), row(down), "the cursor's pin is on the last row")
        XCTAssertEqual(frame.line(list.first), row(down - rows + 1))
        wheel(.wheelUp, list.first, &s)
        XCTAssertEqual(s.timeline.cursor, down - 3)
        for _ in 0..<50 { wheel(.wheelUp, list.first, &s) }
        XCTAssertEqual(s.timeline.cursor, 0, "stops at the first pin")
        XCTAssertEqual(s.render().line(list.first), "   00:00  Pin 0")
        for _ in 0..<50 { wheel(.wheelDown, list.first, &s) }
        XCTAssertEqual(s.timeline.cursor, 99, "stops at the last pin")
    }

    /// Enter, j/k, Home and End on a day read as empty say so on the status line; they were
    /// silent. Not on a day with pins, nor before the day is read.
    func testEnterOnADayWithoutPinsSaysSo() {
        var s = state(pins: 0)
        let statusRow = Layout(cols: 100, rows: 30).rows - 2
        for key in [Key.enter, .char("j"), .char("k"), .home, .end] {
            press(key, 1, &s)
            XCTAssertEqual(s.render().line(statusRow), " medium · 0 of 0 pins in view   2026-12-01: no pins", "after \(key)")
        }
        press(.right, 1, &s)  // 2026-12-02, not read yet
        press(.enter, 1, &s)
        XCTAssertNil(s.feedback.message)
        var full = state(pins: 3)
        press(.char("j"), 1, &full)
        XCTAssertNil(full.feedback.message)
        XCTAssertEqual(full.timeline.cursor, 1)
    }

    /// A title longer than the row is cut with "…" before the edge (in ASCII with "~"), as
    /// the list and the detail page cut it; a short one is whole.
    func testALongTitleIsCutWithAnEllipsis() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        s.feed(.timeline(.restarted(newestPinDay: "2026-12-01", today: Date())))
        s.feed(.showTab(.timeline))
        let long = String(repeating: "Long title ", count: 455)  // 5,005 characters
        let dayPins = [Pin(id: 1, title: long, latitude: 0, longitude: 0, createdAt: "2026-12-01T09:30:00Z", updatedAt: ""),
                       Pin(id: 2, title: "Short", latitude: 0, longitude: 0, createdAt: "2026-12-01T10:00:00Z", updatedAt: "")]
        s.feed(.timeline(.loaded(s.timelineRequest, .success(TimelineDay(dayCounts: [:], dayPins: dayPins)))))
        let frame = s.render()
        XCTAssertEqual(frame.line(list.first), "   09:30  " + String(long.prefix(85)) + "…")
        XCTAssertEqual(frame.line(list.first + 1), "   10:00  Short")
        var ascii = AppState(cols: 100, rows: 30, ascii: true, color: false, reducedMotion: true)
        ascii.feed(.timeline(.restarted(newestPinDay: "2026-12-01", today: Date())))
        ascii.feed(.showTab(.timeline))
        ascii.feed(.timeline(.loaded(ascii.timelineRequest, .success(TimelineDay(dayCounts: [:], dayPins: dayPins)))))
        XCTAssertEqual(ascii.render().line(list.first), "   09:30  " + String(long.prefix(85)) + "~")
    }
}
