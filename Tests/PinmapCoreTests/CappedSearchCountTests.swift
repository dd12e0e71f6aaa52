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

    /// A capped search with none of its matches in view does not claim that no pin in view
    /// matches: it read only the matches added last (pins in view may match too).
    func testACappedSearchWithNoneInViewSaysItReadTheLatestOnly() {
        var state = AppState(cols: 100, rows: 30, detent: .medium, color: false, reducedMotion: true)
        for _ in 0..<6 { state.press(.char("+")) }  // around 0°, 0°: Seoul is far outside
        state.press(.char("/")); state.type("a"); state.press(.ctrl("f"))
        let seoul = (0..<5_000).map { SearchMatch(id: Int64($0 + 1), latitude: 37.5, longitude: 127, category: "") }
        state.feed(.search(.finished(generation: state.search.generation, .success(SearchResults(text: "a", matches: seoul, capped: true)))))
        state.receiveView(total: 70_001, inView: 0, listed: [], elsewhere: 5_000)
        let f = state.render()
        let header = state.layout.sheetRect(height: state.sheet.height).y + 1
        XCTAssertEqual((header..<(header + 4)).map { f.line($0) }, [
            "  Search “a”: 0+ in view · best match (of the 5000 matches added last) · / edits · Esc in / clears",
            "  None of the 5000 matches added last is in view: type more of the word, zoom out (-), or Ctrl-F",
            "  for them all",
            "  5000+ more elsewhere: F shows them all",
        ])
    }
}
