import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class SheetInteractionTests: XCTestCase {
    /// A runner over 60 pins 0.001° apart (more than any detent lists) at `detent`, the list
    /// focused and `down` rows down, so that it has scrolled.
    private func scrolledList(detent: Detent, down: Int) throws -> AppRunner {
        let many = (0..<60).map {
            NewPin(title: "Pin \($0)", latitude: 37 + Double($0) * 0.001, longitude: 127, createdAt: String(format: "2024-01-%02d", 1 + $0 % 28))
        }
        let r = try UIFixtures.runner(pins: many, detent: detent)
        for _ in 0..<down { r.char("j") }
        XCTAssertGreaterThan(r.state.list.scroll, 0)
        return r
    }

    func testKeysMoveBetweenDetentsAndSayWhenImpossible() throws {
        let r = try UIFixtures.runner(detent: .small)
        XCTAssertEqual(r.state.sheet.detent, .small)
        r.char("K"); XCTAssertEqual(r.state.sheet.detent, .medium)
        r.char("K"); XCTAssertEqual(r.state.sheet.detent, .large)
        r.char("K"); XCTAssertEqual(r.state.sheet.detent, .large)
        XCTAssertEqual(r.state.feedback.message, "The sheet is already large")
        XCTAssertTrue(r.line(28).contains("already large"))
        r.char("J"); XCTAssertEqual(r.state.sheet.detent, .medium)
        r.key(.escape); XCTAssertEqual(r.state.sheet.detent, .small)
        r.char("L"); XCTAssertEqual(r.state.sheet.detent, .large)
        r.char("S"); XCTAssertEqual(r.state.sheet.detent, .small)
        r.char("M"); XCTAssertEqual(r.state.sheet.detent, .medium)
        XCTAssertTrue(r.line(28).hasPrefix(" medium"))
    }

    func testListIsInertAtSmallAndSelectsAtMedium() throws {
        let r = try UIFixtures.runner(detent: .small)
        let before = r.state.map.viewport
        r.key(.pageDown)
        XCTAssertNil(r.state.list.selectedID)
        XCTAssertEqual(r.state.map.viewport, before)
        XCTAssertEqual(r.state.feedback.message, "The list is inert at small: K raises the sheet · m moves focus to the map")
        r.char("K")
        r.handle(.tick, now: 1)
        // Listed rows with the list focused: the first is selected, so Enter would open it.
        XCTAssertEqual(r.state.list.selectedPin?.title, "Busan Tower")
        XCTAssertTrue(r.line(28).contains("Busan Tower"), r.line(28))
        r.char("j")
        XCTAssertEqual(r.state.list.selectedPin?.title, "National Museum of Korea")
        // The map centres the selected pin (in the map area above the sheet).
        let pane = r.state.layout.mapPane
        let cell = r.state.map.viewport.cell(for: GeoPoint(latitude: 37.5240, longitude: 126.9804), pane: pane)
        let visible = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
        XCTAssertEqual(cell.row, Double(visible.height) / 2, accuracy: 1.0)
        XCTAssertEqual(cell.col, Double(pane.width) / 2, accuracy: 1.0)
    }

    func testGrabberDragFollowsRowsAndSettles() throws {
        let r = try UIFixtures.runner(detent: .small)
        let layout = r.state.sheet.layout
        let top = 28 - layout.height(of: .small)
        r.mouse(.press, col: 50, row: top, at: 0)
        r.mouse(.drag, col: 50, row: top - 5, at: 0.05)
        XCTAssertEqual(r.state.sheet.height, layout.height(of: .small) + 5)
        r.mouse(.drag, col: 50, row: 28 - layout.height(of: .large), at: 0.5)
        r.mouse(.release, col: 50, row: 28 - layout.height(of: .large), at: 0.9)
        r.handle(.tick, now: 5)
        XCTAssertEqual(r.state.sheet.detent, .large)
        XCTAssertEqual(r.state.sheet.height, layout.height(of: .large))
    }

    func testClickOnGrabberCycles() throws {
        let r = try UIFixtures.runner(detent: .small)
        var seen: [Detent] = []
        for i in 0..<4 {
            let top = 28 - r.state.sheet.height
            let t = Double(i) * 10
            r.mouse(.press, col: 50, row: top, at: t)
            r.mouse(.release, col: 50, row: top, at: t + 0.05)
            r.handle(.tick, now: t + 5)
            seen.append(r.state.sheet.detent)
        }
        XCTAssertEqual(seen, [.medium, .large, .medium, .small])
    }

    func testDraggingTheGrabberNeverScrollsTheList() throws {
        let r = try scrolledList(detent: .large, down: 30)
        let scroll = r.state.list.scroll, selected = r.state.list.selectedID
        let top = 28 - r.state.sheet.height
        r.mouse(.press, col: 50, row: top, at: 0)
        r.mouse(.drag, col: 50, row: top + 6, at: 0.1)
        r.mouse(.release, col: 50, row: top + 6, at: 0.5)
        r.handle(.tick, now: 5)
        XCTAssertEqual(r.state.list.scroll, scroll)
        XCTAssertEqual(r.state.list.selectedID, selected)
    }

    func testClickOnMapAtLargeLowersToMedium() throws {
        let r = try UIFixtures.runner(detent: .large)
        r.mouse(.press, col: 10, row: 1, at: 0)
        r.mouse(.release, col: 10, row: 1, at: 0.05)
        r.handle(.tick, now: 5)
        XCTAssertEqual(r.state.sheet.detent, .medium)
    }

    func testANewListForAnotherViewLeavesNoBlankRows() throws {
        // Scrolled down without a selection, then zoomed in: the new list starts at its top.
        let many = (0..<60).map {
            NewPin(title: "Pin \($0)", latitude: 37 + Double($0) * 0.001, longitude: 127, createdAt: String(format: "2024-01-%02d", 1 + $0 % 28))
        }
        let r = try UIFixtures.runner(pins: many, detent: .medium)
        r.char("m")  // the list unfocused: nothing is selected by itself
        r.wheelList(down: 17)  // to its last rows
        XCTAssertNil(r.state.list.selectedID)
        XCTAssertGreaterThan(r.state.list.scroll, 40)
        for _ in 0..<12 { r.char("+") }
        XCTAssertLessThan(r.state.list.count, 60)
        XCTAssertEqual(r.state.list.scroll, 0)
        // With the selected pin still listed, the scroll stays unless rows would be blank.
        let s = try scrolledList(detent: .medium, down: 59)
        let selected = s.state.list.selectedID
        for _ in 0..<12 { s.char("+") }
        let rows = s.state.list.count
        XCTAssertLessThan(rows, 60)
        XCTAssertEqual(s.state.list.selectedID, selected)
        XCTAssertEqual(s.state.list.scroll, max(0, rows - s.state.visibleListRows))
        XCTAssertEqual(s.state.list.pins[s.state.list.cursor].id, selected)
    }

    func testResizeKeepsDetentScrollAndSelection() throws {
        let r = try scrolledList(detent: .medium, down: 20)
        let sel = r.state.list.selectedID, scroll = r.state.list.scroll
        for (c, rows) in [(60, 20), (120, 40), (100, 30)] {
            r.handle(.input(.resize(cols: c, rows: rows)), now: 0)
        }
        XCTAssertEqual(r.state.sheet.detent, .medium)
        XCTAssertEqual(r.state.list.selectedID, sel)
        XCTAssertEqual(r.state.list.scroll, scroll)
        XCTAssertEqual(r.state.list.cursor, 20, "the first row was selected, then 20 × j")
    }

    func testDetentPersistsInTheStore() throws {
        let r = try UIFixtures.runner(detent: .medium)
        r.char("L")
        r.handle(.tick, now: 5)
        XCTAssertEqual(try r.store.setting(SettingKey.detent), "large")
        let again = AppRunner(store: r.store, state: AppState(cols: 100, rows: 30, color: false, reducedMotion: true), loadSamples: { 0 })
        XCTAssertEqual(again.state.sheet.detent, .large)
    }
}
