import XCTest
import PinModelTesting
import Foundation
import PinModel
import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// `created_order` (schema 12): the server's key is the client's, every write keys its pin,
/// and lists newest first and days of the timeline come in the SQLite store's order
/// whatever the `created_at` texts are.
final class PostgresCreatedOrderTests: XCTestCase {
    private var databases: [String] = []

    override func tearDownWithError() throws {
        databases.forEach(TestServer.dropDatabase)
    }

    private func freshStore() throws -> (uri: String, store: PostgresStore) {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        return (uri, try PostgresStore(uri: uri))
    }

    /// Texts whose keys tie (one second with other zones and fractions), equal texts, dates
    /// alone, texts that are not times, bytes next to each separator and digit.
    static let adversarialTimes: [String] = [
        "2017-03-09T22:18:44Z", "2017-03-09T22:18:44+09:00", "2017-03-09T22:18:44.5Z", "2017-03-09T22:18:44",
        "2017-03-09T22:18:44Z", "2017-03-09", "2017-03-09 22:18:44", "2017-03-09t22:18:44", "2017-03-09T22:18:4",
        "2017-03-09T22:18:4:", "2017-03-09T22:18:4/", "2017-03-09T22:18;00", "2017-03-09T22:18.00", "2017-03-09U",
        "2017-03-09S", "2017-03-0:", "2017-03-0", "2017-03-1", "2017-03-10T00:00:00Z", "2017-03.", "2017-03,09",
        "2017-02-28T23:59:59Z", "2017/03/09", "yesterday", "", " ", "서울", "2017-03-09T22:18:44Z서울", "~", "0",
        "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z",
    ]

    /// The server's key (its quick way and its reading position by position, on texts of
    /// both collations) is `CreatedOrder.key` on the text's UTF-8, for the adversarial texts,
    /// random ones and random times.
    func testTheServersKeyIsTheClients() throws {
        let (uri, _) = try freshStore()
        var random = SplitMix64(seed: 3)
        var texts = Self.adversarialTimes + (0..<3_000).map { _ in CreatedOrderTests.isoTime(&random) + "Z" }
        texts += (0..<6_000).map { _ in
            // Valid UTF-8 without NUL (a text the server stores).
            String(decoding: CreatedOrderTests.adversarial(&random).filter { $0 != 0 }, as: UTF8.self)
        }
        texts += Self.adversarialTimes.flatMap { t in (0...t.utf8.count).compactMap { String(bytes: t.utf8.prefix($0), encoding: .utf8) } }
        let db = try PGConnection(uri: uri)
        let r = try db.execute("""
            SELECT pinmap_created_order(t), pinmap_created_order(t COLLATE "C"), pinmap_created_order_read(t)
            FROM unnest($1::text[]) WITH ORDINALITY AS u(t, k) ORDER BY k
            """, [PGArray.texts(texts)])
        XCTAssertEqual(r.rows, texts.count)
        var quick = 0
        for (k, t) in texts.enumerated() {
            let want = "\(CreatedOrder.key(t))"
            XCTAssertEqual([r.text(k, 0), r.text(k, 1), r.text(k, 2)], [want, want, want], t)
            if t.utf8.count >= 19 && t.utf8.prefix(19).allSatisfy({ $0 < 0x80 }) { quick += 1 }
        }
        XCTAssertGreaterThan(quick, 3_000, "the quick way is tried")
    }

