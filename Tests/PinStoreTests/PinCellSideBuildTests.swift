import XCTest
import CSQLite
@testable import PinStore

/// The map's cell tree built on a side thread during `import --index`
/// (`PinCellSideBuild`) is the tree the streamed rebuild makes.
final class PinCellSideBuildTests: XCTestCase {
    /// A store whose tree holds `before` pins, with `added` more bulk inserted
    /// (insert trigger dropped, paused), inside an open transaction.
    private func pausedStore(before: Int, added: Int, seed: UInt64) throws -> Store {
        let store = try Store(path: TestStores.tempPath(self))
        let pins = CellFixture.pins(before + added, seed: seed)
        for p in pins.prefix(before) { try store.insert(p) }
        try store.syncPinCells()
        try store.db.execute("BEGIN")
        try store.beginBulkInsert(expectedRows: 100_000)
        let inserter = try PinInserter(store: store)
        for p in pins.dropFirst(before) { try inserter.insert(p, batchID: nil) }
        return store
    }

    func testTheSideBuildMakesTheTreeTheStreamedRebuildMakes() throws {
        for (before, added) in [(0, 4_000), (300, 3_000)] {
            let store = try pausedStore(before: before, added: added, seed: 5)
            let build = try XCTUnwrap(try store.startPinCellSideBuild())
            try store.db.execute("UPDATE pins SET title = title")  // other work meanwhile leaves the positions alone
            try store.addPausedPinsToCells(sideBuild: build)
            try store.db.execute("COMMIT")
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_pause"), 0)
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_state"), 1)
            XCTAssertEqual(try store.pinCellTotals().total, before + added)
            let sideBuilt = try CellFixture.dump(store)
            XCTAssertGreaterThan(sideBuilt.count, before + added)
            try store.rebuildPinCells()
            CellFixture.assertSame(sideBuilt, try CellFixture.dump(store))
        }
    }

    func testFewPausedPinsOrTooManyPinsTakeNoSideThread() throws {
        let few = try pausedStore(before: 3_000, added: 10, seed: 6)
        XCTAssertNil(try few.startPinCellSideBuild(), "10 pins join one by one")
        let many = try pausedStore(before: 0, added: 500, seed: 6)
        XCTAssertNil(try many.startPinCellSideBuild(limit: 499))
        XCTAssertEqual(try many.db.scalarInt("SELECT count(*) FROM pin_cell_pause"), 1, "left for the streamed rebuild")
        try many.addPausedPinsToCells()
        try many.db.execute("COMMIT")
        XCTAssertEqual(try many.pinCellTotals().total, 500)
    }

    func testAnAbandonedSideBuildStopsAndTheRollbackKeepsTheOldTree() throws {
        let store = try pausedStore(before: 200, added: 4_000, seed: 7)
        var build = try store.startPinCellSideBuild()
        XCTAssertNotNil(build)
        build = nil  // as when the search build fails: the thread is stopped and joined
        try store.db.execute("ROLLBACK")
        XCTAssertEqual(try store.count(), 200)
        XCTAssertEqual(try store.pinCellTotals().total, 200)
    }

    func testImportIndexingLeavesTheTreeARebuildMakesAndReportsTheMapLast() throws {
        let store = try Store(path: TestStores.tempPath(self))
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let inserter = try PinInserter(store: store)
            for p in CellFixture.pins(3_000, seed: 8) { try inserter.insert(p, batchID: nil) }
        }
        var stages: [IndexingProgress.Stage] = []
        _ = try store.transaction { try store.endBulkInsert(progress: { stages.append($0.stage) }) }
        XCTAssertEqual(stages.last, .map)
        XCTAssertEqual(try store.pinCellTotals().total, 3_000)
        let indexed = try CellFixture.dump(store)
        try store.rebuildPinCells()
        CellFixture.assertSame(indexed, try CellFixture.dump(store))
    }
}
