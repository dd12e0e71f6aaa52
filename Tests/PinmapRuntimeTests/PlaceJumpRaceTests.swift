import Frame
import GeoMap
import PinModel
import PinModelTesting
import XCTest
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Going to a place in one fast burst (`gSeoul⏎`, as a terminal delivers a quick typist's
/// keys or a paste) ends the same whatever order the workers answer in: the Enter is not
/// lost while the place-name index is built, and the list shows the new view even when a
/// markers-only read asked after it is answered first (the UI reads markers and lists on
/// separate lanes). The lanes are played here by hand, in the order that went wrong.
final class PlaceJumpRaceTests: XCTestCase {
    override func setUp() { Gazetteer.prepareSearch() }

    /// The whole burst in one read, before the core has heard that the index is ready: the
    /// Enter waits for `placeIndexReady`, then flies (it closed the field and did nothing).
    func testEnterInTheSameBurstAsGWaitsForThePlaceIndex() throws {
        let r = try UIFixtures.runner()
        XCTAssertFalse(r.state.search.place.indexReady, "a new runner has not built the index yet")
        r.handle(keys("gSeoul") + [.input(.key(.enter))], now: 1)
        XCTAssertNil(r.state.search.field, "the Enter was applied")
        XCTAssertEqual(r.state.feedback.message, "Seoul, South Korea")
        XCTAssertEqual(r.state.list.pins.map(\.title).sorted(),
                       ["Garosu-gil coffee", "Hongdae, busking street", "National Museum of Korea", "전쟁기념관"])
        let seoul = r.state.map.viewport.cell(for: GeoPoint(latitude: 37.566, longitude: 126.9784), pane: r.state.layout.mapPane)
        let visible = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
        XCTAssertEqual(Int(seoul.col), visible.x + visible.width / 2, accuracy: 1)
    }

    /// Keys after the waiting Enter keep their turn: `gSeoul⏎/x` flies, then opens a search.
    func testInputAfterTheWaitingEnterKeepsItsOrder() {
        var s = state()
        for e in keys("gSeoul") + [.input(.key(.enter))] + keys("/x") { _ = s.update(e, now: 1) }
        XCTAssertEqual(s.search.field?.text, "Seoul", "held until the index is ready")
        XCTAssertEqual(s.search.inputAwaitingPlaces.count, 3)
        _ = s.update(.search(.placeIndexReady), now: 1.1)
        XCTAssertEqual(s.map.viewport.center.latitude, 37.6, accuracy: 0.5, "flew to Seoul")
        XCTAssertEqual(s.map.viewport.center.longitude, 127.0, accuracy: 0.5)
        XCTAssertEqual(s.search.field?.text, "x")
        XCTAssertEqual(s.search.text, "x")
        XCTAssertFalse(s.search.place.onlyPlaces)
    }

    /// The flight's list read, answered after a markers-only read asked later (here the
    /// runtime's own reload; in the UI a row selected meanwhile): the list is the new view's.
    func testAListAnsweredAfterANewerMarkersOnlyReadIsShown() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        var s = state()
        settle(&s, s.update(.view(.showViewport(.world)), now: 0), store)
        XCTAssertEqual(s.list.pins.count, 5, "the world: all five pins")
        settle(&s, s.update(.search(.placeIndexReady), now: 0), store)
        for e in keys("gSeoul") { settle(&s, s.update(e, now: 1), store) }
        let flight = try XCTUnwrap(viewRead(s.update(.input(.key(.enter)), now: 1)))
        XCTAssertTrue(flight.list)
        let later = try XCTUnwrap(viewRead(s.update(.view(.reload(list: false)), now: 1.1)))
        XCTAssertGreaterThan(later.generation, flight.generation)
        // The markers lane answers both reads before the lists lane answers the flight's.
        var markersOnly = flight
        markersOnly.list = false
        feed(&s, markersOnly, store)
        feed(&s, later, store)
        _ = s.update(.view(.loaded(try ViewLoader(store: store, request: flight).load())), now: 1.2)
        XCTAssertEqual(s.list.pins.map(\.title).sorted(),
                       ["Garosu-gil coffee", "Hongdae, busking street", "National Museum of Korea", "전쟁기념관"])
        XCTAssertEqual(s.list.count, 4)
        XCTAssertEqual(s.loads.shownViewGeneration, later.generation, "the older read's markers were not shown")
    }

    /// Markers answered first do not select a row of the list they are about to replace
    /// (Busan Tower, not in view in Seoul); the new list's first row is selected once it comes.
    func testNoRowIsSelectedFromTheListAboutToBeReplaced() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        var s = state()
        settle(&s, s.update(.view(.showViewport(.world)), now: 0), store)
        XCTAssertEqual(s.list.pins.first?.title, "Busan Tower", "the newest pin heads the world's list")
        // A click on the empty map (the South Pacific): the focus leaves the list, and the row it selected by itself goes.
        for kind in [MouseEvent.Kind.press, .release] {
            settle(&s, s.update(.input(.mouse(MouseEvent(kind, .left, col: 2, row: 14))), now: 0), store)
        }
        XCTAssertNil(s.list.selectedID)
        settle(&s, s.update(.search(.placeIndexReady), now: 0), store)
        for e in keys("gSeoul") { settle(&s, s.update(e, now: 1), store) }
        let flight = try XCTUnwrap(viewRead(s.update(.input(.key(.enter)), now: 1)))
        var markersOnly = flight
        markersOnly.list = false
        let afterMarkers = s.update(.view(.loaded(try ViewLoader(store: store, request: markersOnly).load())), now: 1.1)
        XCTAssertNil(s.list.selectedID, "nothing selected from the old list")
        XCTAssertNil(viewRead(afterMarkers), "and no read for a selection")
        settle(&s, s.update(.view(.loaded(try ViewLoader(store: store, request: flight).load())), now: 1.2), store)
        XCTAssertEqual(s.list.selectedPin?.title, s.list.pins.first?.title)
        XCTAssertNotEqual(s.list.selectedPin?.title, "Busan Tower")
    }

    // MARK: Helpers

    private func state() -> AppState { AppState(cols: 100, rows: 30, color: false, reducedMotion: true) }

    private func keys(_ text: String) -> [AppEvent] { text.map { .input(.key(.char($0))) } }

    /// The view read among `effects`, if any.
    private func viewRead(_ effects: [Effect]) -> ViewRequest? {
        effects.lazy.compactMap { if case .loadView(let r) = $0 { r } else { nil } }.last
    }

    /// Answers `request` from `store` and feeds the answer, then settles what it asks for.
    private func feed(_ s: inout AppState, _ request: ViewRequest, _ store: any PinRepository) {
        guard let data = try? ViewLoader(store: store, request: request).load() else { return XCTFail("read failed") }
        settle(&s, s.update(.view(.loaded(data)), now: s.clock), store)
    }

    /// Performs the view reads among `effects` at once, in order, as one lane would, until none is asked.
    private func settle(_ s: inout AppState, _ effects: [Effect], _ store: any PinRepository) {
        for case .loadView(let request) in effects { feed(&s, request, store) }
    }
}