    /// A pin's key is set by every way of writing it: an insert, an update of `created_at`,
    /// a bulk load's rows without a key; an update of the key alone is undone.
    func testEveryWriteKeysItsPin() throws {
        let (uri, store) = try freshStore()
        let first = try store.insert(NewPin(title: "a", latitude: 1, longitude: 2, createdAt: "2017-03-09T22:18:44Z"))
        let second = try store.insert(NewPin(title: "b", latitude: 1, longitude: 2, createdAt: "yesterday"))
        let db = try PGConnection(uri: uri)
        try db.execute("UPDATE pins SET created_at = '2020-01-02T03:04:05+09:00' WHERE id = $1", ["\(second)"])
        try db.execute("UPDATE pins SET created_order = 5 WHERE id = $1", ["\(first)"])
        try db.executeScript("""
            BEGIN; SET LOCAL pinmap.bulk = 'on';
            INSERT INTO pins(title, latitude, longitude, created_at, updated_at) VALUES ('c', 1, 2, '2017-03-0:', '2017-03-09');
            COMMIT;
            """)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT title, created_order FROM pins ORDER BY id", uri: uri), [
            ["a", "\(CreatedOrder.key("2017-03-09T22:18:44Z"))"],
            ["b", "\(CreatedOrder.key("2020-01-02T03:04:05+09:00"))"],
            ["c", "\(CreatedOrder.key("2017-03-0:"))"],
        ])
    }

    /// Pins of the adversarial times, many of each (loaded in bulk into an empty store and into
    /// one with pins, which send the keys, and added one by one, which the trigger keys):
    /// newest first, a category's newest, the newest in view, a month's days ("2017-03-1Z"
    /// is on the 1st, as SQLite reads it) and a day's pins are the SQLite store's, pin for pin.
    func testListsAndDaysAreTheSQLiteStores() throws {
        let (_, server) = try freshStore()
        let file = try Store.inMemory()
        let times = Self.adversarialTimes
        let snapshot = StoreSnapshot(pins: (1...6_000).map { i in
            SnapshotPin(pin: Pin(id: Int64(i), title: "p\(i)", category: ["cafe", "park", ""][i % 3],
                                 latitude: Double(i % 120) - 60, longitude: Double(i % 300) - 150,
                                 createdAt: times[(i * 7) % times.count], updatedAt: "2024-01-01T00:00:00Z"),
                        batchID: nil, comments: [])
        })
        XCTAssertEqual(try server.receive(snapshot).pins, 6_000)
        XCTAssertEqual(try file.receive(snapshot).pins, 6_000)
        // Into a store with pins: staged, then inserted with the keys the client sent.
        let more = StoreSnapshot(pins: (1...5_000).map { i in
            SnapshotPin(pin: Pin(id: Int64(i), title: "q\(i)", latitude: 5, longitude: 6,
                                 createdAt: times[(i * 5) % times.count] + (i % 2 == 0 ? "" : "Z"), updatedAt: "2024-01-01T00:00:00Z"),
                        batchID: nil, comments: [])
        })
        XCTAssertEqual(try server.receive(more).pins, 5_000)
        XCTAssertEqual(try file.receive(more).pins, 5_000)
        for (k, t) in times.enumerated() {
            let pin = NewPin(title: "n\(k)", category: "cafe", latitude: 10, longitude: 20, createdAt: t.isEmpty ? "2017-03-09" : t)
            XCTAssertEqual(try server.insert(pin), try file.insert(pin))
        }
        for limit in [-1, 1, 37, 500] {
            let query = PinQuery(order: .newest, limit: limit)
            XCTAssertEqual(try server.pins(matching: query).map(\.id), try file.pins(matching: query).map(\.id), "newest \(limit)")
        }
        let cafes = PinQuery(categories: ["cafe"], order: .newest, limit: 300)
        XCTAssertEqual(try server.pins(matching: cafes).map(\.id), try file.pins(matching: cafes).map(\.id), "a category's newest")
        let box = [LatLonBox(south: -30, west: -100, north: 40, east: 100)]
        let inView = try server.newestPins(in: box, categories: nil, limit: 200, inView: 6_000, total: 11_032)
        XCTAssertEqual(inView.plan, .createdScan)
        XCTAssertEqual(inView.pins.map(\.id), try file.newestPins(in: box, categories: nil, limit: 200, inView: 6_000, total: 11_032).pins.map(\.id))
        for (year, month) in [(2017, 3), (2017, 2), (9999, 12), (0, 1)] {
            XCTAssertEqual(try server.days(inMonth: year, month: month), try file.days(inMonth: year, month: month), "\(year)-\(month)")
        }
        XCTAssertEqual(try server.days(inMonth: 2017, month: 3), [1: 345, 9: 5_518, 10: 344])
        for day in ["2017-03-09", "2017-03-10", "2017-03-19", "2017-02-28", "9999-12-31", "2017-03-01"] {
            XCTAssertEqual(try server.pins(onDay: day).map(\.id), try file.pins(onDay: day).map(\.id), day)
        }
    }

    /// A store made before migration 12, with pins: the migration keys them, and keys the
    /// index on the key first (without deduplication since migration 15).
    func testMigration12KeysTheStoresPins() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.emptyDatabaseURI()
        databases.append(uri)
        let db = try PGConnection(uri: uri)
        for (k, sql) in PostgresSchema.all.prefix(11).enumerated() {
            try db.executeScript("BEGIN; \(sql); INSERT INTO schema_version(version) VALUES (\(k + 1)); COMMIT;")
        }
        for t in ["2017-03-09T22:18:44Z", "yesterday", "2017-03-09"] {
            try db.execute("INSERT INTO pins(title, latitude, longitude, created_at, updated_at) VALUES ('a', 1, 2, $1, '2024-01-01')", [t])
        }
        _ = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT created_at, created_order FROM pins ORDER BY id", uri: uri), [
            ["2017-03-09T22:18:44Z", "\(CreatedOrder.key("2017-03-09T22:18:44Z"))"],
            ["yesterday", "\(CreatedOrder.key("yesterday"))"],
            ["2017-03-09", "\(CreatedOrder.key("2017-03-09"))"],
        ])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT pg_get_indexdef('pins_created'::regclass)", uri: uri), [
            ["CREATE INDEX pins_created ON public.pins USING btree (created_order DESC, created_at DESC, id DESC) WITH (deduplicate_items=off)"],
        ])
    }
}
