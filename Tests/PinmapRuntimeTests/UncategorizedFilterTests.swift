import XCTest
import Frame
import GeoMap
import PinModel
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Pins without a category have their own row in the filter sheet ("(no category)", last),
/// so a filter can keep them or hide them like any category. Before, the sheet listed only
/// named categories: unchecking one hid every uncategorised pin (62,304 of the 62k airports
/// and cities) with no row to bring them back but "a".
final class UncategorizedFilterTests: XCTestCase {
    private let pins = [
        NewPin(title: "Cafe A", category: "cafe", latitude: 37.55, longitude: 126.98, createdAt: "2024-01-01T00:00:00Z"),
        NewPin(title: "Park B", category: "park", latitude: 37.56, longitude: 126.99, createdAt: "2024-01-02T00:00:00Z"),
        NewPin(title: "Plain C", latitude: 37.54, longitude: 126.97, createdAt: "2024-01-03T00:00:00Z"),
        NewPin(title: "Plain D", latitude: 37.57, longitude: 126.96, createdAt: "2024-01-04T00:00:00Z"),
    ]

    private let viewport = Viewport(center: GeoPoint(latitude: 37.555, longitude: 126.975), zoom: 256)

    /// The same pins over the SQLite store and over the in-memory repository.
    private func runners() throws -> [(String, AppRunner)] {
        let store = try Store(path: ":memory:")
        for p in pins { _ = try store.insert(p) }
        return [("store", try UIFixtures.runner(over: store, cols: 80, rows: 24, viewport: viewport)),
                ("in memory", try UIFixtures.runner(cols: 80, rows: 24, pins: pins, viewport: viewport))]
    }

    func testTheSheetListsTheUncategorisedPinsLastAndTheirRowFiltersThem() throws {
        for (name, r) in try runners() {
            r.char("f")
            r.handle(.tick, now: 5)
            XCTAssertEqual(r.state.map.categoryCounts, [CategoryCount(name: "cafe", count: 1), CategoryCount(name: "park", count: 1),
                                                    CategoryCount(name: "", count: 2)], name)
            let rows = r.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let sheet = Array(rows.drop { !$0.hasPrefix("  Filter by category") }.prefix(6))
            XCTAssertEqual(sheet.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }, [
                "  Filter by category",
                "  Space toggles · a all · n none · Esc closes",
                "  ☑ cafe  (1)",
                "  ☑ park  (1)",
                "  ☑ (no category)  (2)",
                "",
            ], name)
            // Uncheck "cafe": the uncategorised pins stay.
            r.key(.char(" "))
            r.key(.escape)
            XCTAssertEqual(r.state.map.categoryFilter, ["park", ""], name)
            XCTAssertEqual(r.state.list.pins.map(\.title).sorted(), ["Park B", "Plain C", "Plain D"], name)
            XCTAssertEqual(r.state.list.totalCount, 4, name)
            // Uncheck "(no category)" too: only the park is left.
            r.char("f"); r.key(.down); r.key(.down); r.key(.char(" ")); r.key(.escape)
            XCTAssertEqual(r.state.map.categoryFilter, ["park"], name)
            XCTAssertEqual(r.state.list.pins.map(\.title), ["Park B"], name)
        }
    }
}
