import XCTest
@testable import PinStore

/// Migration 12 (lists): no `pins_tile_created`, no `pins_batch`; batches keep their pins'
/// id range. An old store converts and answers as before; imports record their range and
/// undo-import removes exactly their pins.
final class ListIndexMigrationTests: XCTestCase {
    private let seoul = LatLonBox(south: 37.55, west: 126.96, north: 37.58, east: 127.0)

    /// A store as it was before migration 12: the two indexes, no id ranges.
    private func oldStore(at path: String, deferred: Bool = false) throws -> Store {
        let store = try Store(path: path)
        try store.db.execute("DROP TABLE import_batch_pins; PRAGMA user_version = 11")
        let tile = "CREATE INDEX pins_tile_created ON pins(\(PinGrid.tileSQL), created_at, id, latitude, longitude)"
        let batch = "CREATE INDEX pins_batch ON pins(batch_id)"
        if deferred {  // a bulk import left them for `finishIndexing`
            let st = try store.db.prepare("INSERT INTO deferred_schema(name, type, sql) VALUES (?, 'index', ?)")
            for (name, sql) in [("pins_tile_created", tile), ("pins_batch", batch)] {
                try st.bind([.text(name), .text(sql)])
                try st.step()
                st.reset()
            }
        } else {
            try store.db.execute(tile + "; " + batch)
        }
        return store
    }

    /// Batch 1: pins 1–30; pin 31 by hand; batch 2: pins 32–61, then 61 deleted; batch 3:
    /// pins 61–69 (SQLite reused the freed largest id before migration 16). A comment on pin 40.
    private func fill(_ store: Store) throws {
        var pins = CellFixture.pins(70, seed: 12)
        for i in stride(from: 5, to: pins.count, by: 9) { pins[i].createdAt = "2024-01-01T00:30:00Z" }
        try store.transaction {
            try store.db.execute("""
                INSERT INTO import_batches(id, file, imported_at) VALUES (1, 'a.csv', '2024-01-01T00:00:00Z'),
                    (2, 'b.csv', '2024-01-02T00:00:00Z'), (3, 'c.csv', '2024-01-03T00:00:00Z')
                """)
            for p in pins[0..<30] { try store.insert(p, batchID: 1) }
            try store.insert(pins[30], batchID: nil)
            for p in pins[31..<61] { try store.insert(p, batchID: 2) }
            try store.db.execute("DELETE FROM pins WHERE id = 61; UPDATE pin_id_floor SET highest = 0")
            for p in pins[61..<70] { try store.insert(p, batchID: 3) }
        }
        try store.addComment(pinID: 40, body: "seen")
    }

    private func pinIndexes(_ store: Store) throws -> [String] {
        let st = try store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pins' AND sql IS NOT NULL ORDER BY name")
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }

    private func ranges(_ store: Store) throws -> [String] {
        let st = try store.db.prepare("SELECT batch_id, first_pin, last_pin FROM import_batch_pins ORDER BY batch_id")
        var out: [String] = []
        while try st.step() { out.append("\(st.int(0)): \(st.int(1))…\(st.int(2))") }
        return out
    }

