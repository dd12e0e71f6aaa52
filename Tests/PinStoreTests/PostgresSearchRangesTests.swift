import XCTest
import Foundation
import PinModel
import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// The server's search reads the newest matches in id ranges, each the cheaper of a walk
/// and the search lists (`PostgresStore+Search.swift`): whichever it takes, the answer is the
/// SQLite store's, word for word, before and after writes.
final class PostgresSearchRangesTests: XCTestCase {
    private var databases: [String] = []

    override func tearDownWithError() throws {
        databases.forEach(TestServer.dropDatabase)
    }

    /// 12,000 pins: `caf` in a quarter of them (walked), `서` in 1 of 37 and `sa` in 1 of
    /// 45 (the index within a range, for 100 matches), `zq` only among the oldest (the
    /// index alone), Korean and Latin words of 1, 2 and 3 characters, property values.
    func testEveryWayOfReadingGivesTheSQLiteStoresAnswer() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let server = try PostgresStore(uri: uri), file = try Store.inMemory()
        let snapshot = StoreSnapshot(pins: (1...12_000).map { i in
            var words = ["p\(i)"]
            if i % 4 == 0 { words.append("Cafe") }
            if i % 37 == 0 { words.append("서울") }
            if i % 45 == 0 { words.append("Sao Paulo") }
            if i % 53 == 0 { words.append("국립중앙박물관") }
            if i < 300 && i % 7 == 0 { words.append("Zqa") }
            let properties = i % 101 == 0 ? #"{"name_ko":"종묘","n":"\#(i % 7)"}"# : "{}"
            return SnapshotPin(pin: Pin(id: Int64(i), title: words.joined(separator: " "), description: i % 3 == 0 ? "by the 서 gate" : "",
                                        category: ["cafe", "museum", "park", ""][i % 4], latitude: Double(i % 170) - 85,
                                        longitude: Double(i % 350) - 175, createdAt: "2024-01-0\(1 + i % 9)T00:00:00Z",
                                        updatedAt: "2024-01-01T00:00:00Z", properties: properties),
                               batchID: nil, comments: [])
        })
        XCTAssertEqual(try server.receive(snapshot).pins, 12_000)
        XCTAssertEqual(try file.receive(snapshot).pins, 12_000)
        try assertSameAnswers(server, file, "after the load")

        // Writes row by row: an old pin gains and loses words, pins go and one comes back.
        for (id, title) in [(5, "서울역 Sao"), (8, "Zq"), (40, "plain"), (11_999, "박물관 cafe")] as [(Int64, String)] {
            _ = try server.update(id: id, title: title, description: nil, category: nil, latitude: nil, longitude: nil)
            _ = try file.update(id: id, title: title, description: nil, category: nil, latitude: nil, longitude: nil)
        }
        for id: Int64 in [12_000, 11_988, 7] {
            XCTAssertTrue(try server.delete(id: id))
            XCTAssertTrue(try file.delete(id: id))
        }
        let gone = try XCTUnwrap(try server.deleteForUndo(id: 11_100))
        _ = try file.deleteForUndo(id: 11_100)
        try assertSameAnswers(server, file, "after a delete")
        XCTAssertEqual(try server.restore(gone), 11_100)
        try file.restore(gone)
        try assertSameAnswers(server, file, "after edits, deletes and an undo")
    }

    private func assertSameAnswers(_ server: PostgresStore, _ file: Store, _ when: String,
                                   file line: UInt = #line) throws {
        let queries = ["a", "c", "서", "종", "q", "ca", "sa", "서울", "종묘", "zq", "caf", "san", "서울역", "박물관",
                       "cafe", "zqa p1", "서 cafe", "p11", "5", "museum", "\"", "no such"]
        for text in queries {
            for (limit, categories) in [(5_000, nil), (300, nil), (100, nil), (40, nil), (100, ["museum", "park"])] as [(Int, Set<String>?)] {
                let got = try server.search(text, categories: categories, scanLimit: limit)
                let want = try file.search(text, categories: categories, scanLimit: limit)
                XCTAssertEqual(got.matches.map(\.id), want.matches.map(\.id), "\(text) \(limit) \(categories ?? []) \(when)", line: line)
                XCTAssertEqual(got, want, "\(text) \(limit) \(categories ?? []) \(when)", line: line)
            }
        }
    }

    /// The ranges: a dense word walks on, a sparse one asks the index within a range sized
    /// for what is still needed, a word not seen yet asks the index for everything left.
    func testTheNextRangeIsTheCheaperWay() {
        func next(_ found: Int, first: Int64 = 1) -> String {
            let (way, lo) = PostgresStore.nextRange(found: found, need: 5_001, walked: 2_000, first: first, hi: 998_000)
            return "\(way) \(lo)"
        }
        // 1,431 of the newest 2,000 matched (`a`): 3,570 more needed, and a tenth, walked in 5,489 ids.
        XCTAssertEqual(next(1_431), "walk 992512")
        // 54 of 2,000 (`서`): 4,947 more, in 201,545 ids through the index.
        XCTAssertEqual(next(54), "indexInRange 796456")
        // None yet: the index, for every id left.
        XCTAssertEqual(next(0), "index 1")
        // A range wider than what is left: all of it, the same way.
        XCTAssertEqual(next(54, first: 900_000), "index 900000")
        XCTAssertEqual(next(900, first: 990_000), "walk 990000")
    }
}
