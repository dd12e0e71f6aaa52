import Foundation
import XCTest
@testable import PinmapCLI
import PinImport
import PinModel
import PinStore
@testable import PinStorePostgres
import PostgresTesting
import PinmapTestSupport

/// Two imports at once into a database without a Pinmap store: one makes the store, the other
/// waits for it under the migrations' advisory lock and then imports into it as into a store
/// that exists (it used to make the schema again: `function "pinmap_cell" already exists`,
/// or `deadlock detected`) (PINMAP_TEST_PG_URL).
final class PostgresSchemaRaceTests: XCTestCase {
    private var temp: TempFolder!
    private var folder: URL { URL(fileURLWithPath: temp.path) }

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        temp = try makeTempFolder()
    }

    /// `rows` pins named `prefix 0` …, on the staged path (under `PostgresStore.bulkFrom`).
    private func csv(_ prefix: String, rows: Int) throws -> String {
        var text = "title,latitude,longitude\n"
        for i in 0..<rows { text += "\(prefix) \(i),\(37 + Double(i % 90) * 0.01),\(127 + Double(i % 80) * 0.01)\n" }
        let path = folder.appendingPathComponent("\(prefix).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private final class StoreBox: @unchecked Sendable {
        let store: PostgresStore
        init(_ store: PostgresStore) { self.store = store }
    }

    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var byName: [String: String] = [:]
        func set(_ name: String, _ value: String) { lock.withLock { byName[name] = value } }
        var all: [String: String] { lock.withLock { byName } }
    }

    func testTwoImportsIntoADatabaseWithoutAStoreBothImport() throws {
        let files = ["A": try csv("A", rows: 300), "B": try csv("B", rows: 200)]
        // A race shows only now and then: a few rounds, each on a new database.
        for round in 0..<4 {
            let uri = try TestServer.emptyDatabaseURI()
            defer { TestServer.dropDatabase(uri) }
            let outcomes = Outcomes()
            let names = ["A", "B"]
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let name = names[k]
                do {
                    let store = try PostgresStore(uri: uri, creatingOnImport: true)
                    let report = try ServerImport.run(path: files[name]!, store: store)
                    outcomes.set(name, "imported \(report.imported), rejected \(report.rejected), duplicates \(report.duplicates)")
                } catch {
                    outcomes.set(name, "failed: \(error)")
                }
            }
            XCTAssertEqual(outcomes.all, ["A": "imported 300, rejected 0, duplicates 0", "B": "imported 200, rejected 0, duplicates 0"],
                           "round \(round)")
            let store = try PostgresStore(uri: uri)
            XCTAssertEqual(try store.count(), 500, "round \(round)")
            XCTAssertEqual(try store.importBatches().map(\.imported).sorted(), [200, 300], "round \(round)")
            // Each migration ran once.
            XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) = max(version) FROM schema_version", uri: uri).map { $0[0] ?? "" },
                           ["t"], "round \(round)")
        }
    }

    /// The order that made the store twice, held still: a connection that found no store
    /// waits for the migrations' lock while another makes the store and commits. Once it has
    /// the lock it sees the store (its catalog cache, read before the wait, still said
    /// `schema_version` was missing: `function "pinmap_cell" already exists`) and makes nothing.
    func testASchemaMadeWhileWaitingForTheLockIsSeen() throws {
        let uri = try TestServer.emptyDatabaseURI()
        defer { TestServer.dropDatabase(uri) }
        let waiting = try PostgresStore(uri: uri, creatingOnImport: true)
        XCTAssertFalse(waiting.hasSchema)
        let maker = try PGConnection(uri: uri)
        _ = try maker.execute("BEGIN")
        _ = try maker.execute("SELECT pg_advisory_xact_lock(5069)")
        let outcome = Outcomes()
        let done = DispatchSemaphore(value: 0)
        let box = StoreBox(waiting)  // used by the thread alone until `done`
        Thread.detachNewThread {
            do {
                // As a staged import makes the store: in the transaction that writes its pins.
                let pins = try box.store.withSchema { () throws(StoreError) -> Int in try box.store.count() }
                outcome.set("waiting", "found \(pins) pins")
            } catch { outcome.set("waiting", "failed: \(error)") }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        // A stand-in for the store, small: a whole store's invalidations overflow the waiting
        // connection's queue, which then rereads its whole cache and hides the fault.
        try maker.executeScript("""
            CREATE TABLE schema_version (version integer PRIMARY KEY);
            INSERT INTO schema_version SELECT generate_series(1, \(PostgresSchema.all.count));
            CREATE TABLE pins (id bigint);
            """)
        _ = try maker.execute("COMMIT")
        done.wait()
        XCTAssertEqual(outcome.all, ["waiting": "found 0 pins"])
        XCTAssertTrue(waiting.hasSchema)
    }

    /// Three connections create the store at once (`pinmap init`): each migration runs once,
    /// under its advisory lock, and the others find it done (a cached "no such table" after
    /// the wait used to run migration 1 again).
    func testThreeStoresCreatedAtOnceRunEachMigrationOnce() throws {
        for round in 0..<4 {
            let uri = try TestServer.emptyDatabaseURI()
            defer { TestServer.dropDatabase(uri) }
            let outcomes = Outcomes()
            DispatchQueue.concurrentPerform(iterations: 3) { k in
                do {
                    _ = try PostgresStore(uri: uri, create: true)
                    outcomes.set("\(k)", "made")
                } catch { outcomes.set("\(k)", "failed: \(error)") }
            }
            XCTAssertEqual(outcomes.all, ["0": "made", "1": "made", "2": "made"], "round \(round)")
            XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) = max(version) FROM schema_version", uri: uri).map { $0[0] ?? "" },
                           ["t"], "round \(round)")
        }
    }

    /// Two `pinmap import` processes at once, as a user runs them: a small file (staged) with
    /// a large one (streamed: `PostgresStore.bulkFrom` pins and more), then two large ones.
    /// Both exit 0 and say what they imported; the streamed import that finds the other's pins
    /// when it begins goes in as an import into a store with pins (it used to deadlock, or
    /// to ask for a second run).
    func testTwoImportCommandsAtOnceIntoADatabaseWithoutAStoreBothSucceed() throws {
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        let big = PostgresStore.bulkFrom + 500
        let files = ["S": try csv("S", rows: 300), "L": try csv("L", rows: big), "M": try csv("M", rows: big)]
        let rows = ["S": 300, "L": big, "M": big]
        func said(_ name: String, batch: Int) -> String {
            "\(files[name]!): imported \(rows[name]!) pins (batch \(batch); undo with: pinmap undo-import \(batch)), 0 rows rejected, 0 duplicates skipped\n"
                + "  CSV, encoding UTF-8, delimiter \",\", columns: name=\"title\", latitude=\"latitude\", longitude=\"longitude\"\n"
        }
        for (round, names) in [["S", "L"], ["L", "M"], ["S", "L"], ["L", "M"]].enumerated() {
            let uri = try TestServer.emptyDatabaseURI()
            defer { TestServer.dropDatabase(uri) }
            let outcomes = Outcomes()
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let name = names[k]
                do {
                    let run = try Processes.run(binary, ["import", files[name]!, "--db", uri])
                    outcomes.set(name, "\(run.status) \(run.output)")
                } catch { outcomes.set(name, "\(error)") }
            }
            // The batches' numbers tell which committed first (a streamed import that gave up
            // used one number: its batch was rolled back).
            let batches = try PostgresDatabases.rows("SELECT id FROM import_batches ORDER BY imported_at, id", uri: uri)
            let store = try PostgresStore(uri: uri)
            let byFile = Dictionary(uniqueKeysWithValues: try store.importBatches().map { (URL(fileURLWithPath: $0.file).lastPathComponent, Int($0.id)) })
            XCTAssertEqual(batches.count, 2, "round \(round)")
            XCTAssertEqual(outcomes.all, [names[0]: "0 " + said(names[0], batch: byFile["\(names[0]).csv"] ?? 0),
                                          names[1]: "0 " + said(names[1], batch: byFile["\(names[1]).csv"] ?? 0)], "round \(round)")
            XCTAssertEqual(try store.count(), rows[names[0]]! + rows[names[1]]!, "round \(round)")
        }
    }
}
