import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import Sheet
import PinmapCoreTestSupport

/// No key is lost, zoom and coordinates mean what they say, stale search
/// answers are dropped.
final class InteractionTests: XCTestCase {
    func testAKeyDuringAModalsExitActsOnTheScreenBelow() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: false)
        state.receiveView(total: 1, categories: [("cafe", 1)], inView: 1)
        _ = state.update(.input(.key(.char("f"))), now: 10)
        _ = state.update(.tick, now: 10.5)
        _ = state.update(.input(.key(.escape)), now: 11)
        XCTAssertNotNil(state.feedback.modal, "still sliding away")
        _ = state.update(.input(.key(.char("2"))), now: 11.1)
        XCTAssertEqual(state.tab, .timeline, "2 acted at once")
    }

    /// A message left by a key gives way to the pointer's coordinate when the pointer moves
    /// over the map, so the status line never shows a stale one.
    func testMovingThePointerOverTheMapReplacesAMessage() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        state.press(.char("m"))  // a key that leaves a message
        XCTAssertEqual(state.feedback.message, "Focus: map")
        _ = state.update(.input(.mouse(MouseEvent(.move, .none, col: 40, row: 5))), now: 2)
        XCTAssertNil(state.feedback.message)
        XCTAssertTrue(state.statusPoint.underPointer)
    }

    func testAKeyRightAfterAResizeActs() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = state.update(.input(.resize(cols: 80, rows: 24)), now: 1)
        _ = state.update(.input(.key(.char("2"))), now: 1)
        XCTAssertEqual(state.tab, .timeline)
    }

    func testZoomKeepsTheVisibleCentreAboveTheSheet() {
        var state = AppState(cols: 100, rows: 30, detent: .medium, color: false, reducedMotion: true)
        state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.5, longitude: 127), zoom: 64))))
        let before = state.statusPoint
        XCTAssertFalse(before.underPointer)
        _ = state.update(.input(.key(.char("+"))), now: 1)
        XCTAssertEqual(state.map.viewport.zoom, 128)
        let after = state.statusPoint.point
        XCTAssertEqual(after.latitude, before.point.latitude, accuracy: 1e-9)
        XCTAssertEqual(after.longitude, before.point.longitude, accuracy: 1e-9)
        XCTAssertNotEqual(state.map.viewport.center.latitude, 37.5, "the pane's centre, under the sheet, moved")
    }

    func testZoomKeepsTheSelectedPinWhereItIs() throws {
        let r = try UIFixtures.runner(viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.key(.down)  // selects the first listed pin
        let pin = try XCTUnwrap(r.state.list.selectedPin)
        let p = GeoPoint(latitude: pin.latitude, longitude: pin.longitude)
        let before = r.state.map.viewport.cell(for: p, pane: r.state.layout.mapPane)
        r.char("+")
        let after = r.state.map.viewport.cell(for: p, pane: r.state.layout.mapPane)
        XCTAssertEqual(after.col, before.col, accuracy: 1e-6)
        XCTAssertEqual(after.row, before.row, accuracy: 1e-6)
        XCTAssertEqual(r.state.map.viewport.zoom, 512)
    }

    func testResizeKeepsTheCentreAndTheScale() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.5, longitude: 127), zoom: 64))))
        let scale = state.map.viewport.degreesPerColumn(paneWidth: 100)
        let centre = state.visibleMapCentre  // what the status line reports: the visible map's centre
        _ = state.update(.input(.resize(cols: 200, rows: 60)), now: 1)
        XCTAssertEqual(state.map.viewport.degreesPerColumn(paneWidth: 200), scale, accuracy: 1e-12)
        XCTAssertEqual(state.visibleMapCentre.latitude, centre.latitude, accuracy: 1e-9)
        XCTAssertEqual(state.visibleMapCentre.longitude, centre.longitude, accuracy: 1e-9)
    }

    /// A resize to 1 or 2 columns and back lost the view (z722 came back as
    /// z164, z328 from width 2; after 1×1 the centre moved from 37.58N to 37.77N).
    func testResizesThroughTinySizesKeepTheCentreAndTheScale() {
        for sizes in [[(1, 1), (100, 30)], [(2, 30), (100, 30)], [(1, 1), (2, 3), (40, 2), (100, 30)], [(100, 1), (1, 30), (100, 30)]] {
            var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
            state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.58, longitude: 126.98), zoom: 722))))
            let centre = state.visibleMapCentre
            let zoom = state.map.viewport.zoom
            for (cols, rows) in sizes { _ = state.update(.input(.resize(cols: cols, rows: rows)), now: 1) }
            XCTAssertEqual(state.map.viewport.zoom, zoom, accuracy: 1e-9, "\(sizes)")
            XCTAssertEqual(state.visibleMapCentre.latitude, centre.latitude, accuracy: 1e-9, "\(sizes)")
            XCTAssertEqual(state.visibleMapCentre.longitude, centre.longitude, accuracy: 1e-9, "\(sizes)")
        }
    }

    /// The whole world fitted (`0`) stays fitted through a 1×1 terminal.
    func testAFittedWorldStaysFittedThroughATinySize() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = state.update(.input(.key(.char("0"))), now: 1)
        let fitted = state.map.viewport
        _ = state.update(.input(.resize(cols: 1, rows: 1)), now: 2)
        _ = state.update(.input(.resize(cols: 100, rows: 30)), now: 3)
        XCTAssertEqual(state.map.viewport, fitted)
    }

    /// z16384 at 100×30, a resize to width W, `-`, and back to 100
    /// gave z3277 (W 40), z1638 (20), z82 (1): the zoom limit was counted in the narrow
    /// window's columns. One `-` is one halving at every width, the centre kept; so is the
    /// wheel, and `+` at the limit stays there.
    func testAZoomKeyAtANarrowSizeIsOneStepOfTheAnchoredScale() {
        for (cols, rows) in [(40, 30), (20, 30), (1, 30), (1, 1), (100, 1)] {
            var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
            state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.58, longitude: 126.98), zoom: 16384))))
            let centre = state.visibleMapCentre
            _ = state.update(.input(.resize(cols: cols, rows: rows)), now: 1)
            _ = state.update(.input(.key(.char("-"))), now: 2)
            _ = state.update(.input(.resize(cols: 100, rows: 30)), now: 3)
            XCTAssertEqual(state.map.viewport.zoom, 8192, accuracy: 1e-9, "\(cols)×\(rows)")
            XCTAssertEqual(state.visibleMapCentre.latitude, centre.latitude, accuracy: 1e-9, "\(cols)×\(rows)")
            XCTAssertEqual(state.visibleMapCentre.longitude, centre.longitude, accuracy: 1e-9, "\(cols)×\(rows)")
            _ = state.update(.input(.resize(cols: cols, rows: rows)), now: 4)
            _ = state.update(.input(.key(.char("+"))), now: 5)
            _ = state.update(.input(.key(.char("+"))), now: 6)  // past the limit: stays at it
            // The wheel where the narrow map has a cell to turn it over.
            let wheel = cols >= 40 && rows >= 30 ? MouseEvent(.press, .wheelDown, col: 5, row: 5) : nil
            _ = state.update(wheel.map { .input(.mouse($0)) } ?? .input(.key(.char("-"))), now: 7)
            _ = state.update(.input(.resize(cols: 100, rows: 30)), now: 8)
            XCTAssertEqual(state.map.viewport.zoom, 8192, accuracy: 1e-9, "\(cols)×\(rows): +, + (at the limit), wheel out")
        }
        // A resize to a width that holds the scale leaves the keys as they were.
        var wide = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        wide.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.58, longitude: 126.98), zoom: 4096))))
        _ = wide.update(.input(.resize(cols: 200, rows: 30)), now: 1)
        _ = wide.update(.input(.key(.char("-"))), now: 2)
        _ = wide.update(.input(.resize(cols: 100, rows: 30)), now: 3)
        XCTAssertEqual(wide.map.viewport.zoom, 2048, accuracy: 1e-9)
    }

    /// `0` and `F` at a size too small for the map fit there, and again at the old size,
    /// as they would have been pressed there.
    func testFitsAtATinySizeAreFitsAtTheOldSize() {
        let box = LatLonBox(south: 37.4, west: 126.8, north: 37.7, east: 127.2)
        func atFullSize(_ act: (inout AppState) -> Void) -> Viewport {
            var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
            state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 10, longitude: 20), zoom: 722))))
            act(&state)
            return state.map.viewport
        }
        func throughTiny(_ act: (inout AppState) -> Void) -> Viewport {
            atFullSize { state in
                _ = state.update(.input(.resize(cols: 1, rows: 1)), now: 1)
                act(&state)
                _ = state.update(.input(.resize(cols: 100, rows: 30)), now: 3)
            }
        }
        let world: (inout AppState) -> Void = { _ = $0.update(.input(.key(.char("0"))), now: 2) }
        let pins: (inout AppState) -> Void = { _ = $0.update(.view(.pinsBounds(box, announce: true)), now: 2) }
        XCTAssertEqual(throughTiny(world), atFullSize(world))
        XCTAssertEqual(throughTiny(pins), atFullSize(pins))
    }

    /// A zoom between resizes starts a new run: the next resize keeps the new scale.
    func testAResizeAfterAZoomKeepsTheNewScale() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.58, longitude: 126.98), zoom: 722))))
        _ = state.update(.input(.resize(cols: 1, rows: 1)), now: 1)
        _ = state.update(.input(.resize(cols: 100, rows: 30)), now: 2)
        _ = state.update(.input(.key(.char("+"))), now: 3)
        XCTAssertEqual(state.map.viewport.zoom, 1444, accuracy: 1e-9)
        _ = state.update(.input(.resize(cols: 50, rows: 30)), now: 4)
        XCTAssertEqual(state.map.viewport.zoom, 2888, accuracy: 1e-9)
    }

    func testTheStatusLineSaysPointerOrCentreAndFollowsKeys() {
        var state = AppState(cols: 100, rows: 30, detent: .small, color: false, reducedMotion: true)
        state.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1))))
        _ = state.update(.input(.mouse(MouseEvent(.move, .none, col: 10, row: 5))), now: 1)
        XCTAssertTrue(StatusLineView.left(state).contains("pointer "), StatusLineView.left(state))
        let underPointer = state.statusPoint.point
        _ = state.update(.input(.mouse(MouseEvent(.press, .wheelUp, col: 10, row: 5))), now: 1)
        XCTAssertEqual(state.statusPoint.point.longitude, underPointer.longitude, accuracy: 1e-9, "the wheel zooms about it")
        _ = state.update(.input(.key(.char("m"))), now: 2)  // focus: map
        _ = state.update(.input(.key(.char("l"))), now: 2)  // pan east
        XCTAssertFalse(state.statusPoint.underPointer, "after a key: the centre")
        XCTAssertTrue(StatusLineView.left(state).contains("centre "), StatusLineView.left(state))
    }

    func testSearchAnswersForAnOlderTextAreDropped() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = state.update(.input(.key(.char("/"))), now: 0)
        let first = state.update(.input(.key(.char("서"))), now: 0)
        let second = state.update(.input(.key(.char("울"))), now: 0.05)
        // Each edit asks for the search and for the list to follow it.
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(first.first, .search(text: "서", generation: 1))
        guard case .loadView(let view1)? = first.last else { return XCTFail("\(first)") }
        XCTAssertEqual([view1.list, view1.search == "서"], [true, true])
        XCTAssertEqual(second.count, 2)
        XCTAssertEqual(second.first, .search(text: "서울", generation: 2))
        guard case .loadView(let view2)? = second.last else { return XCTFail("\(second)") }
        XCTAssertEqual([view2.list, view2.search == "서울", view2.generation > view1.generation], [true, true, true])
        XCTAssertTrue(state.needsTicks, "polls while the answer is on its way")
        let stale = SearchResults(text: "서", matches: [SearchMatch(id: 9, latitude: 35, longitude: 129, category: "")], capped: false)
        _ = state.update(.search(.finished(generation: 1, .success(stale))), now: 0.1)
        XCTAssertNil(state.search.matches, "the answer for 서 arrived after 서울 was typed")
        let fresh = SearchResults(text: "서울", matches: [], capped: false)
        _ = state.update(.search(.finished(generation: 2, .success(fresh))), now: 0.2)
        XCTAssertEqual(state.search.matches, fresh)
        XCTAssertFalse(state.search.isPending)
    }

    func testSearchListsMatchesInViewThenHowManyMoreElsewhere() throws {
        let r = try UIFixtures.runner(viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.char("/"); r.type("museum"); r.key(.enter)
        XCTAssertEqual(r.state.list.pins.map(\.title), ["National Museum of Korea", "전쟁기념관"])
        r.char("/"); r.key(.ctrl("u")); r.type("tower"); r.key(.enter)
        let top = 28 - r.state.sheet.height
        XCTAssertEqual(r.line(top + 2), "  No pins in view match the search: zoom out (-), 0 for the whole world, or Esc in / to clear")
        XCTAssertEqual(r.line(top + 3), "  1 more elsewhere: F shows them all")
    }

    func testAFilterThatHidesEveryPinInViewSaysSoInsteadOfAskingToZoomOut() throws {
        let r = try UIFixtures.runner(viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.char("f"); r.char("n"); r.key(.escape)  // the filter sheet: no category
        XCTAssertEqual(r.state.map.categoryFilter, [])
        let top = 28 - r.state.sheet.height
        XCTAssertEqual(r.state.list.pins.count, 0)
        // Every category off: F has nothing to fit, so the list says what to do (it said "F fits
        // the map to them", and F answered "No pins to fit").
        XCTAssertEqual(r.line(top + 2), "  Every category is filtered out: f changes the filter (a there checks them all)")
        r.char("f"); r.char("a"); r.key(.escape)  // every category again
        XCTAssertNil(r.state.map.categoryFilter)
        XCTAssertGreaterThan(r.state.list.pins.count, 0)
        // Cafés only, over Busan: none in view, F fits the map to the one in Seoul.
        let busan = try UIFixtures.runner(viewport: Viewport(center: GeoPoint(latitude: 35.1, longitude: 129.03), zoom: 256))
        busan.char("f"); busan.char("n"); busan.char(" "); busan.key(.escape)
        XCTAssertEqual(busan.state.map.categoryFilter, ["cafe"])
        XCTAssertEqual(busan.line(top + 2), "  No pins of the chosen categories in view: f changes the filter, F fits the map to them")
    }

    func testPasteGoesIntoTheSearchFieldAndANewlineDoesNotSubmit() throws {
        let r = try UIFixtures.runner()
        r.char("/")
        r.handle(.input(.paste("Seoul\nBusan")), now: 0)
        XCTAssertTrue(r.state.isSearching, "still in the field")
        XCTAssertEqual(r.state.search.field?.text, "Seoul Busan")
        XCTAssertEqual(r.state.search.text, "Seoul Busan")
    }

    /// A 1.6 MB paste ('가나다abc😀' × 100,000) into `/`: the field takes the
    /// first `TextField.maxCharacters` and a notice says the paste was cut (before, it was
    /// taken whole, with no limit and no word). A paste that fits says nothing.
    func testALongPasteIsCutToTheFieldsLimitAndSaysSo() throws {
        let r = try UIFixtures.runner()
        r.char("/")
        r.handle(.input(.paste("ab")), now: 0)
        XCTAssertNil(r.state.feedback.message)
        r.handle(.input(.paste(String(repeating: "가나다abc😀", count: 100_000))), now: 0)
        XCTAssertEqual(TextField.maxCharacters, 4_096)
        XCTAssertEqual(r.state.search.field?.text, "ab" + String(String(repeating: "가나다abc😀", count: 600).prefix(4_094)))
        XCTAssertEqual(r.state.feedback.message, "pasted text cut to 4094 characters")
        r.handle(.input(.paste("x")), now: 0)
        XCTAssertEqual(r.state.search.field?.text.count, 4_096, "a full field takes no more")
        XCTAssertEqual(r.state.feedback.message, "pasted text cut to 0 characters")
        XCTAssertEqual(Strings.korean[.msgPasteCut], "붙여넣은 글을 {0}자로 잘랐습니다")
    }

    /// In the add form and the comment input, which cover the status line, the cut is said in
    /// the form (under its fields) and on the page's footer: on the status line it showed only
    /// once the form had closed, after the cut title was saved.
    func testALongPasteIntoTheFormOrACommentSaysSoWhereItIsSeen() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char("a")
        r.handle(.input(.paste(String(repeating: "가나다 abc ", count: 1_000))), now: 0)
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form") }
        XCTAssertEqual(form[.title].text.count, 4_096)
        let f = r.frame()
        XCTAssertEqual((12..<24).map { f.line($0) }, [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "  Add a pin",
            "",
            "▸ Title*        abc 가나다 abc 가나다 abc 가나다 abc 가나다 abc 가나다 abc",
            "  Description",
            "  Category",
            "  Latitude     60.5",
            "  Longitude    0",
            "",
            "  ⚠ pasted text cut to 4096 characters",
            "  Tab/↑↓ move · Enter on the last field or Ctrl-S saves · Esc cancels",
            "",
        ])
        r.handle(.input(.paste("x")), now: 0)
        XCTAssertEqual(r.line(21), "  ⚠ pasted text cut to 0 characters")
        r.handle(.input(.paste("")), now: 0)
        XCTAssertEqual(r.line(21), "", "a paste that fits clears it")
        r.key(.ctrl("c"))

        let page = try UIFixtures.runner(cols: 80, rows: 24)
        page.key(.enter)  // the first row's pin, Busan Tower
        page.char("c")
        page.handle(.input(.paste(String(repeating: "가나다 abc ", count: 1_000))), now: 0)
        XCTAssertEqual(page.line(22), "  pasted text cut to 4096 characters")
        XCTAssertTrue(page.line(23).hasPrefix("  New comment: "), page.line(23))
    }
}
