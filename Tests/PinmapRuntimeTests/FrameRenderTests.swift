import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class FrameRenderTests: XCTestCase {
    func testMapFrameHasTabBarGrabberStatusAndPins() throws {
        let r = try UIFixtures.runner()
        let f = r.frame()
        XCTAssertEqual(f.width, 100); XCTAssertEqual(f.height, 30)
        let tabBar = f.line(29)
        for t in ["1 Map", "2 Timeline", "3 Import", "4 Settings"] { XCTAssertTrue(tabBar.contains(t), tabBar) }
        // Medium on 100×30: travel 28 rows, sheet height from the layout.
        let h = DetentLayout(travel: 28).height(of: .medium)
        let grabberRow = 28 - h
        XCTAssertTrue(f.line(grabberRow).contains("━━━━━━━━"), f.line(grabberRow))
        XCTAssertTrue(f.line(28).hasPrefix(" medium · 5 of 5 pins in view"), f.line(28))
        XCTAssertTrue(f.text().contains("전쟁기념관"))
        XCTAssertTrue(f.line(grabberRow + 1).contains("Pins in view: 5"), f.line(grabberRow + 1))
        // Newest first: Busan Tower (2023-07-01) is the first list row.
        XCTAssertTrue(f.line(grabberRow + 2).contains("Busan Tower"), f.line(grabberRow + 2))
        XCTAssertTrue(f.line(grabberRow + 2).contains("2023-07-01"))
    }

    func testKoreanTitleRowLinesUpWithOthers() throws {
        let r = try UIFixtures.runner()
        let f = r.frame()
        let rows = (0..<f.height).filter { f.line($0).contains("전쟁기념관") || f.line($0).contains("Garosu-gil coffee") }
        XCTAssertEqual(rows.count, 2)
        // The category column starts at the same screen column on both rows.
        func col(of s: String, row: Int) -> Int? {
            (0..<f.width).first { x in f[x, row].text == String(s.first!) && f.line(row).contains(s) && {
                var t = ""; var c = x
                while t.count < s.count && c < f.width { if !f[c, row].isContinuation { t += f[c, row].text }; c += 1 }
                return t == s
            }() }
        }
        XCTAssertEqual(col(of: "museum", row: rows[0]) ?? -1, col(of: "cafe", row: rows[1]) ?? -2)
    }

    func testTooSmallNoticeAndRecovery() throws {
        let r = try UIFixtures.runner()
        r.handle(.input(.resize(cols: 10, rows: 4)), now: 0)
        XCTAssertTrue(r.text.contains("too small"), r.text)
        r.handle(.input(.resize(cols: 1, rows: 1)), now: 0)
        XCTAssertEqual(r.frame().width, 1)
        r.handle(.input(.resize(cols: 100, rows: 30)), now: 0)
        XCTAssertTrue(r.line(29).contains("Settings"))
        XCTAssertEqual(r.state.sheet.detent, .medium)
    }

    func testTabsByKeyAndClick() throws {
        let r = try UIFixtures.runner()
        r.char("2"); XCTAssertEqual(r.state.tab, .timeline)
        XCTAssertTrue(r.text.contains("July 2023"), r.text)
        r.key(.tab); XCTAssertEqual(r.state.tab, .importer)
        r.key(.backTab); r.key(.backTab); XCTAssertEqual(r.state.tab, .map)
        r.mouse(.press, col: 90, row: 29); r.mouse(.release, col: 90, row: 29)
        XCTAssertEqual(r.state.tab, .settings)
        XCTAssertTrue(r.text.contains("path     :memory:"), r.text)
    }

    func testHelpListsBindingsAndClosesOnAnyKey() throws {
        let r = try UIFixtures.runner()
        r.char("?")
        let t = r.text
        XCTAssertTrue(t.contains("raise the sheet one detent"), t)
        XCTAssertFalse(t.contains("quit"), "the keys that work everywhere come after the Map tab's")
        r.key(.pageDown); r.key(.pageDown)
        XCTAssertTrue(r.state.feedback.showHelp, "PgDn scrolls")
        XCTAssertTrue(r.text.contains("quit"), r.text)
        r.char("x")
        XCTAssertFalse(r.state.feedback.showHelp)
        XCTAssertFalse(r.state.quit)
    }

    func testQuitKeys() throws {
        let r = try UIFixtures.runner()
        r.char("q"); XCTAssertTrue(r.state.quit)
        let r2 = try UIFixtures.runner()
        r2.key(.ctrl("c")); XCTAssertTrue(r2.state.quit)
    }

    func testEscapeSequenceInTitleRendersAsPlaceholders() throws {
        let evil = NewPin(title: "evil\u{1B}[2Jtitle\u{07}", category: "x", latitude: 37.5, longitude: 127)
        let r = try UIFixtures.runner(pins: [evil])
        let t = r.text
        XCTAssertTrue(t.contains("evil␛[2Jtitle␇"), t)
        XCTAssertFalse(t.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
