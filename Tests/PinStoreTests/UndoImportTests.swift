import XCTest
import PinModel
@testable import PinStore

/// `undoImport`: the batch's pins go with their comments, search and the map follow; a batch
/// holding every pin empties the tables at once and keeps the store's triggers.
final class UndoImportTests: XCTestCase {
    private func importBatch(_ store: Store, titles: [String]) throws -> Int64 {
        try store.transaction { () throws -> Int64 in
            let id = try BatchRecord.begin(store: store, file: "a.csv", report: ImportReport(file: "a.csv"))
            for (i, t) in titles.enumerated() {
                try store.insert(NewPin(title: t, latitude: 37 + Double(i % 1000) / 100, longitude: 127 + Double(i / 1000) / 100), batchID: id)
            }
            try BatchRecord.finish(store: store, id: id, report: ImportReport(file: "a.csv"))
            return id
        }
    }

    private func triggers(_ store: Store) throws -> [String] {
        let st = try store.db.prepare("SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }

    private func titles(_ store: Store, search: String) throws -> [String] {
        try store.pins(matching: PinQuery(search: search)).map(\.title).sorted()
    }

    func testUndoingABatchOfEveryPinEmptiesTheStoreAndKeepsItsTriggers() throws {
        for store in try TestStores.both(self) {
            try store.syncPinCells()
            let before = try triggers(store)
            let id = try importBatch(store, titles: ["alpha cafe", "beta cafe", "gamma park"])
            _ = try store.addComment(pinID: 2, body: "nice")
            var steps: [Double] = []
            XCTAssertEqual(try store.undoImport(batchID: id, progress: { steps.append($0) }), 3)
            XCTAssertEqual(steps, [0.6, 0.8, 1], "rebuilt around no pins, not deleted pin by pin")
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins"), 0)
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 0)
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0, "no log row a pin")
            XCTAssertEqual(try triggers(store), before)
            XCTAssertEqual(try store.importBatches().count, 0)
            XCTAssertEqual(try titles(store, search: "cafe"), [])
            try TestStores.checkSearchIndex(store)
            try store.syncPinCells()
            XCTAssertEqual(try store.pinCellTotal(), 0)
            // The store works as before: a new pin is found and counted on the map.
            try store.insert(NewPin(title: "delta cafe", latitude: 1, longitude: 2), batchID: nil)
            XCTAssertEqual(try titles(store, search: "cafe"), ["delta cafe"])
            try store.syncPinCells()
            XCTAssertEqual(try store.pinCellTotal(), 1)
        }
    }

    func testUndoingABatchBesideOtherPinsRemovesOnlyItsPins() throws {
        for store in try TestStores.both(self) {
            try store.insert(NewPin(title: "kept cafe", latitude: 1, longitude: 2), batchID: nil)
            try store.syncPinCells()
            let id = try importBatch(store, titles: ["alpha cafe", "beta cafe"])
            _ = try store.addComment(pinID: 1, body: "stays")
            var steps: [Double] = []
            XCTAssertEqual(try store.undoImport(batchID: id, progress: { steps.append($0) }), 2)
            XCTAssertEqual(steps, [1, 1], "one step of ids, then the end")
            XCTAssertEqual(try titles(store, search: "cafe"), ["kept cafe"])
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 1)
            try store.syncPinCells()
            XCTAssertEqual(try store.pinCellTotal(), 1)
        }
    }

    /// A batch of `bulkUndoPins` (here 20) or more, beside fewer other pins: deleted without the delete
    /// triggers, then search and the map rebuilt from the pins left.
    func testUndoingALargeBatchRebuildsSearchAndTheMapFromThePinsLeft() throws {
        let store = try Store(path: TestStores.tempPath(self))
        try store.insert(NewPin(title: "kept cafe", latitude: 1, longitude: 2), batchID: nil)
        try store.syncPinCells()
        let before = try triggers(store)
        let id = try importBatch(store, titles: (0..<30).map { "bulk cafe \($0)" })
        _ = try store.addComment(pinID: 1, body: "stays")
        _ = try store.addComment(pinID: 2, body: "goes")
        var steps: [Double] = []
        XCTAssertEqual(try store.undoImport(batchID: id, progress: { steps.append($0) }, bulkFrom: 20), 30)
        XCTAssertEqual(steps, [0.6, 0.8, 1])
        XCTAssertEqual(try triggers(store), before)
        XCTAssertEqual(try titles(store, search: "cafe"), ["kept cafe"])
        XCTAssertEqual(try store.pins().map(\.id), [1], "the kept pin keeps its id")
        XCTAssertEqual(try store.comments(pinID: 1).map(\.body), ["stays"])
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 1)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0)
        try TestStores.checkSearchIndex(store)
        try store.syncPinCells()
        XCTAssertEqual(try store.pinCellTotal(), 1)
        try store.insert(NewPin(title: "new cafe", latitude: 3, longitude: 4), batchID: nil)
        XCTAssertEqual(try titles(store, search: "cafe"), ["kept cafe", "new cafe"])
    }
}
