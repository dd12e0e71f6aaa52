import XCTest
import PinModel
import PinmapCore

/// `q` while a long job runs: the UI goes at once and the terminal says what it waits for
/// (the screen stood still for the 12 s of a million-pin import's commit).
final class QuitWaitTests: XCTestCase {
    private func importing(bytes: Int64, of total: Int64) -> AppState {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = s.update(.importer(.started(name: "pins-1m.csv")), now: 0)
        _ = s.update(.importer(.progress(bytes: bytes, of: total)), now: 0.1)
        return s
    }

    func testAnImportCommittingIsFinished() {
        var s = importing(bytes: 80, of: 80)
        XCTAssertEqual(s.update(.input(.key(.char("q"))), now: 1), [.cancel])
        XCTAssertEqual(s.quitWaitText, "Finishing the import of “pins-1m.csv”: it is committing and cannot stop; Pinmap quits when it is done…")
    }

    func testAnImportReadingRowsOrIndexingIsRolledBack() {
        XCTAssertEqual(importing(bytes: 8, of: 80).quitWaitText, "Stopping the job under way: rolling it back, then Pinmap quits…")
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = s.update(.indexing(.started(pinCount: 1_000_045, newPins: 1_000_000)), now: 0)
        XCTAssertEqual(s.quitWaitText, "Stopping the job under way: rolling it back, then Pinmap quits…")
    }

    /// Undoing a large import takes seconds (17 s for 300,000 pins): the status line says it
    /// runs, `q` says the UI waits for it, and the terminal then says how it ended (before:
    /// nothing on screen, and a still screen after `q`).
    func testUndoingAnImportIsAJobTheStatusLineAndQuitName() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        let row = ImportRow(id: 4, name: "p300k-c.csv", line: "#4  2026-12-06T09:21  299430 pins  p300k-c.csv", pins: 299_430)
        _ = s.update(.importer(.undoStarted(row)), now: 0)
        XCTAssertEqual(s.render().line(s.layout.statusRow),
                       " medium · 0 of 0 pins in view · [list] · centre open sea · z1   Undoing import #4 (“p300k-c.csv”)…")
        _ = s.update(.input(.key(.char("q"))), now: 1)
        XCTAssertEqual(s.quitWaitText, "Finishing the writes under way, then Pinmap quits…")
        _ = s.update(.importer(.undone(row, .removed(pins: 299_430))), now: 2)
        XCTAssertNil(s.loads.job)
        XCTAssertEqual(s.quitNotes, ["Undid import #4: 299430 pins removed"])
        XCTAssertFalse(s.quitFailed, "done as asked: Pinmap exits 0")
    }

    /// A job that failed after `q` is said on the terminal and makes Pinmap exit 1, as a
    /// command's failure does (it exited 0 after "A change to the pins was not saved").
    func testAJobThatFailedAfterQuitMakesTheExitAFailure() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        let row = ImportRow(id: 4, name: "p300k-c.csv", line: "#4  2026-12-06T09:21  299430 pins  p300k-c.csv", pins: 299_430)
        _ = s.update(.importer(.undoStarted(row)), now: 0)
        _ = s.update(.input(.key(.char("q"))), now: 1)
        _ = s.update(.importer(.undone(row, .failed(StoreError("the server closed the connection")))), now: 2)
        XCTAssertEqual(s.quitNotes, ["Import #4 not undone"])
        XCTAssertTrue(s.quitFailed)
    }

    /// `q` right after Enter on Export pins: the export finishes, and the terminal says where
    /// the file went (before: nothing, the status line that said it gone with the UI), or why
    /// none was written, which makes the exit a failure.
    func testAnExportThatEndsAfterQuitIsSaidOnTheTerminal() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = s.update(.export(.started), now: 0)
        _ = s.update(.input(.key(.char("q"))), now: 1)
        XCTAssertEqual(s.quitWaitText, "Finishing the writes under way, then Pinmap quits…")
        _ = s.update(.export(.finished(.written(count: 62_352, path: "/tmp/pinmap-export-20261207-175235.gpkg"))), now: 2)
        XCTAssertEqual(s.quitNotes, ["Exported 62352 pins to /tmp/pinmap-export-20261207-175235.gpkg"])
        XCTAssertFalse(s.quitFailed)

        var full = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = full.update(.export(.started), now: 0)
        _ = full.update(.input(.key(.char("q"))), now: 1)
        _ = full.update(.export(.finished(.notWritten(path: "/tmp/p.csv", reason: "No space left on device"))), now: 2)
        XCTAssertEqual(full.quitNotes, ["Could not write /tmp/p.csv: No space left on device"])
        XCTAssertTrue(full.quitFailed)

        var stays = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = stays.update(.export(.started), now: 0)
        _ = stays.update(.export(.finished(.written(count: 1, path: "/tmp/p.csv"))), now: 2)
        XCTAssertEqual(stays.quitNotes, [], "without q the status line says it")
    }

    func testNothingIsSaidWithoutALongJob() {
        XCTAssertNil(AppState(cols: 100, rows: 30, color: false, reducedMotion: true).quitWaitText)
    }
}
