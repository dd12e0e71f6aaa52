import XCTest
import Foundation
import PinModel
@testable import PinStore

/// Undoing an import gives the pages it took back: the file (with its WAL) ends about as
/// large as before the import, not as large as with it (the search index's delete markers
/// and the map's change log included).
final class UndoImportFileSizeTests: XCTestCase {
    private func bytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { sum, p in
            sum + ((try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0)
        }
    }

    /// The pins of one import, in bulk mode as an import writes them (the change log gets
    /// one row for them, not one each).
    private func importBatch(_ store: Store, pins: Int) throws -> Int64 {
        try store.transaction { () throws -> Int64 in
            let id = try BatchRecord.begin(store: store, file: "big.csv", report: ImportReport(file: "big.csv"))
            try store.beginBulkInsert()
            for i in 0..<pins {
                try store.insert(NewPin(title: "Imported pin number \(i) near the river", description: "row \(i) of a test file",
                                        latitude: 37 + Double(i % 1000) / 100, longitude: 127 + Double(i / 1000) / 100), batchID: id)
            }
            try store.endBulkInsert()
            try BatchRecord.finish(store: store, id: id, report: ImportReport(file: "big.csv"))
            return id
        }
    }

    /// Sizes before the import, with it, and after its undo (file and WAL).
    private func sizes(_ store: Store, path: String) throws -> (before: Int, imported: Int, undone: Int) {
        for i in 0..<10 { try store.insert(NewPin(title: "kept \(i)", latitude: 1, longitude: Double(i)), batchID: nil) }
        store.checkpoint()
        let before = bytes(path)
        let id = try importBatch(store, pins: 10_000)
        store.checkpoint()
        let imported = bytes(path)
        XCTAssertEqual(try store.undoImport(batchID: id), 10_000)
        return (before, imported, bytes(path))
    }

    func testUndoingAnImportShrinksTheFileBack() throws {
        let path = try TestStores.tempPath(self)
        let store = try Store(path: path)
        XCTAssertEqual(try store.db.scalarInt("PRAGMA auto_vacuum"), Store.incrementalVacuum, "a new store")
        let s = try sizes(store, path: path)
        XCTAssertGreaterThan(s.imported, s.before + 1_000_000, "10,000 pins take room")
        XCTAssertLessThanOrEqual(s.undone, s.before + 8 * 8192, "at most a few pages more than before: \(s)")
        XCTAssertEqual(try store.db.scalarInt("PRAGMA freelist_count"), 0)
    }

    /// A store from before auto-vacuum: rewritten once when most of it is free, then incremental.
    func testAnOlderStoreWithoutAutoVacuumIsRewrittenOnceMostOfItIsFree() throws {
        let path = try TestStores.tempPath(self)
        let store = try Store(path: path)
        try store.db.execute("PRAGMA auto_vacuum = NONE; VACUUM")
        XCTAssertEqual(try store.db.scalarInt("PRAGMA auto_vacuum"), 0)
        let s = try sizes(store, path: path)
        XCTAssertLessThanOrEqual(s.undone, s.before + 8 * 8192, "\(s)")
        XCTAssertEqual(try store.db.scalarInt("PRAGMA auto_vacuum"), Store.incrementalVacuum)
    }
}
