import Frame
import GeoMap
import XCTest
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Going to a place by name: `/` lists places above the pins,
/// Enter on a place flies there; `g` searches places only.
final class PlaceSearchUITests: XCTestCase {
    /// The UI builds the name index on a thread at start-up; here it is built first.
    override func setUp() { Gazetteer.prepareSearch() }

    /// Until the index is built, the field answers no places, asks for the index once, and
    /// answers when it is ready.
    func testPlacesArriveWhenTheIndexIsReady() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        XCTAssertEqual(s.update(.input(.key(.char("/"))), now: 0).filter { $0 == .preparePlaceIndex }, [.preparePlaceIndex])
        XCTAssertEqual(s.update(.input(.key(.char("P"))), now: 0.1).filter { $0 == .preparePlaceIndex }, [], "asked once")
        for c in "aris" { _ = s.update(.input(.key(.char(c))), now: 0.3) }
        XCTAssertTrue(s.search.place.matchesPending)
        XCTAssertEqual(s.search.place.matches, [])
        _ = s.update(.search(.placeIndexReady), now: 0.4)
        XCTAssertFalse(s.search.place.matchesPending)
        XCTAssertEqual(s.search.place.matches.first?.name, "Paris")
    }

    /// The cell where `p` is drawn.
    func cell(_ r: AppRunner, _ lat: Double, _ lon: Double) -> (col: Int, row: Int) {
        let c = r.state.map.viewport.cell(for: GeoPoint(latitude: lat, longitude: lon), pane: r.state.layout.mapPane)
        return (Int(c.col.rounded(.down)), Int(c.row.rounded(.down)))
    }

    func testSlashParisEnterFliesToParisFrance() throws {
        let r = try UIFixtures.runner()
        r.char("/"); r.type("Paris")
        let f = r.frame()
        let first = r.state.layout.sheetRect(height: r.state.sheet.height).y + 2
        XCTAssertEqual(f.line(first), " ⌖ Paris  France · largest city")
        XCTAssertEqual(f.line(first + 1), " ⌖ Paris  United States · city")
        r.key(.enter)
        XCTAssertNil(r.state.search.field)
        XCTAssertEqual(r.state.search.text, "", "the pin search is cleared")
        XCTAssertEqual(r.state.feedback.message, "Paris, France")
        let visible = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
        let paris = cell(r, 48.85341, 2.3488)
        XCTAssertEqual(paris.col, visible.x + visible.width / 2, accuracy: 1)
        XCTAssertEqual(paris.row, visible.y + visible.height / 2, accuracy: 1)
        XCTAssertTrue(r.frame().text().contains("Paris"), "Paris is labelled")
    }

    /// Only a whole name takes Enter: `park` (the start of Parkersburg) keeps the search.
    func testTheStartOfANameLeavesEnterKeepingTheSearch() throws {
        let r = try UIFixtures.runner()
        r.char("/"); r.type("park")
        XCTAssertEqual(r.state.search.place.matches.first?.name, "Parkersburg")
        XCTAssertNil(r.state.search.place.cursor)
        XCTAssertTrue(r.frame().text().contains("Enter keeps"))
        r.key(.enter)
        XCTAssertEqual(r.state.search.text, "park", "the search is kept")
        XCTAssertEqual(r.state.map.viewport, .world, "the map did not fly")
        r.char("/"); r.key(.up)
        XCTAssertNotNil(r.state.search.place.cursor, "↑ from the first pin chooses a place")
    }

    func testKoreanNameAndArrowsChooseBetweenPlacesAndPins() throws {
        let r = try UIFixtures.runner()
        r.char("/"); r.type("서울")
        XCTAssertEqual(r.state.search.place.matches.first?.name, "Seoul")
        XCTAssertEqual(r.state.search.place.cursor, 0)
        r.key(.up)
        XCTAssertEqual(r.state.search.place.cursor, 0, "stays on the first place")
        r.key(.escape)
        XCTAssertEqual(r.state.search.place.matches, [])
        XCTAssertEqual(r.state.map.viewport, .world, "Esc does not move the map")
    }

    func testGSearchesPlacesOnlyAndFitsACountry() throws {
        let r = try UIFixtures.runner()
        r.char("g"); r.type("France")
        let header = r.state.layout.sheetRect(height: r.state.sheet.height).y + 1
        XCTAssertTrue(r.frame().line(header).hasPrefix("▸ Go to place: France"), r.frame().line(header))
        XCTAssertEqual(r.frame().line(header + 1), " ⌖ France  country")
        XCTAssertEqual(r.frame().line(header + 2), " ⌖ Fort-de-France  MQ · largest city", "places only, no pins")
        r.key(.enter)
        XCTAssertEqual(r.state.feedback.message, "France")
        // Mainland France (its largest part, 4.8°W–8.2°E, 42.3°N–51.1°N) fits the map above the sheet.
        let visible = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
        for (lat, lon) in [(42.4, -4.7), (51.0, 8.1)] {
            let c = cell(r, lat, lon)
            XCTAssertTrue(visible.contains(col: c.col, row: c.row), "\(lat), \(lon) at \(c) in \(visible)")
        }
        let dpc = r.state.map.viewport.degreesPerColumn(paneWidth: r.state.layout.mapPane.width)
        XCTAssertLessThan(dpc, 0.5, "zoomed in to the country, not the world")
    }

    func testPlaceNamesSettingAndGeoNamesAttribution() throws {
        let r = try UIFixtures.runner()
        r.char("4")
        XCTAssertTrue(r.text.contains("Cities: contains data from GeoNames (geonames.org), CC BY 4.0."), r.text)
        XCTAssertTrue(r.text.contains("  Place names       English"), r.text)
        for _ in 0..<4 { r.char("j") }
        r.key(.enter)
        XCTAssertEqual(r.state.presentation.placeLanguage, .korean)
        XCTAssertTrue(r.text.contains("▸ Place names       Korean (한국어), English where none"), r.text)
    }
}
