import XCTest
import PinModel
import PinmapTestSupport
@testable import PinStore

/// A file store's change log (migration 14) read by `SQLiteChangeSource`: what another
/// connection changed, told as a server tells it, and the UI's own writes (its connections
/// marked, `markChangesAsOwn`) never. The source is driven directly (`waitForChanges(timeout: 0)`,
/// one look after the writes): no sleeps, no race.
final class ChangeLogTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        path = try makeTempFolder().path + "/pins.sqlite"
        let store = try Store(path: path)
        for i in 0..<3 { try store.insert(NewPin(title: "pin \(i)", latitude: 37 + Double(i) / 10, longitude: 127)) }
        try store.db.execute("DELETE FROM pin_changes")  // the tests' rows alone (seqs go on)
    }

    private func pin(_ title: String) -> NewPin { NewPin(title: title, latitude: 35.1, longitude: 129.0) }

    /// What one look of the source sees after `write`.
    private func look(_ write: () throws -> Void) throws -> StoreChange? {
        let source = try SQLiteChangeSource(path: path)
        XCTAssertNil(try source.waitForChanges(timeout: 0), "nothing before the writes")
        try write()
        return try source.waitForChanges(timeout: 0)
    }

    /// A store without the log (an older file, opened read-only so not migrated): opening it
    /// is no change; another's commit after that is told as pins changed, once.
    func testAStoreWithoutTheLogTellsOnlyACommitMadeAfterItOpened() throws {
        let other = try Store(path: path)
        for trigger in ["pin_changes_insert", "pin_changes_update", "pin_changes_delete",
                        "pin_changes_comment_insert", "pin_changes_comment_delete"] {
            try other.db.execute("DROP TRIGGER \(trigger)")
        }
        try other.db.execute("DROP TABLE pin_changes")
        let source = try SQLiteChangeSource(path: path)
        XCTAssertNil(try source.waitForChanges(timeout: 0), "opening the store is not a change")
        try other.update(id: 1, title: "edited elsewhere")
        XCTAssertEqual(try source.waitForChanges(timeout: 0), StoreChange(counted: false))
        XCTAssertNil(try source.waitForChanges(timeout: 0), "told once")
    }

    func testAddsAndADeleteInOneCommitAreBothTold() throws {
        let other = try Store(path: path)
        let change = try look {
            try other.transaction {
                try other.insert(pin("a"))
                try other.insert(pin("b"))
                XCTAssertTrue(try other.delete(id: 2, ifVersion: nil))
            }
        }
        XCTAssertEqual(change, StoreChange(added: 2, deleted: 1, pinIDs: [2]))
    }

    func testAnEditIsToldAsAnEditOfItsPin() throws {
        let other = try Store(path: path)
        let change = try look {
            try other.update(id: 1, title: "edited")
            try other.update(id: 1, title: "edited again")
        }
        var edited = StoreChange()
        edited.noteEdit(of: 1)
        XCTAssertEqual(change, edited)
    }

    /// The UI's own save and, right after it, another's edit, both before one look: only the
    /// other's is told (a count of pins, or a clock, cannot tell them apart).
    func testTheUIsOwnSaveIsLeftOutAndAnothersWriteRightAfterItIsTold() throws {
        let own = try Store(path: path), other = try Store(path: path)
        try own.markChangesAsOwn()
        let change = try look {
            try own.update(id: 1, title: "saved by the UI")
            try own.insert(pin("added by the UI"))
            try other.update(id: 2, title: "edited elsewhere")
        }
        var edited = StoreChange()
        edited.noteEdit(of: 2)
        XCTAssertEqual(change, edited)
    }

    func testTheUIsOwnWritesAloneAreNotAChange() throws {
        let own = try Store(path: path)
        try own.markChangesAsOwn()
        let change = try look {
            try own.insert(pin("mine"))
            try own.update(id: 1, title: "mine too")
            XCTAssertTrue(try own.delete(id: 3, ifVersion: nil))
            _ = try own.addComment(pinID: 2, body: "a note")
        }
        XCTAssertNil(change)
    }

    /// A comment, and a deleted pin's comments (the foreign key's cascade), each counted as a
    /// server counts them: a pin deleted with 2 comments is 2 comments deleted, not 0 (as it
    /// was here) nor 1 (as PostgreSQL told them, folding alike announcements).
    func testCommentsAreToldAndADeletedPinsCommentsAreCountedEach() throws {
        let other = try Store(path: path)
        _ = try other.addComment(pinID: 3, body: "goes with its pin")
        _ = try other.addComment(pinID: 3, body: "goes too")
        let change = try look {
            _ = try other.addComment(pinID: 1, body: "hello")
            XCTAssertTrue(try other.delete(id: 3, ifVersion: nil))
        }
        XCTAssertEqual([change?.deleted, change?.comments, change?.commentsAdded, change?.commentsDeleted], [1, 3, 1, 2])
        XCTAssertEqual(change?.pinIDs, [1, 3])
    }

    /// A comment deleted is told apart from one added (migration 17).
    func testACommentDeletedIsToldAsDeleted() throws {
        let other = try Store(path: path)
        let id = try other.addComment(pinID: 1, body: "to go")
        let change = try look {
            XCTAssertNotNil(try other.deleteComment(id: id))
            _ = try other.addComment(pinID: 2, body: "new")
            _ = try other.addComment(pinID: 2, body: "newer")
        }
        XCTAssertEqual([change?.comments, change?.commentsAdded, change?.commentsDeleted], [3, 2, 1])
        XCTAssertEqual(change?.pinIDs, [1, 2])
    }

    /// An import logs one row for all its pins, and so does its undo, pin by pin or (a large
    /// batch) by keeping the other pins with the triggers dropped.
    func testAnImportAndItsUndoLogOneRowEach() throws {
        try checkImportAndUndo(undoFrom: Store.bulkUndoPins)
    }

    func testALargeUndoThatDropsTheTriggersLogsOneRowToo() throws {
        try checkImportAndUndo(undoFrom: 10)
        XCTAssertTrue(try hasTrigger(try Store(path: path), "pin_changes_delete"), "back after the undo")
    }

    private func checkImportAndUndo(undoFrom: Int64, line: UInt = #line) throws {
        let other = try Store(path: path)
        var batch: Int64 = 0
        let added = try look {
            batch = try other.transaction { () throws -> Int64 in
                let id = try BatchRecord.begin(store: other, file: "a.csv", report: ImportReport(file: "a.csv"))
                try other.beginBulkInsert()
                for i in 0..<40 { try other.insert(pin("imported \(i)"), batchID: id) }
                try other.endBulkInsert()
                try BatchRecord.finish(store: other, id: id, report: ImportReport(file: "a.csv"))
                return id
            }
        }
        XCTAssertEqual(added, StoreChange(added: 40), line: line)
        XCTAssertEqual(try logRows(other), ["add 40"], line: line)
        let removed = try look { XCTAssertEqual(try other.undoImport(batchID: batch, progress: nil, bulkFrom: undoFrom), 40, line: line) }
        XCTAssertEqual(removed, StoreChange(deleted: 40), line: line)
        XCTAssertEqual(try logRows(other), ["add 40", "delete 40"], line: line)
    }

    /// A copy into the file logs one row for its pins, their comments with them.
    func testACopyLogsOneRowForItsPinsAndTheirComments() throws {
        let from = try Store(path: try makeTempFolder().path + "/from.sqlite")
        for i in 0..<3 { try from.insert(pin("copied \(i)")) }
        _ = try from.addComment(pinID: 2, body: "comes along")
        let target = try Store(path: path)
        let change = try look { XCTAssertEqual(try target.receive(try from.copySnapshot()).pins, 3) }
        XCTAssertEqual(change, StoreChange(added: 3))
        XCTAssertEqual(try logRows(target), ["add 3"])
    }

    /// A large import drops the log's insert trigger with the pins' (no per-pin cost) and puts
    /// it back before it commits, even when everything else waits for after the commit.
    func testALargeImportPutsTheInsertTriggerBackBeforeItCommits() throws {
        let other = try Store(path: path)
        let added = try look {
            try other.transaction {
                try other.beginBulkInsert(expectedRows: Store.bulkIndexThreshold)
                XCTAssertFalse(try hasTrigger(other, Migration14ChangeLog.insertTriggerName), "dropped for the import")
                for i in 0..<5 { try other.insert(pin("bulk \(i)")) }
                try other.endBulkInsert(deferring: true, deferringAll: true)
            }
        }
        XCTAssertEqual(added, StoreChange(added: 5))
        XCTAssertTrue(try hasTrigger(other, Migration14ChangeLog.insertTriggerName))
        let one = try look { try other.insert(pin("one more")) }
        XCTAssertEqual(one, StoreChange(added: 1))
    }

    /// The log keeps its newest rows; a look that finds rows trimmed before it read them
    /// says that pins changed, not a wrong count.
    func testALogTrimmedBeforeALookIsToldAsAnUncountedChange() throws {
        let other = try Store(path: path)
        let kept = Migration14ChangeLog.keptRows
        let change = try look {
            try other.db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(kept * 2 + 5))
                INSERT INTO pin_changes(kind, pin_id) SELECT 'edit', 1 FROM n
                """)
        }
        XCTAssertEqual(change?.counted, false)
        // Seqs 4… (the set-up's three pins took 1–3): the last trim, at seq 2 × kept, kept
        // its newest `kept` rows; the rows after it stay.
        let last = Int64(3 + kept * 2 + 5)
        let st = try other.db.prepare("SELECT min(seq), max(seq) FROM pin_changes")
        _ = try st.step()
        XCTAssertEqual([st.int(0), st.int(1)], [Int64(kept + 1), last])
    }

    /// A failed write leaves no row, and the seq it took is given again: the next look
    /// reads on without a gap (no "pins changed").
    func testARolledBackWriteLeavesNoRowAndNoGap() throws {
        let other = try Store(path: path)
        let change = try look {
            XCTAssertThrowsError(try other.transaction {
                try other.insert(pin("rolled back"))
                throw StoreError("no")
            })
            try other.insert(pin("kept"))
        }
        XCTAssertEqual(change, StoreChange(added: 1))
    }

    private func logRows(_ store: Store) throws -> [String] {
        let st = try store.db.prepare("SELECT kind || ' ' || pins FROM pin_changes ORDER BY seq")
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }

    private func hasTrigger(_ store: Store, _ name: String) throws -> Bool {
        try store.db.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?", [.text(name)]) == 1
    }
}
