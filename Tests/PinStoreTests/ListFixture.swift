import Foundation
@testable import PinStore

/// Stores for the tests of the list that follows the map (`PinsInViewTests`,
/// `NewestPinsWindowTests`), and the list the brute force gives.
enum ListFixture {
    /// An in-memory store of `count` generated pins (`CellFixture.pins`, seed 31); every
    /// 50th from the 10th shares one creation second, so the order falls back to the id.
    static func store(_ count: Int) throws -> Store {
        let store = try Store.inMemory()
        var pins = CellFixture.pins(count, seed: 31)
        for i in stride(from: 10, to: pins.count, by: 50) { pins[i].createdAt = "2024-01-01T00:30:00Z" }
        try store.transaction { for p in pins { try store.insert(p) } }
        return store
    }

    /// Ids of the newest `limit` pins in `boxes` (WGS84 degrees) of `categories` (nil: all),
    /// by sorting every pin in view (`Store.pins(matching:)`).
    static func newestIDs(_ store: Store, _ boxes: [LatLonBox], _ categories: Set<String>?, limit: Int) throws -> [Int64] {
        try store.pins(matching: PinQuery(boxes: boxes, categories: categories, order: .newest, limit: limit)).map(\.id)
    }
}
