import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// Enter on the Timeline selects the pin on the map and scrolls the list to it: a pin
/// past the list's first rows was selected on the map with no `◉` row in sight.
final class TimelineJumpScrollTests: XCTestCase {
    /// 40 pins a metre apart (one street view), one a minute: the Timeline lists the day's
    /// oldest first, the map's list the newest first.
    private let pins = (0..<40).map { i in
        NewPin(title: "Pin \(i)", latitude: 37.5665 + Double(i) * 1e-5, longitude: 126.978,
               createdAt: String(format: "2026-12-01T10:%02d:00Z", i))
    }

    func testTheListScrollsToAPinPastItsFirstRows() throws {
        let r = try UIFixtures.runner(cols: 100, rows: 30, pins: pins)
        r.char("2")
        r.key(.enter)  // the day's oldest pin: the list's last row
        XCTAssertEqual(r.state.list.selectedPin?.title, "Pin 0")
        let lines = r.text.components(separatedBy: "\n")
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("▸ Pins in view") })
        XCTAssertEqual(Array(lines[header...(header + 9)]), ["▸ Pins in view: 40 · newest first"] + (0...8).reversed().map { i in
            (i == 0 ? " ◉ " : " • ") + "Pin \(i)".padding(toLength: 25, withPad: " ", startingAt: 0)
                + "near Seoul, KR".padding(toLength: 61, withPad: " ", startingAt: 0) + "2026-12-01"
        })
    }

    /// A pin past the rows read (a list of 400, 20 rows read): the list reads on and shows it.
    func testTheListReadsOnToAPinPastTheRowsRead() throws {
        let many = (0..<400).map { i in
            NewPin(title: "Pin \(i)", latitude: 37.5665 + Double(i) * 1e-6, longitude: 126.978,
                   createdAt: String(format: "2026-12-01T%02d:%02d:00Z", i / 60, i % 60))
        }
        let r = try UIFixtures.runner(cols: 100, rows: 30, pins: many)
        r.char("2")
        r.key(.enter)
        XCTAssertEqual(r.state.list.selectedPin?.title, "Pin 0")
        let lines = r.text.components(separatedBy: "\n")
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("▸ Pins in view") })
        XCTAssertEqual(lines[header + 9], " ◉ Pin 0                    near Seoul, KR                                               2026-12-01")
        XCTAssertEqual(lines[header + 1], " • Pin 8                    near Seoul, KR                                               2026-12-01")
    }
}
