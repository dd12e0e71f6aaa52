import XCTest
import PinModel
@testable import PinStore

/// The fit of a large store's pins comes from the pin cell tree (`Store.cellExtent`), not a
/// `min`/`max` over every pin: it must hold every pin and pass the exact box by at most
/// 1/256 of its span on each side.
final class CellExtentTests: XCTestCase {
    /// 25,000 pins around Seoul, Tokyo and London (the fixture less its pole and ±180° pins).
    private func bigStore() throws -> (Store, [NewPin]) {
        let store = try Store.inMemory()
        let pins = Array(CellFixture.pins(25_007, seed: 31).dropFirst(7))
            .filter { abs($0.latitude) < 80 && abs($0.longitude) < 170 }
            .map { p -> NewPin in var p = p; p.longitude = max(-20, p.longitude); return p }
        try store.beginBulkInsert(expectedRows: pins.count)
        try store.transaction {
            let inserter = try PinInserter(store: store)
            for p in pins { try inserter.insert(p, batchID: nil) }
        }
        try store.endBulkInsert()
        return (store, pins)
    }

    private func exactBox(_ pins: [NewPin]) -> LatLonBox {
        LatLonBox(south: pins.map(\.latitude).min()!, west: pins.map(\.longitude).min()!,
                  north: pins.map(\.latitude).max()!, east: pins.map(\.longitude).max()!)
    }

    private func assertFits(_ box: LatLonBox?, _ exact: LatLonBox, line: UInt = #line) {
        guard let box else { return XCTFail("no box", line: line) }
        let slack = max(exact.east - exact.west, (exact.north - exact.south) / 2) / 256 + 1e-9
        XCTAssertTrue(box.south <= exact.south && box.south >= exact.south - 2 * slack, "south \(box.south) vs \(exact.south)", line: line)
        XCTAssertTrue(box.north >= exact.north && box.north <= exact.north + 2 * slack, "north \(box.north) vs \(exact.north)", line: line)
        XCTAssertTrue(box.west <= exact.west && box.west >= exact.west - slack, "west \(box.west) vs \(exact.west)", line: line)
        XCTAssertTrue(box.east >= exact.east && box.east <= exact.east + slack, "east \(box.east) vs \(exact.east)", line: line)
    }

    func testTheTreesBoxHoldsEveryPinAndFitsTheExactBox() throws {
        let (store, pins) = try bigStore()
        XCTAssertNotNil(try store.cellExtent(categories: nil), "a current tree of 25,000 pins answers")
        assertFits(try store.boundingBox(matching: PinQuery()), exactBox(pins))
    }

    /// The UI's fit asks with the list's query, which carries the map's centre for the
    /// distance order: that centre filters nothing, so the tree still answers.
    func testAFitThatCarriesTheListsCentreIsAnsweredByTheTree() throws {
        let (store, pins) = try bigStore()
        let fit = PinQuery(order: .distance, near: (latitude: 37.5, longitude: 127))
        let tree = try XCTUnwrap(try store.cellExtent(categories: nil))
        XCTAssertNotEqual(tree, exactBox(pins), "the tree's box is not the exact one, so the two can be told apart")
        XCTAssertEqual(try store.boundingBox(matching: fit), tree)
    }

    func testACategorysBoxComesFromItsOwnTree() throws {
        let (store, pins) = try bigStore()
        let parks = pins.filter { $0.category == "park" }
        assertFits(try store.cellExtent(categories: ["park"]), exactBox(parks))
        XCTAssertNil(try store.cellExtent(categories: ["no such category"]))
    }

    func testASmallStoreOrALaggingTreeGetsTheExactBox() throws {
        let store = try Store.inMemory()
        let pins = Array(CellFixture.pins(300, seed: 3).dropFirst(7))
        for p in pins { try store.insert(p) }
        XCTAssertNil(try store.cellExtent(categories: nil), "300 pins: the exact box is as cheap")
        XCTAssertEqual(try store.boundingBox(matching: PinQuery()), exactBox(pins))
    }
}
