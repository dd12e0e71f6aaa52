import XCTest
import PinModel
@testable import PinStore

/// The fit of a large store's pins comes from the pin cell tree (`Store.cellExtent`), not a
/// `min`/`max` over every pin, and is the exact box all the same (the PostgreSQL store's
/// answer: `RepositoryContractTests`), whatever the pins' category.
final class CellExtentTests: XCTestCase {
    /// 25,000 pins around Seoul, Tokyo and London and over the world, every 17th on its
    /// predecessor (the fixture less its pole and ±180° pins, so the box is not the world's).
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

    func testTheTreesBoxIsTheExactBox() throws {
        let (store, pins) = try bigStore()
        XCTAssertEqual(try store.cellExtent(categories: nil), exactBox(pins), "a current tree of 25,000 pins answers")
        XCTAssertEqual(try store.boundingBox(matching: PinQuery()), exactBox(pins))
    }

    /// The UI's fit asks with the list's query, which carries the map's centre for the
    /// distance order: that centre filters nothing, so the tree still answers.
    func testAFitThatCarriesTheListsCentreIsAnsweredByTheTree() throws {
        let (store, pins) = try bigStore()
        let fit = PinQuery(order: .distance, near: (latitude: 37.5, longitude: 127))
        XCTAssertNotNil(try store.cellExtent(categories: nil))
        XCTAssertEqual(try store.boundingBox(matching: fit), exactBox(pins))
    }

    func testACategorysBoxComesFromItsOwnTree() throws {
        let (store, pins) = try bigStore()
        for category in CellFixture.categories {
            let own = pins.filter { $0.category == category }
            XCTAssertEqual(try store.boundingBox(matching: PinQuery(categories: [category])), exactBox(own), category)
        }
        let parks = pins.filter { $0.category == "park" }
        XCTAssertEqual(try store.cellExtent(categories: ["park"]), exactBox(parks))
        XCTAssertNil(try store.cellExtent(categories: ["no such category"]))
    }

    /// Pins on top of the extreme pins (one finest cell, ≈ 9.5 m, holding several): the
    /// tree cannot tell them apart, the spatial index does.
    func testPinsSharingTheExtremeFinestCellAreToldApart() throws {
        let (store, pins) = try bigStore()
        let south = pins.min { $0.latitude < $1.latitude }!, east = pins.max { $0.longitude < $1.longitude }!
        let near = [NewPin(title: "s", latitude: south.latitude + 0.000001, longitude: south.longitude),
                    NewPin(title: "s2", latitude: south.latitude - 0.000002, longitude: south.longitude + 0.000001),
                    NewPin(title: "e", latitude: east.latitude, longitude: east.longitude - 0.000001),
                    NewPin(title: "e2", latitude: east.latitude + 0.000001, longitude: east.longitude + 0.000003)]
        for p in near { try store.insert(p) }
        XCTAssertNotNil(try store.cellExtent(categories: nil))
        XCTAssertEqual(try store.boundingBox(matching: PinQuery()), exactBox(pins + near))
    }

    func testASmallStoreOrALaggingTreeGetsTheExactBox() throws {
        let store = try Store.inMemory()
        let pins = Array(CellFixture.pins(300, seed: 3).dropFirst(7))
        for p in pins { try store.insert(p) }
        XCTAssertNil(try store.cellExtent(categories: nil), "300 pins: the exact box is as cheap")
        XCTAssertEqual(try store.boundingBox(matching: PinQuery()), exactBox(pins))
    }
}
