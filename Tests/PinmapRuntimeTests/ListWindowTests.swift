import XCTest
import Frame
import GeoMap
import PinModel
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// With many pins in view a view load reads only the list rows on screen plus a page
/// (`AppState.listWindow`) and the rest as the list scrolls. Whatever the keys, the
/// rows, their order and the selection must be those of the whole list read at once
/// (the newest 500 pins in view, by SQL here).
final class ListWindowTests: XCTestCase {
    /// 3,000 pins around Seoul, all in view; every tenth shares its creation time
    /// with the one before, so the id breaks ties.
    private func runner() throws -> AppRunner {
        let store = try Store.inMemory()
        try store.beginBulkInsert()
        try store.transaction {
            let inserter = try PinInserter(store: store)
            for i in 0..<3_000 {
                let t = i % 10 == 9 ? i - 1 : i
                let p = NewPin(title: "pin \(i)", category: ["cafe", "park"][i % 2],
                               latitude: 37.50 + Double(i % 60) * 0.002, longitude: 126.90 + Double(i / 60) * 0.003,
                               createdAt: String(format: "2024-%02d-%02dT%02d:%02d:00Z", 1 + t / 1440 % 12, 1 + t / 60 % 24,
                                                 t / 60 % 24, t % 60))
                try inserter.insert(p, batchID: nil)
            }
        }
        try store.endBulkInsert()
        let vp = Viewport(center: GeoPoint(latitude: 37.56, longitude: 126.97), zoom: 300)
        return try UIFixtures.runner(over: store, cols: 100, rows: 30, detent: .medium, viewport: vp)
    }

    /// The whole list for the view the list was read for, by SQL.
    private func wholeList(_ r: AppRunner) throws -> [Int64] {
        let q = try XCTUnwrap(r.state.list.source)
        return try r.sqlite.pins(matching: PinQuery(boxes: q.boxes, order: .newest, limit: 500)).map(\.id)
    }

    func testAViewReadsTheRowsOnScreenAndAPageYetHoldsTheWholeList() throws {
        let r = try runner()
        XCTAssertEqual(r.state.list.inViewCount, 3_000)
        let whole = try wholeList(r)
        XCTAssertEqual(whole.count, 500)
        // Medium at 30 rows shows 9 list rows: 10 + as many again are read.
        XCTAssertEqual(r.state.visibleListRows, 9)
        XCTAssertEqual(r.state.list.pins.count, 20)
        XCTAssertEqual(r.state.list.count, 500)
        XCTAssertEqual(r.state.list.pins.map(\.id), Array(whole.prefix(20)))
        // Raising the sheet reads the rows it now shows, and as many again.
        r.char("L")
        XCTAssertEqual(r.state.visibleListRows, 20)
        XCTAssertEqual(r.state.list.pins.count, 40)
        XCTAssertEqual(r.state.list.pins.map(\.id), Array(whole.prefix(40)))
        let sheet = r.state.layout.sheetRect(height: r.state.sheet.height)
        let titles = try r.sqlite.pins(ids: Array(whole.prefix(20))).map(\.title)
        for row in 0..<20 {
            XCTAssertTrue(r.line(sheet.y + 2 + row).hasPrefix((row == 0 ? " ◉ " : " • ") + titles[row] + " "), r.line(sheet.y + 2 + row))
        }
        XCTAssertEqual(r.line(sheet.y + 1), "▸ Pins in view: 500 of 3000 · newest first")
    }

    func testWalkingPagingAndEndSelectTheWholeListsRows() throws {
        let r = try runner()
        var whole = try wholeList(r)
        // The first row is selected by itself (the list has the focus); j walks the list as
        // read (the map follows the selection; the list is not read again).
        XCTAssertEqual(r.state.list.selectedID, whole[0])
        for i in 1..<120 {
            r.char("j")
            XCTAssertEqual(r.state.list.selectedID, whole[i], "j #\(i)")
            XCTAssertEqual(r.state.list.cursor, i)
        }
        XCTAssertGreaterThan(r.state.list.pins.count, 120)
        XCTAssertEqual(r.state.list.pins.map(\.id), Array(whole.prefix(r.state.list.pins.count)))
        var index = 119
        for _ in 0..<20 {
            r.key(.pageDown)
            index = min(499, index + r.state.visibleListRows - 1)
            XCTAssertEqual(r.state.list.selectedID, whole[index], "PgDn to \(index)")
        }
        r.key(.home)
        XCTAssertEqual(r.state.list.selectedID, whole[0])
        r.key(.end)
        XCTAssertEqual(r.state.list.selectedID, whole[499])
        XCTAssertEqual(r.state.list.cursor, 499)
        XCTAssertEqual(r.state.list.pins.map(\.id), whole)
        // A view read with the last row selected keeps it selected at its row.
        r.reloadView(list: true)
        whole = try wholeList(r)
        let at = try XCTUnwrap(whole.firstIndex(of: whole[499]))
        XCTAssertEqual(r.state.list.cursor, at)
        XCTAssertEqual(r.state.list.selectedPin?.id, whole[499])
        XCTAssertEqual(r.state.list.pins.map(\.id), Array(whole.prefix(r.state.list.pins.count)))
    }

    func testTheWheelScrollsThroughTheWholeListsRows() throws {
        let r = try runner()
        let whole = try wholeList(r)
        let titles = try r.sqlite.pins(ids: whole).map(\.title)
        let first = r.state.layout.sheetRect(height: r.state.sheet.height).y + SheetView.headerRows
        for step in 1...60 {
            r.mouse(.press, .wheelDown, col: 10, row: first + 1)
            XCTAssertEqual(r.state.list.scroll, min(3 * step, 500 - r.state.visibleListRows))
            for row in 0..<r.state.visibleListRows {
                let line = r.line(first + row)
                XCTAssertTrue(line.hasPrefix(" • " + titles[r.state.list.scroll + row] + " "), "step \(step) row \(row): \(line)")
            }
        }
    }
}
