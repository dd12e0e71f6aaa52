import XCTest
@testable import PinStore

/// `NewestPinsWindow`: the list of a view panned within the margin comes from the pins kept
/// for the last view and equals what sorting every pin in view gives; writes drop it.
final class NewestPinsWindowTests: XCTestCase {
    private func seoul(panned steps: Int) -> LatLonBox {
        let d = Double(steps) * 0.001
        return LatLonBox(south: 37.55 + d, west: 126.96 + d, north: 37.58 + d, east: 127.0 + d)
    }

    func testPannedViewsListWhatSortingGivesAndReadOnlyPastTheMargin() throws {
        let store = try ListFixture.store(3_000)
        for cats in [nil, ["cafe"]] as [Set<String>?] {
            for (inView, total) in [(3_000, 3_000), (1, 3_000)] {  // both plans
                for steps in [0, 1, -2, 3, 9, 30, 0] {
                    for limit in [5, 40] {
                        let boxes = [seoul(panned: steps)]
                        let got = try store.newestPins(in: boxes, categories: cats, limit: limit, inView: inView, total: total)
                        XCTAssertEqual(got.pins.map(\.id), try ListFixture.newestIDs(store, boxes, cats, limit: limit),
                                       "steps \(steps) limit \(limit) \(String(describing: cats)) plan \(got.plan)")
                        XCTAssertEqual(got.plan, inView == 1 ? .spatialFetch : .createdScan)
                    }
                }
            }
        }
        // The last read kept the view grown by a quarter per side, and 4 × 40 pins at most.
        let kept = try XCTUnwrap(store.newestPinsWindow.entry)
        XCTAssertEqual(kept.boxes.count, 1)
        XCTAssertEqual(kept.boxes[0].south, 37.55 - 0.0075, accuracy: 1e-9)
        XCTAssertEqual(kept.boxes[0].east, 127.0 + 0.01, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(kept.pins.count, 160)
    }

    func testAHitReadsNothingAndAWriteDropsTheWindow() throws {
        let store = try ListFixture.store(400)
        let view = [seoul(panned: 0)]
        let first = try store.newestPins(in: view, categories: nil, limit: 5, inView: 400, total: 400).pins
        let kept = try XCTUnwrap(store.newestPinsWindow.entry)
        // A view a fraction of the margin away is answered from the kept pins.
        let panned = [seoul(panned: 1)]
        XCTAssertEqual(try store.newestPins(in: panned, categories: nil, limit: 5, inView: 400, total: 400).pins.map(\.id),
                       try ListFixture.newestIDs(store, panned, nil, limit: 5))
        XCTAssertEqual(store.newestPinsWindow.entry?.generation, kept.generation)
        XCTAssertEqual(store.newestPinsWindow.entry?.boxes, kept.boxes)
        // A newer pin in view shows at once: the write drops the window.
        let id = try store.insert(NewPin(title: "new", latitude: 37.56, longitude: 126.98, createdAt: "2099-01-01T00:00:00Z"))
        let after = try store.newestPins(in: view, categories: nil, limit: 5, inView: 400, total: 401).pins.map(\.id)
        XCTAssertEqual(after, [id] + first.prefix(4).map(\.id))
        XCTAssertNotEqual(store.newestPinsWindow.entry?.generation, kept.generation)
        // So does a delete.
        XCTAssertTrue(try store.delete(id: id))
        XCTAssertEqual(try store.newestPins(in: view, categories: nil, limit: 5, inView: 400, total: 400).pins.map(\.id),
                       first.map(\.id))
    }

    func testTooFewKeptPinsInsideReadTheViewItself() throws {
        let store = try ListFixture.store(1_000)
        let view = [seoul(panned: 0)]
        _ = try store.newestPins(in: view, categories: nil, limit: 1, inView: 1_000, total: 1_000)
        // Asking for more than the window kept reads again, and gives the right rows.
        XCTAssertEqual(try store.newestPins(in: view, categories: nil, limit: 200, inView: 1_000, total: 1_000).pins.map(\.id),
                       try ListFixture.newestIDs(store, view, nil, limit: 200))
    }
}
