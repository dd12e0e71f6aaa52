import XCTest
import PinModel
@testable import PinStore

/// A file store never gives a pin id twice (migration 16, `PinIDFloor`), as a PostgreSQL
/// store's identity does not: once the pins with the highest ids are deleted, a new pin,
/// an import's pins and a copy's pins start above them, so an edit or delete of a deleted
/// pin by id and version finds no pin instead of the new one.
final class DeletedPinIDTests: XCTestCase {
    private func pin(_ title: String) -> NewPin { NewPin(title: title, latitude: 37.5, longitude: 127) }

    /// A store holding pins 1–3, pin 3 (the highest) deleted.
    private func storesWithoutTheHighestPin() throws -> [Store] {
        try TestStores.both(self).map { store in
            for t in ["Alpha", "Beta", "Gamma"] { try store.insert(pin(t)) }
            XCTAssertTrue(try store.delete(id: 3))
            return store
        }
    }

    func testANewPinDoesNotTakeTheDeletedHighestPinsID() throws {
        for store in try storesWithoutTheHighestPin() {
            XCTAssertEqual(try store.insert(pin("Someone else's pin")), 4)
            XCTAssertNil(try store.update(id: 3, title: "Gamma overwritten", description: nil, category: nil,
                                          latitude: nil, longitude: nil, ifVersion: 1), "pin 3 is gone")
            XCTAssertNil(try store.deleteForUndo(id: 3, ifVersion: 1))
            XCTAssertEqual(try store.pins(limit: -1).map(\.title).sorted(), ["Alpha", "Beta", "Someone else's pin"])
            // Deleted again at the top, then two at once: each new pin still starts above.
            XCTAssertTrue(try store.delete(id: 4))
            XCTAssertTrue(try store.delete(id: 2))
            XCTAssertEqual(try store.insert(pin("Delta")), 5)
            XCTAssertEqual(try store.insert(pin("Epsilon")), 6)
        }
    }

    func testADeleteBelowTheHighestPinLeavesTheFloorAlone() throws {
        for store in try TestStores.both(self) {
            for t in ["Alpha", "Beta", "Gamma"] { try store.insert(pin(t)) }
            let floor = { () throws -> Int64 in try store.db.scalarInt("SELECT highest FROM pin_id_floor") }
            XCTAssertEqual(try floor(), 0)
            XCTAssertTrue(try store.delete(id: 2))
            XCTAssertEqual(try floor(), 0, "pin 3 is above it: SQLite's next id is new anyway")
            XCTAssertTrue(try store.delete(id: 3))
            XCTAssertEqual(try floor(), 3)
            XCTAssertEqual(try store.insert(pin("Delta")), 4)
        }
    }

    func testTheFloorOutlivesTheConnection() throws {
        let path = try TestStores.tempPath(self)
        do {
            let store = try Store(path: path)
            for t in ["Alpha", "Beta", "Gamma"] { try store.insert(pin(t)) }
            try store.delete(id: 2); try store.delete(id: 3)
        }
        XCTAssertEqual(try Store(path: path).insert(pin("Delta")), 4)
    }

    func testAnImportsPinsStartAboveTheDeletedIDsAndFollowInOrder() throws {
        for store in try storesWithoutTheHighestPin() {
            let writer = try PinBulkWriter(store: store, batchID: nil)
            let rows = (0..<300).map { PinBulkWriter.Row(title: "p\($0)", description: "", category: "", createdAt: "",
                                                           latitude: 1, longitude: Double($0) / 10) }
            XCTAssertEqual(try writer.write(rows).map { try $0.get() }, Array(4...303), "a group of 256, then 32, 8 and 4")
            writer.finish()
            XCTAssertEqual(try store.pin(id: 4)?.title, "p0")
            XCTAssertEqual(try store.pin(id: 303)?.title, "p299")
        }
    }

    func testARefusedGroupsRowsWrittenAloneStartAboveTheDeletedIDs() throws {
        for store in try storesWithoutTheHighestPin() {
            let writer = try PinBulkWriter(store: store, batchID: nil)
            var rows = (0..<4).map { PinBulkWriter.Row(title: "p\($0)", description: "", category: "", createdAt: "",
                                                        latitude: 1, longitude: 1) }
            rows[0].title = " "  // CHECK (length(trim(title)) > 0): the group is written row by row
            let ids = try writer.write(rows).map { try? $0.get() }
            XCTAssertEqual(ids, [nil, 4, 5, 6])
        }
    }

    func testACopysPinsStartAboveTheDeletedIDs() throws {
        for store in try storesWithoutTheHighestPin() {
            let snapshot = StoreSnapshot(pins: ["Copied one", "Copied two"].enumerated().map { i, t in
                SnapshotPin(pin: Pin(id: Int64(i + 1), title: t, latitude: 10, longitude: 10, createdAt: "2024-01-01T00:00:00Z",
                                     updatedAt: "2024-01-01T00:00:00Z"), batchID: nil, comments: [])
            })
            XCTAssertEqual(try store.receive(snapshot).pins, 2)
            XCTAssertEqual(try store.pins(limit: -1).filter { $0.title.hasPrefix("Copied") }.map(\.id).sorted(), [4, 5])
        }
    }

    /// Undo of an import that holds every pin empties the table with its triggers dropped;
    /// the floor is raised all the same.
    func testUndoingTheNewestImportKeepsItsIDsUsed() throws {
        for store in try TestStores.both(self) {
            let batch = try store.transaction { () throws -> Int64 in
                let id = try BatchRecord.begin(store: store, file: "a.csv", report: ImportReport(file: "a.csv"))
                for t in ["Alpha", "Beta", "Gamma"] { try store.insert(pin(t), batchID: id) }
                try BatchRecord.finish(store: store, id: id, report: ImportReport(file: "a.csv"))
                return id
            }
            XCTAssertEqual(try store.undoImport(batchID: batch), 3)
            XCTAssertEqual(try store.insert(pin("Delta")), 4)
        }
    }

    func testAnUndoneDeleteKeepsItsIDAndTheNextPinStartsAboveIt() throws {
        for store in try TestStores.both(self) {
            for t in ["Alpha", "Beta", "Gamma"] { try store.insert(pin(t)) }
            let deleted = try XCTUnwrap(try store.deleteForUndo(id: 3, ifVersion: 1))
            XCTAssertEqual(try store.restore(deleted), 3, "the same id")
            XCTAssertEqual(try store.insert(pin("Delta")), 4)
        }
    }

    /// A store of schema 15 whose highest pin was deleted (its change log says so) gets a
    /// floor above it when it is opened.
    func testAStoreOfSchema15StartsAboveThePinsItsChangeLogSaysWereDeleted() throws {
        let path = try TestStores.tempPath(self)
        do {
            let old = try Store(path: path)
            for t in ["Alpha", "Beta", "Gamma"] { try old.insert(pin(t)) }
            try old.db.execute("""
                DROP TRIGGER \(Migration16IDFloor.deleteTriggerName); DROP TABLE pin_id_floor; PRAGMA user_version = 15
                """)
            XCTAssertTrue(try old.delete(id: 3))
        }
        let store = try Store(path: path)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        XCTAssertEqual(try store.db.scalarInt("SELECT highest FROM pin_id_floor"), 3)
        XCTAssertEqual(try store.insert(pin("Delta")), 4)
    }
}
