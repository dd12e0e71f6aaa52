import XCTest
import PinModel
@testable import PinStorePostgres
import PostgresTesting

/// A PostgreSQL store keeps the list's newest pins around the view and the map's titles
/// between frames (as a file store does), and must never answer from them after a pin
/// changed: another connection's insert, edit and delete, and the store's own, are read at
/// once, outside a transaction and inside a frame's reading one. A comment keeps them.
final class PostgresFrameCacheTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    private let seoul = LatLonBox(south: 37.5, west: 126.9, north: 37.6, east: 127.1)

    /// The titles of the 3 newest pins in the Seoul box, as the map's list reads them
    /// (5 of 5 pins in view: the created-at walk).
    private func newest(_ store: PostgresStore) throws -> [String] {
        try store.newestPins(in: [seoul], categories: nil, limit: 3, inView: 5, total: 5).pins.map(\.title)
    }

    func testTheListAndTitlesFollowEveryWriteAndKeepThroughAComment() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let map = try PostgresStore(uri: uri), other = try PostgresStore(uri: uri)
        var ids: [Int64] = []
        for (i, t) in ["a", "b", "c", "d", "e"].enumerated() {
            ids.append(try other.insert(NewPin(title: t, latitude: 37.55, longitude: 126.98 + Double(i) / 100,
                                               createdAt: "2026-01-0\(i + 1) 10:00:00")))
        }
        XCTAssertEqual(try newest(map), ["e", "d", "c"])
        XCTAssertEqual(try map.titles(ids: [ids[0], ids[4], 999]), [ids[0]: "a", ids[4]: "e"])
        let kept = map.generation
        XCTAssertEqual(map.newestWindow.entry?.generation, kept, "the window read around the view is kept")

        _ = try other.addComment(pinID: ids[3], body: "a comment changes no title")
        XCTAssertEqual(try newest(map), ["e", "d", "c"])
        XCTAssertEqual(map.generation, kept, "a comment keeps the window and the titles")

        try other.update(id: ids[3], title: "d renamed")
        XCTAssertEqual(try newest(map), ["e", "d renamed", "c"], "another connection's edit")
        XCTAssertEqual(try map.titles(ids: [ids[3]]), [ids[3]: "d renamed"])

        let f = try other.insert(NewPin(title: "f", latitude: 37.56, longitude: 126.99, createdAt: "2026-01-09 10:00:00"))
        XCTAssertEqual(try newest(map), ["f", "e", "d renamed"], "another connection's insert")

        XCTAssertTrue(try other.delete(id: f, ifVersion: nil))
        XCTAssertEqual(try newest(map), ["e", "d renamed", "c"], "another connection's delete")

        try other.update(id: ids[2], title: "c renamed")
        XCTAssertEqual(try map.reading { try newest(map) }, ["e", "d renamed", "c renamed"],
                       "a frame's reading transaction: its BEGIN brings the announcement")
        XCTAssertEqual(try map.reading { try map.titles(ids: [ids[2]]) }, [ids[2]: "c renamed"])

        try map.update(id: ids[4], title: "e renamed")
        XCTAssertEqual(try newest(map), ["e renamed", "d renamed", "c renamed"], "the store's own edit")
        XCTAssertEqual(try map.titles(ids: [ids[4]]), [ids[4]: "e renamed"])
    }
}
