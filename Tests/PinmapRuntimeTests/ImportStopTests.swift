import XCTest
import Foundation
import Frame
import PinStore
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Tester (fixui 4): q during a UI import was ignored, then stopped the indexing after it; the
/// bar sat at 100 % with no phase; the hint offered a new path while the import ran.
final class ImportStopTests: XCTestCase {
    /// A CSV of `rows` pins (about 40 bytes a row: several of the importer's 1 MiB batches),
    /// in a fixed folder so the frames do not depend on the machine.
    private func bigCSV(rows: Int) throws -> String {
        let dir = "/tmp/pinmap-fixui-import"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/big.csv"
        var text = "title,lat,lon\n"
        for i in 0..<rows { text += "Pin \(i),\(Double(i % 1000) / 100),\(Double(i / 1000) / 100)\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func startImport(_ r: AppRunner, _ path: String) {
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)  // preview
        r.key(.enter)  // import
    }

    /// q while the rows are read stops the import: rolled back, a notice says nothing was kept,
    /// and no key is left over for what follows.
    func testQStopsTheImportAndNothingIsKept() throws {
        let path = try bigCSV(rows: 120_000)
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        var frames: [Screen] = []
        var polls = 0
        r.onProgress = { frames.append(r.frame()) }
        r.pollStopKey = { polls += 1; return polls >= 2 }  // q on the second look
        startImport(r, path)
        XCTAssertEqual(try r.store.count(), 5, "rolled back")
        XCTAssertEqual(polls, 2, "asked until q; nothing asks after")
        XCTAssertEqual(frames.first?.line(21), " q stops the import (nothing is kept)")
        FrameGolden.check(r.frame(), "import-stopped")
    }

    /// At 100 % the rows are read and the map's index and the commit follow: the tab says so.
    func testAtOneHundredPercentTheTabNamesThePhase() throws {
        let path = try bigCSV(rows: 60_000)
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        var last: Screen?
        r.onProgress = { if r.state.importTab.progress == 1 { last = r.frame() } }
        startImport(r, path)
        XCTAssertEqual(try r.store.count(), 60_005)
        let frame = try XCTUnwrap(last)
        FrameGolden.check(frame, "import-committing")
    }
}
