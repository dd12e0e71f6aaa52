import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinmapCoreTestSupport

final class SearchShowAllTests: XCTestCase {
    func testCtrlFFromTheFieldKeepsTheSearchAndFitsEveryMatch() throws {
        let r = try UIFixtures.runner(viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.char("/"); r.type("tower")
        let top = 28 - r.state.sheet.height
        XCTAssertEqual(r.line(top + 3), "  1 more elsewhere: Ctrl-F shows them all", "F is text in the field: the hint names Ctrl-F")
        r.type("F")
        XCTAssertEqual(r.state.search.field?.text, "towerF", "F is typed")
        r.key(.backspace)
        r.key(.ctrl("f"))
        XCTAssertFalse(r.state.isSearching)
        XCTAssertEqual(r.state.search.text, "tower")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Busan Tower"], "the map fitted the match")
        XCTAssertEqual(r.state.feedback.message, "Map fitted to every pin the search found")
    }

    /// F's message names what the map was fitted to: every pin, the pins a category filter
    /// keeps, the pins a search found.
    func testFMessageNamesWhatTheMapWasFittedTo() throws {
        let r = try UIFixtures.runner()
        r.char("F")
        XCTAssertEqual(r.state.feedback.message, "Map fitted to the pins' bounding box")
        r.char("f"); r.char("j"); r.char("j"); r.char(" "); r.key(.escape)  // museum off
        r.char("F")
        XCTAssertEqual(r.state.feedback.message, "Map fitted to the filtered pins' bounding box")
    }

    func testCtrlFReachesThePinsPastAHighlightedPlace() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        s.feed(.search(.placeIndexReady))
        _ = s.update(.input(.key(.char("/"))), now: 0)
        s.type("Busan")  // the gazetteer matches: a place row is highlighted
        XCTAssertEqual(s.search.place.cursor, 0)
        let effects = s.update(.input(.key(.ctrl("f"))), now: 0.1)
        var all = s.listQuery(limit: -1)
        all.boxes = []
        XCTAssertEqual(effects, [.fitPins(all, announce: true)])
        XCTAssertNil(s.search.place.cursor)
    }
}
