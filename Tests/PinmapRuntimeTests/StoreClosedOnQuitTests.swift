import XCTest
import Foundation
import PinModel
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The UI quits leaving its store one file: every connection it opened (the lanes', the
/// change watcher's, its own) is closed, so SQLite folds the WAL back in and removes it.
/// Before, `pins.sqlite-wal` stayed beside the store holding the last changes, and a copy of
/// `pins.sqlite` alone (a backup, a file sent to a friend) lacked them.
final class StoreClosedOnQuitTests: XCTestCase {
    func testAPinAddedBeforeQuitIsInTheStoreFileAlone() throws {
        let folder = try makeTempFolder()
        let path = folder.path + "/pins.sqlite"
        do {
            let store = try Store(path: path)
            for p in UIFixtures.seoulPins { try store.insert(p) }
            let r = try UIFixtures.runner(over: store, cols: 80, rows: 24)
            r.startWorkers(open: { () throws(StoreError) -> any PinRepository in try Store(path: path) })
            r.startChangeWatch(open: { () throws(StoreError) -> any StoreChangeSource in try SQLiteChangeSource(path: path) })
            r.char("/"); r.type("종묘"); r.key(.enter)  // the search lane's connection
            r.key(.escape)
            r.char("a"); r.type("Added before quit"); r.key(.ctrl("s"))
            XCTAssertTrue(r.waitUntilIdle(timeout: 10))
            XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"), "the store is open in WAL mode")
            r.char("q")
            r.close()
            r.stopChangeWatch()
            r.finishWrites(now: 1)
            r.closeConnections()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the WAL was folded back and removed")
        let copy = folder.path + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        XCTAssertEqual(try Store(path: copy, mode: .existing).pins(matching: PinQuery(search: "Added before quit")).map(\.title),
                       ["Added before quit"])
    }
}
