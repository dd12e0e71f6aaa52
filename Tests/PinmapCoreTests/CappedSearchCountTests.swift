import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
import PinmapCoreTestSupport

final class CappedSearchCountTests: XCTestCase {
    /// A search that stopped at 5,000 matches says its counts are lower bounds: "5000+".
    func testCappedSearchCountsShowAPlus() {
        var state = AppState(cols: 100, rows: 30, detent: .medium, color: false, reducedMotion: true)
        // Typed, the field closed with the search kept (Ctrl-F: its fit is not answered here).
        state.press(.char("/")); state.type("a"); state.press(.ctrl("f"))
        state.feed(.search(.finished(generation: state.search.generation, .success(SearchResults(text: "a", matches: [], capped: true)))))
        state.receiveView(total: 70_001, inView: 5_000, listed: (1...500).map {
            Pin(id: $0, title: "Pin \($0)", latitude: 0, longitude: 0, createdAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z")
        })
        let f = state.render()
        let header = state.layout.sheetRect(height: state.sheet.height).y + 1
        XCTAssertEqual(f.line(header), "  Search “a”: 500/5000+ in view · best match (of the 5000 matches added last) · / edits")
        XCTAssertEqual(f.line(28), " medium · 5000+ of 70001 pins in view · search “a” · [list] · centre open sea · z1 · Pin 1   ? help")
    }
}
