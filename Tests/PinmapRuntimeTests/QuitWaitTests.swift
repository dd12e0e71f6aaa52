import XCTest
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

    func testNothingIsSaidWithoutALongJob() {
        XCTAssertNil(AppState(cols: 100, rows: 30, color: false, reducedMotion: true).quitWaitText)
    }
}