    func testMigrationConvertsAnOldStoreAndAnswersAsBefore() throws {
        for deferred in [false, true] {
            let path = try TestStores.tempPath(self)
            let old = try oldStore(at: path, deferred: deferred)
            try fill(old)
            let listed = try [[seoul], [LatLonBox.world]].map {
                try old.pins(matching: PinQuery(boxes: $0, categories: nil, order: .newest, limit: 25)).map(\.id)
            }
            let days = try old.days(inMonth: 2024, month: 1)
            // Nor migration 13's column (nor 15's trigger, which names it).
            try old.db.execute("DROP TRIGGER pins_outside_edit; ALTER TABLE pins DROP COLUMN version")
            let store = try Store(path: path)
            XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
            XCTAssertEqual(try pinIndexes(store), ["pins_created_position", "pins_lat_lon"], "deferred \(deferred)")
            XCTAssertEqual(try store.deferredIndexNames(), [])
            XCTAssertEqual(try ranges(store), ["1: 1…30", "2: 32…60", "3: 61…69"])
            XCTAssertEqual(try store.importBatches().map(\.pinsLeft), [30, 29, 9])
            XCTAssertEqual(try store.changedPins(inBatch: 2), 1)
            XCTAssertEqual(try store.days(inMonth: 2024, month: 1), days)
            for (boxes, want) in zip([[seoul], [LatLonBox.world]], listed) {
                for inView in [1, 69] {
                    XCTAssertEqual(try store.newestPins(in: boxes, categories: nil, limit: 25, inView: inView, total: 69).pins.map(\.id),
                                   want, "\(boxes) in view \(inView)")
                }
            }
            XCTAssertEqual(try store.undoImport(batchID: 2), 29)
            XCTAssertEqual(try store.count(), 40)
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins WHERE id BETWEEN 32 AND 60"), 0)
            XCTAssertEqual(try store.pin(id: 61)?.id, 61, "batch 3's pin in batch 2's old range stays")
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 0)
            XCTAssertEqual(try store.importBatches().map(\.id), [1, 3])
            try TestStores.checkSearchIndex(store)
        }
    }

    func testTheMigrationCanRunAgain() throws {
        let path = try TestStores.tempPath(self)
        let store = try Store(path: path)
        try fill(store)  // batches written by hand: no ranges yet
        try store.db.execute(Migration12Lists.sql)
        try store.db.execute("DELETE FROM import_batch_pins WHERE batch_id = 3; UPDATE import_batch_pins SET last_pin = 99 WHERE batch_id = 1")
        try store.db.execute(Migration12Lists.sql)  // a renumbered migration may meet its own work
        XCTAssertEqual(try ranges(store), ["1: 1…99", "2: 32…60", "3: 61…69"], "ranges it finds are kept, missing ones added")
        try store.db.execute("UPDATE import_batch_pins SET last_pin = 30 WHERE batch_id = 1")
        XCTAssertEqual(try ranges(store), ["1: 1…30", "2: 32…60", "3: 61…69"])
    }

    func testAnImportRecordsItsIdRangeAndUndoRemovesExactlyIt() throws {
        for store in try TestStores.both(self) {
            let pins = CellFixture.pins(30, seed: 5)
            try store.insert(pins[0], batchID: nil)
            let first = try store.transaction { () throws -> Int64 in
                let id = try BatchRecord.begin(store: store, file: "a.csv", report: ImportReport(file: "a.csv"))
                for p in pins[1..<20] { try store.insert(p, batchID: id) }
                try BatchRecord.finish(store: store, id: id, report: ImportReport(file: "a.csv"))
                return id
            }
            try store.insert(pins[20], batchID: nil)
            let second = try store.transaction { () throws -> Int64 in
                let id = try BatchRecord.begin(store: store, file: "b.csv", report: ImportReport(file: "b.csv"))
                for p in pins[21..<30] { try store.insert(p, batchID: id) }
                try BatchRecord.finish(store: store, id: id, report: ImportReport(file: "b.csv"))
                return id
            }
            XCTAssertEqual(try ranges(store), ["\(first): 2…20", "\(second): 22…30"])
            XCTAssertEqual(try store.importBatches().map(\.pinsLeft), [19, 9])
            // The count and the delete read the batch's id range of the table, no index.
            let plan = try store.db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM pins WHERE id BETWEEN 2 AND 20 AND batch_id = 1")
            XCTAssertTrue(try plan.step())
            XCTAssertEqual(plan.text(3), "SEARCH pins USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)")
            XCTAssertEqual(try store.undoImport(batchID: first), 19)
            XCTAssertEqual(try store.pins().map(\.id).sorted(), [1, 21] + Array(22...30))
            XCTAssertNil(try store.undoImport(batchID: first))
            try TestStores.checkSearchIndex(store)
        }
    }

    func testARestoredPinUnderANewIdStaysInItsBatch() throws {
        let store = try Store.inMemory()
        let pins = CellFixture.pins(6, seed: 9)
        let batch = try store.transaction { () throws -> Int64 in
            let id = try BatchRecord.begin(store: store, file: "a.csv", report: ImportReport(file: "a.csv"))
            for p in pins[0..<5] { try store.insert(p, batchID: id) }
            try BatchRecord.finish(store: store, id: id, report: ImportReport(file: "a.csv"))
            return id
        }
        let deleted = try XCTUnwrap(store.deleteForUndo(id: 5))
        try store.db.execute("UPDATE pin_id_floor SET highest = 0")  // as before migration 16:
        XCTAssertEqual(try store.insert(pins[5], batchID: nil), 5, "the freed largest id went to the next pin")
        let restored = try store.restore(deleted)
        XCTAssertEqual(restored, 6)
        XCTAssertEqual(try ranges(store), ["\(batch): 1…6"])
        XCTAssertEqual(try store.undoImport(batchID: batch), 5)
        XCTAssertEqual(try store.pins().map(\.id), [5])
    }
}
