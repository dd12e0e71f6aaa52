import XCTest
import Foundation
import PinModel
import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// The search lists of migration 7 (`search_postings` from bulk loads, `search_delta` from
/// every other write) name every pin that holds a gram, whichever way the pin came: a load
/// into an empty store, a load into a store with pins (by its owner and by a role that only
/// writes the pins), a write after, a store made before migration 7; and search answers as
/// the SQLite store does.
final class PostgresSearchListsTests: XCTestCase {
    private var databases: [String] = []
    private var roles: [String] = []

    override func tearDownWithError() throws {
        databases.forEach(TestServer.dropDatabase)
        for role in roles { TestServer.dropRole(role, fallbackURI: TestServer.url ?? "") }
    }

    private func freshStore() throws -> String {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        return uri
    }

    /// `n` pins titled `prefix i`, `서울` in every 7th, `박물관` in every 11th, `Zq` in every 13th,
    /// the trigrams of `abcd` apart in every 3rd (candidates that do not match: read in
    /// several chunks) and `abcd` in every 97th.
    private func snapshot(_ n: Int, _ prefix: String) -> StoreSnapshot {
        StoreSnapshot(pins: (1...n).map { i in
            var words = ["\(prefix) \(i)"]
            if i % 7 == 0 { words.append("서울") }
            if i % 11 == 0 { words.append("박물관") }
            if i % 13 == 0 { words.append("Zq") }
            if i % 3 == 0 { words.append("abcx bcd") }
            if i % 97 == 0 { words.append("abcd") }
            return SnapshotPin(pin: Pin(id: Int64(i), title: words.joined(separator: " "), description: "", category: ["cafe", "park"][i % 2],
                                        latitude: Double(i % 170) - 85, longitude: Double(i % 350) - 175,
                                        createdAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z",
                                        properties: i % 5 == 0 ? #"{"n":\#(i)}"# : ""),
                               batchID: nil, comments: [])
        })
    }

    private static let queries = ["서", "서울", "박물관", "zq", "zq 서울", "물관", "site 7", "trip 12", "walk 4", "abcd", "new", "새 길", "a", "no such"]

    /// The titles `search` finds on both stores (all and the newest 40), which must agree.
    private func assertSameAnswers(_ server: PostgresStore, _ file: Store, _ when: String, line: UInt = #line) throws {
        for text in Self.queries {
            for limit in [5_000, 40] {
                let got = try server.pins(ids: try server.search(text, categories: nil, scanLimit: limit).matches.map(\.id)).map(\.title)
                let want = try file.pins(ids: try file.search(text, categories: nil, scanLimit: limit).matches.map(\.id)).map(\.title)
                XCTAssertEqual(got, want, "\(text) \(limit) \(when)", line: line)
            }
            let listed = try server.pins(matching: PinQuery(search: text)).map(\.title).sorted()
            XCTAssertEqual(listed, try file.pins(matching: PinQuery(search: text)).map(\.title).sorted(), "list \(text) \(when)", line: line)
        }
    }

    private func differences(_ uri: String) throws -> [[String?]] { try PostgresDatabases.rows(SearchListsCheck.differences, uri: uri) }

    func testLoadsIntoAStoreWithPinsByTheOwnerAndByAWriterAddSegments() throws {
        let uri = try freshStore()
        let (role, writerURI) = try TestServer.writerRole(on: uri)
        roles.append(role)
        // A second writer may not insert into the search lists: the server lists its load's grams.
        let (other, otherURI) = try TestServer.writerRole(on: uri)
        roles.append(other)
        try PostgresDatabases.execute("REVOKE INSERT ON search_postings FROM \(other)", uri: uri)
        let owner = try PostgresStore(uri: uri), writer = try PostgresStore(uri: writerURI), file = try Store.inMemory()
        let loads: [(PostgresStore, Int, String)] = [(owner, 30, "first"), (owner, 6_000, "site"), (writer, 6_000, "trip"),
                                                     (try PostgresStore(uri: otherURI), 5_000, "walk")]
        for (store, pins, prefix) in loads {
            XCTAssertEqual(try store.receive(snapshot(pins, prefix)).pins, pins)
            XCTAssertEqual(try file.receive(snapshot(pins, prefix)).pins, pins)
        }
        XCTAssertEqual(try differences(uri), [["0", "0"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(DISTINCT base) FROM search_postings", uri: uri), [["3"]],
                       "the three bulk loads wrote a segment each; the first 30 pins went row by row")
        try assertSameAnswers(owner, file, "after the loads")
    }

    /// Capitals beyond ASCII fold as the client and the SQLite store fold them (migration 8),
    /// in pins loaded in bulk and written row by row, found through the lists and by a walk.
    func testCapitalsBeyondASCIIAreFoundAsInTheFileStore() throws {
        let uri = try freshStore()
        let owner = try PostgresStore(uri: uri), file = try Store.inMemory()
        var bulk = snapshot(6_000, "site")
        bulk.pins[17].pin.title = "ÜBERSEE Hafen"
        bulk.pins[5_900].pin.title = "École ÉTÉ"
        XCTAssertEqual(try owner.receive(bulk).pins, 6_000)
        XCTAssertEqual(try file.receive(bulk).pins, 6_000)
        for store in [owner, file] as [any PinRepository] {
            _ = try store.insert(NewPin(title: "Über Café", description: "ÖLBERG", latitude: 1, longitude: 2), batchID: nil)
        }
        let expected = ["über": ["Über Café", "ÜBERSEE Hafen"], "ÜBER": ["Über Café", "ÜBERSEE Hafen"], "übersee": ["ÜBERSEE Hafen"],
                        "école": ["École ÉTÉ"], "été": ["École ÉTÉ"], "ölberg": ["Über Café"], "é": ["Über Café", "École ÉTÉ"]]
        for (text, titles) in expected {
            for store in [owner, file] as [any PinRepository] {
                let found = try store.pins(ids: try store.search(text, categories: nil, scanLimit: 5_000).matches.map(\.id)).map(\.title)
                XCTAssertEqual(found, titles, "\(text) on \(store.location)")
                XCTAssertEqual(try store.pins(matching: PinQuery(search: text)).map(\.title).sorted(), titles.sorted(), "list \(text)")
            }
        }
        XCTAssertEqual(try differences(uri), [["0", "0"]])
    }

    /// A role that may write `pins` but has no rights on the search lists: its writes still
    /// list their grams (the trigger runs as the tables' owner).
    func testWritesAfterALoadAreFoundEvenByARoleWithoutRightsOnTheLists() throws {
        let uri = try freshStore()
        let (role, writerURI) = try TestServer.writerRole(on: uri)
        roles.append(role)
        try PostgresDatabases.execute("REVOKE ALL ON search_postings, search_delta FROM \(role)", uri: uri)
        let owner = try PostgresStore(uri: uri), writer = try PostgresStore(uri: writerURI), file = try Store.inMemory()
        XCTAssertEqual(try owner.receive(snapshot(6_000, "site")).pins, 6_000)
        XCTAssertEqual(try file.receive(snapshot(6_000, "site")).pins, 6_000)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(DISTINCT id) FROM search_delta", uri: uri), [["1200"]],
                       "only the pins with a number (their grams are the server's)")
        for store in [writer, file] as [any PinRepository] {
            _ = try store.insert(NewPin(title: "새 길 new", latitude: 37.5, longitude: 127), batchID: nil)
            _ = try store.update(id: 10, title: "Site 10 박물관 새 길", description: nil, category: nil, latitude: nil, longitude: nil, ifVersion: nil)
            _ = try store.update(id: 22, title: "plain", description: nil, category: nil, latitude: nil, longitude: nil, ifVersion: nil)
            XCTAssertTrue(try store.delete(id: 77, ifVersion: nil))
        }
        let missing = try differences(uri)
        XCTAssertEqual(missing.first?.first, "0", "no pin's gram is missing")
        XCTAssertNotEqual(missing.first?.last, "0", "pin 22's old grams and pin 77's stay listed")
        try assertSameAnswers(owner, file, "after a writer's add, edits and delete")
    }

    /// A store made before migration 7 (its grams in `pins.search_grams`, a GIN index of
    /// them), with a role that may read its tables: migration 7 lists every pin's grams, drops the
    /// column, its index and triggers, and the reader still searches.
    func testMigration7ListsTheGramsOfAnOlderStore() throws {
        guard let url = TestServer.url else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.emptyDatabaseURI()
        databases.append(uri)
        let db = try PGConnection(uri: uri)
        for (k, sql) in PostgresSchema.all.prefix(6).enumerated() {
            try db.executeScript("BEGIN; \(sql); INSERT INTO schema_version(version) VALUES (\(k + 1)); COMMIT;")
        }
        let titles = ["서울 Station", "서울역 cafe", "국립중앙박물관", "Zq 9", "Jongmyo"]
        for (i, title) in titles.enumerated() {
            try db.execute("""
                INSERT INTO pins(title, latitude, longitude, created_at, updated_at, properties)
                VALUES ($1, 37.5, 127, '2024-01-01', '2024-01-01', $2::jsonb)
                """, [title, i == 3 ? #"{"depth": 12}"# : "{}"])
        }
        let reader = "pinmap_reader_\(UUID().uuidString.prefix(8).lowercased())"
        roles.append(reader)
        try PostgresDatabases.execute("CREATE ROLE \(reader) LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(reader)", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) FROM pins WHERE search_grams IS NOT NULL", uri: uri), [["5"]])

        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri), [["\(PostgresSchema.all.count)"]])
        XCTAssertEqual(try PostgresDatabases.rows("""
            SELECT count(*) FROM pg_attribute WHERE attrelid = 'pins'::regclass AND attname = 'search_grams' AND NOT attisdropped
            """, uri: uri), [["0"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) FROM pg_indexes WHERE indexname = 'pins_search_grams'", uri: uri), [["0"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT tgname FROM pg_trigger WHERE tgname LIKE 'pins_search%' ORDER BY 1", uri: uri),
                       [["pins_search_insert"], ["pins_search_update"]])
        XCTAssertEqual(try differences(uri), [["0", "0"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) FROM search_delta", uri: uri), [["0"]], "all in postings")

        let read = try PostgresStore(uri: uri.replacingOccurrences(of: "user=postgres", with: "user=\(reader)"))
        for (text, want) in [("서울", [2, 1]), ("울역", [2]), ("박물관", [3]), ("zq", [4]), ("12", [4]), ("o", [5, 1])] as [(String, [Int64])] {
            XCTAssertEqual(try read.search(text, categories: nil, scanLimit: 100).matches.map(\.id), want, text)
            XCTAssertEqual(try read.pins(matching: PinQuery(search: text)).map(\.id), want, "list \(text)")
        }
        _ = try store.insert(NewPin(title: "서울숲", latitude: 37.5, longitude: 127), batchID: nil)
        XCTAssertEqual(try read.search("서울", categories: nil, scanLimit: 100).matches.map(\.id), [6, 2, 1])
        _ = url
    }
}
