import XCTest
import Frame
import GeoMap
import PinModel
import PinModelTesting
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinmapCoreTestSupport

/// The sheet's details at 100×30 (travel 28): a small sheet is all handle, the wheel
/// over the handle does not scroll, a burst read at once keeps its velocity, the header
/// says what a release would do, and the sort says what it shows.
final class SheetDetailTests: XCTestCase {
    private func ev(_ kind: MouseEvent.Kind, _ row: Int, _ button: MouseButton = .left) -> AppEvent {
        .input(.mouse(MouseEvent(kind, button, col: 20, row: row)))
    }

    func testAtSmallTheWholeSheetIsAHandle() throws {
        let r = try UIFixtures.runner(detent: .small)
        let top = r.state.sheetTop
        r.mouse(.press, col: 20, row: top + 2, at: 0)  // a list row, not the grabber
        XCTAssertTrue(r.state.sheet.isDragging)
        r.mouse(.drag, col: 20, row: top - 8, at: 0.5)
        r.mouse(.release, col: 20, row: top - 8, at: 1.5)
        r.handle(.tick, now: 3)
        XCTAssertEqual(r.state.sheet.detent, .medium)
    }

    func testTheWheelOverTheHeaderDoesNotScrollTheList() throws {
        let pins = (1...40).map { NewPin(title: "Pin \($0)", latitude: 37.5 + Double($0) / 1000, longitude: 127,
                                         createdAt: "2024-01-\(String(format: "%02d", $0 % 28 + 1))T00:00:00Z") }
        let r = try UIFixtures.runner(pins: pins, detent: .medium,
                                      viewport: Viewport(center: GeoPoint(latitude: 37.52, longitude: 127), zoom: 256))
        let top = r.state.sheetTop
        r.mouse(.press, .wheelDown, col: 20, row: top + 1)
        XCTAssertEqual(r.state.list.scroll, 0, "over the header")
        r.mouse(.press, .wheelDown, col: 20, row: top + 3)
        XCTAssertEqual(r.state.list.scroll, 3, "over the list")
    }

    func testABurstReadAtOnceKeepsItsVelocity() throws {
        let r = try UIFixtures.runner(detent: .small)
        let top = r.state.sheetTop
        // Press, three rows up, release on the last row: all read in one batch over 0.1 s.
        r.handle([ev(.press, top), ev(.drag, top - 1), ev(.drag, top - 2), ev(.drag, top - 3), ev(.release, top - 3)],
                 from: 0, to: 0.1)
        r.handle(.tick, now: 2)
        XCTAssertEqual(r.state.sheet.detent, .medium, "a flick: at rest, 3 rows up from small would settle back")
        let still = try UIFixtures.runner(detent: .small)
        still.handle([ev(.press, top)], from: 0, to: 0)
        still.handle([ev(.drag, top - 1), ev(.drag, top - 2), ev(.drag, top - 3)], from: 0, to: 0.1)
        still.handle([ev(.release, top - 3)], from: 0.5, to: 0.5)
        still.handle(.tick, now: 2)
        XCTAssertEqual(still.state.sheet.detent, .small, "held still, then released: a placement")
    }

    func testTheGrabberRowNamesTheDetentARelaseWouldSettleOn() throws {
        let r = try UIFixtures.runner(detent: .small)
        let top = r.state.sheetTop
        r.mouse(.press, col: 20, row: top, at: 0)
        r.mouse(.drag, col: 20, row: top - 12, at: 1)
        // 12 rows up in a second: still moving at 12 rows/s, a release would throw it to large.
        XCTAssertTrue(r.line(top - 12).hasPrefix("─ → large "), r.line(top - 12))
        XCTAssertTrue(r.line(28).hasPrefix(" dragging → large"), r.line(28))
        r.mouse(.drag, col: 20, row: top - 12, at: 2)  // held still for a second
        XCTAssertTrue(r.line(top - 12).hasPrefix("─ → medium "), r.line(top - 12))
        XCTAssertFalse(r.text.contains("drag ↑ to open"), "the hint shows only at small, at rest")
    }

    /// A pointer held still sends no motion report: the loop must still tick (`needsTicks`),
    /// so that 100 ms after the last motion the grabber row and the status line name the
    /// detent a release now settles on (a placement), not the throw's.
    func testAGrabberHeldStillWithoutReportsNamesWhereAReleaseNowSettles() throws {
        let r = try UIFixtures.runner(detent: .small)
        let top = r.state.sheetTop
        r.mouse(.press, col: 20, row: top, at: 0)
        r.mouse(.drag, col: 20, row: top - 12, at: 1)
        XCTAssertTrue(r.state.needsTicks, "the loop ticks during a drag, with or without motion")
        r.handle(.tick, now: 1.5)  // what the loop sends while the pointer rests
        let sheet = r.frame().text().components(separatedBy: "\n")[(top - 12)...].joined(separator: "\n")
        XCTAssertEqual(sheet, """
            ─ → medium ────────────────────────────────── ━━━━━━━━ ────────────────────────────────────[Filter]─
              Pins in view: 5 · newest first
             • Busan Tower                                     near Busan, KR           landmark     2023-07-01
             • National Museum of Korea                        near Seoul, KR           museum       2023-06-22
             • 전쟁기념관                                      near Seoul, KR           museum       2023-05-05
             • Hongdae, busking street                         near Seoul, KR           landmark     2023-04-29
             • Garosu-gil coffee                               near Seoul, KR           cafe         2023-03-18








             dragging → medium · 5 of 5 pins in view · [list] · centre open sea · 74N 0E · z1            ? help
                      1 Map                 2 Timeline                3 Import                4 Settings
            """)
    }

    /// At small on a narrow terminal the header's "K or drag ↑ to open the list" shows whole
    /// or not at all: cut at the edge it read "K or" (in Korean "K 또는 ↑로 끌").
    func testTheSmallSheetHintIsWholeOrAbsentOnANarrowTerminal() throws {
        defer { Strings.language = .english }
        var sheets: [String] = []
        for language in [PinmapCore.Language.english, .korean] {
            Strings.language = language
            let r = try UIFixtures.runner(cols: 40, rows: 12, detent: .small)
            let top = r.state.sheetTop
            sheets.append(r.frame().text().components(separatedBy: "\n")[top...].joined(separator: "\n"))
        }
        XCTAssertEqual(sheets[0], """
            ─ small ─────── ━━━━━━━━ ──────[Filter]─
              Pins in view: 5 · newest first
             • Busan Tower        landm… 2023-07-01
             small · 5 of 5 pins in view · z1
              1 Map    2 Timel…  3 Import  4 Setti…
            """)
        XCTAssertEqual(sheets[1], """
            ─ 작게 ──────── ━━━━━━━━ ────────[필터]─
              보이는 핀: 5 · 최신순
             • Busan Tower        landm… 2023-07-01
             작게 · 보이는 핀 5/5개 · [목록] · z1
              1 지도   2 타임…   3 가져…    4 설정
            """)
    }

    func testAboveTheSortLimitTheHeaderSaysTheListIsNewestFirst() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        state.press(.char("s")); state.press(.char("s"))  // newest → name → distance
        XCTAssertEqual(state.list.order, .distance)
        state.receiveView(total: 12_000, inView: 12_000)
        XCTAssertEqual(state.orderLabel, "newest first (over 10000 in view: zoom in to sort by distance from the map centre)")
        state.receiveView(total: 12_000, inView: 9_000)
        XCTAssertEqual(state.orderLabel, "distance from the map centre")
    }
}
