import XCTest
@testable import PinStore

final class NearTests: XCTestCase {
    func testTheClosestNAreTheFirstNOfTheFullSortTiesByID() throws {
        let store = try Store.inMemory()
        // 60 pins on a line east of (0, 0), in shuffled order, two at each distance.
        var order = Array(0..<60)
        var g = SystemRandomNumberGenerator()
        order.shuffle(using: &g)
        for i in order { try store.insert(NewPin(title: "p\(i)", latitude: 0, longitude: Double(i / 2) * 0.01)) }
        let all = try store.pinsByDistance(PinQuery(), latitude: 0, longitude: 0)
        XCTAssertEqual(all.count, 60)
        XCTAssertEqual(all.map(\.metres), all.map(\.metres).sorted())
        for k in [0, 1, 5, 17, 60, 100] {
            let some = try store.pinsByDistance(PinQuery(limit: k), latitude: 0, longitude: 0)
            XCTAssertEqual(some.map(\.pin.id), Array(all.prefix(k)).map(\.pin.id), "limit \(k)")
        }
        // Ties (same distance) come by id; 0.01° of longitude at the equator is 1,112 m.
        XCTAssertLessThan(all[0].pin.id, all[1].pin.id)
        XCTAssertEqual(all[0].metres, 0)
        XCTAssertEqual(all[2].metres, 1_111.95, accuracy: 0.01)
        // A search narrows it, as for the list.
        let found = try store.pinsByDistance(PinQuery(limit: 3, search: "p5"), latitude: 0, longitude: 0).map(\.pin.title)
        XCTAssertEqual(found.first, "p5")
        XCTAssertEqual(Set(found.dropFirst()), ["p50", "p51"], "the two at 0.25°, in id order")
    }
}
