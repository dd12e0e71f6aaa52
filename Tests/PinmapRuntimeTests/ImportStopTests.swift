import XCTest
import Foundation
import Frame
import PinModel
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI

/// An import from the Import tab runs on the write lane: the map works meanwhile, Esc stops
/// it (rolled back, nothing kept), and at 100 % the tab names the phase that follows.
final class ImportStopTests: XCTestCase {
    /// A CSV of `rows` pins (about 40 bytes a row: several of the importer's 1 MiB batches).
    private func bigCSV(rows: Int, in folder: TempFolder) throws -> String {
        let path = folder.path + "/big.csv"
        var text = "title,lat,lon\n"
        for i in 0..<rows { text += "Pin \(i),\(Double(i % 1000) / 100),\(Double(i / 1000) / 100)\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func startImport(_ r: AppRunner, _ path: String) {
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)  // preview
        r.waitUntilIdle(timeout: 10)
        r.key(.enter)  // import
    }

    /// A runner over a store in `folder`, with workers (their own connections).
    private func workerRunner(in folder: TempFolder) throws -> AppRunner {
        let path = folder.path + "/pins.sqlite"
        let store = try Store(path: path)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24, importer: UIFileImporter.make())
        r.startWorkers(open: { () throws(StoreError) -> any PinRepository in try Store(path: path) })
        return r
    }

    /// While the rows are read the map works (1 shows it, keys move it), the status line
    /// shows the import's progress; Esc on the Import tab stops it: rolled back, a notice
    /// says nothing was kept.
    func testTheMapWorksDuringAnImportAndEscStopsIt() throws {
        let folder = try makeTempFolder()
        let csv = try bigCSV(rows: 400_000, in: folder)
        let r = try workerRunner(in: folder)
        startImport(r, csv)
        let started = Date()
        while r.state.importTab.progress ?? 0 < 0.05 && Date().timeIntervalSince(started) < 20 {
            r.collectOutcomes(now: 0)
            usleep(1_000)
        }
        XCTAssertNotNil(r.state.loads.job, "the import runs on its lane")
        r.char("1")
        let zoom = r.state.map.viewport.zoom
        r.char("+")
        XCTAssertGreaterThan(r.state.map.viewport.zoom, zoom, "a key moves the map while the import runs")
        XCTAssertTrue(r.line(r.state.layout.statusRow).contains("Importing “big.csv”: "), r.line(r.state.layout.statusRow))
        r.char("3")
        r.key(.escape)
        XCTAssertTrue(r.waitUntilIdle(timeout: 30))
        XCTAssertEqual(try r.store.count(), 5, "rolled back")
        XCTAssertNil(r.state.loads.job)
        XCTAssertEqual(r.state.importTab.error, "Importing “big.csv” stopped: nothing was kept, the store is as it was")
    }

    /// q during an import quits: the import is rolled back before the UI exits, and the
    /// terminal is told.
    func testQDuringAnImportRollsItBackAndSaysSo() throws {
        let folder = try makeTempFolder()
        let csv = try bigCSV(rows: 400_000, in: folder)
        let r = try workerRunner(in: folder)
        startImport(r, csv)
        let started = Date()
        while r.state.loads.job == nil && Date().timeIntervalSince(started) < 20 { r.collectOutcomes(now: 0); usleep(1_000) }
        r.char("q")
        r.finishWrites(now: 1)
        XCTAssertTrue(r.state.quit)
        XCTAssertEqual(try r.store.count(), 5, "rolled back")
        XCTAssertEqual(r.state.quitNotes, ["Importing “big.csv” stopped: nothing was kept, the store is as it was"])
    }

    /// At 100 % the rows are read and the map's index and the commit follow: the tab says so.
    func testAtOneHundredPercentTheTabNamesThePhase() throws {
        // Under /tmp: the frame shows the path (masked).
        let path = try bigCSV(rows: 60_000, in: makeTempFolder(under: "/tmp"))
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        var last: Screen?
        r.afterOutcome = { if r.state.importTab.progress == 1 { last = r.frame() } }
        startImport(r, path)
        XCTAssertEqual(try r.store.count(), 60_005)
        let frame = try XCTUnwrap(last)
        FrameGolden.check(frame, "import-committing")
    }
}
