import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Fitting the map to the pins.
final class FitTests: XCTestCase {
    static let worldPins = [
        NewPin(title: "Seoul", latitude: 37.57, longitude: 126.98, createdAt: "2024-01-01T00:00:00Z"),
        NewPin(title: "Reykjavik", latitude: 64.15, longitude: -21.94, createdAt: "2024-01-02T00:00:00Z"),
        NewPin(title: "Ushuaia", latitude: -54.80, longitude: -68.30, createdAt: "2024-01-03T00:00:00Z"),
        NewPin(title: "Honolulu", latitude: 21.31, longitude: -157.86, createdAt: "2024-01-04T00:00:00Z"),
        NewPin(title: "Auckland", latitude: -36.85, longitude: 174.76, createdAt: "2024-01-05T00:00:00Z"),
        NewPin(title: "Longyearbyen", latitude: 78.22, longitude: 15.65, createdAt: "2024-01-06T00:00:00Z"),
    ]

    /// The cells (col, row) of `pins` on the map now.
    private func cells(_ r: AppRunner, _ pins: [NewPin]) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for p in pins {
            let c = r.state.map.viewport.cell(for: GeoPoint(latitude: p.latitude, longitude: p.longitude), pane: r.state.layout.mapPane)
            out[p.title] = [Int(c.col.rounded(.down)), Int(c.row.rounded(.down))]
        }
        return out
    }

    /// F fits every pin into the visible map above the sheet, one cell in from its edges.
    func testFitShowsEveryPinAboveTheSheet() throws {
        for (cols, rows, detent) in [(100, 30, Detent.large), (100, 30, .medium), (80, 24, .medium), (200, 60, .small)] {
            let r = try UIFixtures.runner(cols: cols, rows: rows, pins: FitTests.worldPins, detent: detent)
            r.char("F")
            let visible = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
            for (title, c) in cells(r, FitTests.worldPins) {
                XCTAssertTrue((visible.x...(visible.maxX - 1)).contains(c[0]) && (visible.y...(visible.maxY - 1)).contains(c[1]),
                              "\(cols)×\(rows) \(detent): \(title) at \(c) outside the visible map \(visible)")
            }
            XCTAssertEqual(r.state.list.inViewCount, FitTests.worldPins.count, "\(cols)×\(rows) \(detent)")
        }
    }

    /// 0 shows the world's whole latitude span in the visible map: the poles' rows are its
    /// first and last rows (no rows of nothing past 90N).
    func testWorldViewFitsTheLatitudesIntoTheVisibleMap() throws {
        for (cols, rows, detent) in [(100, 30, Detent.medium), (100, 30, .small), (80, 24, .small)] {
            let r = try UIFixtures.runner(cols: cols, rows: rows, detent: detent)
            r.char("0")
            let visible = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
            let pane = r.state.layout.mapPane
            let north = r.state.map.viewport.cell(for: GeoPoint(latitude: 90, longitude: 0), pane: pane).row
            let south = r.state.map.viewport.cell(for: GeoPoint(latitude: -90, longitude: 0), pane: pane).row
            XCTAssertEqual(north, Double(visible.y) + 1, accuracy: 1, "\(cols)×\(rows) \(detent)")
            XCTAssertEqual(south, Double(visible.maxY) - 1, accuracy: 1, "\(cols)×\(rows) \(detent)")
        }
    }
}
