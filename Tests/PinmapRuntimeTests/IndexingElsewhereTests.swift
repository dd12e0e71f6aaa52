import Frame
import GeoMap
import PinModel
import XCTest
import PinmapCore
import PinmapTestSupport

/// While another pinmap (`pinmap index`, an `import --index`) indexes a large import's pins,
/// the UI's list waits for it and says so, and the arrow keys keep moving the map: with the
/// list empty, the arrows said "No pins in view" and left the map where it was for as long as the
/// indexing ran (a frozen key), and the list said there were no pins in view (there were
/// 23,169 in a million).
final class IndexingElsewhereTests: XCTestCase {
    /// The state after a view read that found a backlog and no listed pins, and the answer
    /// that another pinmap indexes it.
    private func waitingState() throws -> AppState {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true,
                         environment: AppEnvironment(indexesWhenNeeded: true))
        let request = try XCTUnwrap(s.update(.view(.showViewport(Viewport(center: GeoPoint(latitude: 35.1, longitude: 129.0), zoom: 360))),
                                             now: 0).lazy.compactMap { if case .loadView(let r) = $0 { r } else { nil } }.last)
        XCTAssertTrue(request.checksIndexBacklog)
        let part = ViewData.ViewPart(markers: [MapMarker(id: 1, latitude: 35.1, longitude: 129.0, count: 23_169, categoryIndex: -1)],
                                     inView: 23_169, approximate: true, elsewhere: nil, listed: [], listCount: 0)
        let effects = s.update(.view(.loaded(ViewData(totals: PinCellTotals(total: 1_000_000, categories: []), view: part,
                                                    selectedMarker: nil, list: true, generation: request.generation,
                                                    indexBacklog: true))), now: 0.1)
        XCTAssertTrue(effects.contains(.finishIndexing), "this pinmap offers to index it first")
        _ = s.update(.indexing(.finished(.elsewhere)), now: 0.2)
        return s
    }

    func testTheListSaysItWaitsForTheOtherPinmapsIndexing() throws {
        let s = try waitingState()
        let f = s.render()
        let first = s.layout.sheetRect(height: s.sheet.height).y + 1
        XCTAssertEqual(f.line(first), "▸ Pins in view: ≈23169 · newest first")
        XCTAssertEqual((1...2).map { f.line(first + $0) },
                       ["  Another pinmap is indexing the pins a large import added: the map shows them; the list fills in",
                        "  when it ends"])
    }

    func testArrowsMoveTheMapWhileTheListWaits() throws {
        var s = try waitingState()
        let before = s.map.viewport.center
        _ = s.update(.input(.key(.right)), now: 1)
        XCTAssertGreaterThan(s.map.viewport.center.longitude, before.longitude, "→ pans east")
        _ = s.update(.input(.key(.left)), now: 1.1)
        XCTAssertEqual(s.map.viewport.center.longitude, before.longitude, accuracy: 1e-9, "← pans back")
        _ = s.update(.input(.key(.down)), now: 1.2)
        XCTAssertLessThan(s.map.viewport.center.latitude, before.latitude, "↓ pans south: the list has no row to move to")
        _ = s.update(.input(.key(.pageDown)), now: 1.3)
        XCTAssertEqual(s.feedback.message, "Another pinmap is indexing the pins a large import added: the map shows them; the list fills in when it ends")
    }

    /// When the other pinmap's indexing is done (its commit is seen as a change elsewhere), the
    /// next read finds no backlog and the list is read.
    func testTheListStopsWaitingWhenTheBacklogIsGone() throws {
        var s = try waitingState()
        let request = try XCTUnwrap(s.update(.view(.reload(list: true)), now: 2).lazy.compactMap { if case .loadView(let r) = $0 { r } else { nil } }.last)
        let pin = Pin(id: 7, title: "Golden Inn", latitude: 35.1, longitude: 129.0, createdAt: "2026-12-06T00:00:00Z", updatedAt: "2026-12-06T00:00:00Z")
        let part = ViewData.ViewPart(markers: [MapMarker(id: 7, latitude: 35.1, longitude: 129.0, count: 1, categoryIndex: -1)],
                                     inView: 1, approximate: false, elsewhere: nil, listed: [pin], listCount: 1)
        _ = s.update(.view(.loaded(ViewData(totals: PinCellTotals(total: 1_000_000, categories: []), view: part,
                                          selectedMarker: nil, list: true, generation: request.generation,
                                          indexBacklog: false))), now: 2.1)
        XCTAssertFalse(s.loads.indexingBacklog)
        XCTAssertNil(s.listWaitingText)
        XCTAssertEqual(s.list.pins.map(\.title), ["Golden Inn"])
    }
}
