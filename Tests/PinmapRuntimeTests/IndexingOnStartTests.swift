import XCTest
import Foundation
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI

/// The UI indexes what a large import left (Store.finishIndexing) when it opens.
final class IndexingOnStartTests: XCTestCase {
    /// A runner over a store where a large import left 300 pins (on Jeju) to index: the list's
    /// indexes and search (`deferring`), or everything, the map's tree too (`deferringAll`).
    private func runnerWithJejuStones(deferringAll: Bool) throws -> AppRunner {
        let r = try UIFixtures.sqliteRunner()
        try r.sqlite.transaction {
            try r.sqlite.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: r.sqlite)
            for i in 0..<300 {
                try ins.insert(NewPin(title: "Jeju stone \(i)", latitude: 33.3 + Double(i) / 1000, longitude: 126.5), batchID: nil)
            }
            try r.sqlite.endBulkInsert(deferring: true, deferringAll: deferringAll)
        }
        return r
    }

    func testTheUIIndexesALargeImportsPinsWithProgressInTheStatusLine() throws {
        let r = try runnerWithJejuStones(deferringAll: false)
        XCTAssertEqual(try r.store.indexBacklog().pins, 300)
        var statusLines: [String] = []
        r.afterOutcome = { statusLines.append(r.line(r.state.layout.statusRow)) }
        r.startIndexing()
        XCTAssertTrue(statusLines.first?.contains("Indexing 300 new pins: 0% (q stops)") ?? false, statusLines.first ?? "")
        XCTAssertTrue(statusLines.contains { $0.contains("Indexing 300 new pins: 100% (q stops)") }, "\(statusLines)")
        XCTAssertGreaterThan(statusLines.count, 3, "progress after the deferred index and through search and the map")
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
        XCTAssertNil(r.state.feedback.message)
        XCTAssertEqual(r.state.list.pins.count, 305, "it reloads when done: the map and list show the new pins at once")
        XCTAssertEqual(r.state.list.totalCount, 305)
        XCTAssertNil(r.state.feedback.modal, "no notice when it worked")
        // Nothing left: a second call does nothing at all.
        statusLines = []
        r.startIndexing()
        XCTAssertEqual(statusLines.count, 1, "only its answer: nothing to do")
        XCTAssertNil(r.state.loads.job)
    }

    /// A UI opened while another pinmap's `import --index` indexes the pins it just committed
    /// leaves them to it (it named itself in the store) and says so, instead of indexing them
    /// a second time beside it.
    func testTheUILeavesPinsAnotherImportIsIndexingToIt() throws {
        let r = try runnerWithJejuStones(deferringAll: true)
        try r.sqlite.setSetting("indexing_process", "1")  // as if another process's import (init is alive)
        r.startIndexing()
        XCTAssertEqual(try r.store.indexBacklog().pins, 300, "left to the other process")
        XCTAssertEqual(r.line(r.state.layout.statusRow).trimmingCharacters(in: .whitespaces),
                       "Another pinmap is indexing the pins a large import added: the list fills in when it ends")
        // Once that process is gone (a killed import), the UI indexes them itself.
        try r.sqlite.setSetting("indexing_process", "2147483000")
        r.startIndexing()
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
    }

    /// While it indexes at start-up, the map and the list show the pins a large import left
    /// (its commit put them on the map) and the status line says what runs (not "Pins in view: 0"
    /// and that they would appear when it ended).
    func testWhileIndexingTheMapAndListShowThePins() throws {
        let store = try Store.inMemory()
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: store)
            for i in 0..<300 {
                try ins.insert(NewPin(title: "Late \(i)", latitude: 10, longitude: 10,
                                      createdAt: "2025-01-01T00:00:00Z"), batchID: nil)
            }
            try store.endBulkInsert(deferring: true)
        }
        let r = AppRunner(store: store, state: AppState(cols: 100, rows: 30, color: false, reducedMotion: true),
                          loadSamples: { 0 })
        var screens: [Screen] = []
        r.afterOutcome = { screens.append(r.frame()) }
        r.startIndexing()
        FrameGolden.check(try XCTUnwrap(screens.first), "indexing-on-start")
        XCTAssertFalse(r.state.loads.indexingBacklog)
        XCTAssertEqual(r.state.list.totalCount, 300)
    }

    /// 300 pins a large import left unindexed, in the runner's store.
    private func deferPins(_ r: AppRunner) throws {
        try r.sqlite.transaction {
            try r.sqlite.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: r.sqlite)
            for i in 0..<300 { try ins.insert(NewPin(title: "Late \(i)", latitude: 10, longitude: 10), batchID: nil) }
            try r.sqlite.endBulkInsert(deferring: true)
        }
    }

    /// q while indexing runs on the write lane: it stops (rolled back, nothing lost), the
    /// UI quits and says so, and (had it stayed) a view read would not start it again.
    func testQStopsIndexingKeepsTheBacklogAndSaysSo() throws {
        let folder = try makeTempFolder()
        let path = folder.path + "/pins.sqlite"
        let store = try Store(path: path)
        let state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true,
                             environment: AppEnvironment(indexesWhenNeeded: true))
        let r = AppRunner(store: store, state: state, loadSamples: { 0 })
        // Many pins, so that indexing is still under way when q arrives.
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: store)
            for i in 0..<60_000 { try ins.insert(NewPin(title: "Late \(i)", latitude: 10, longitude: Double(i % 100)), batchID: nil) }
            try store.endBulkInsert(deferring: true, deferringAll: true)
        }
        r.startWorkers(open: { () throws(StoreError) -> any PinRepository in try Store(path: path) })
        r.startIndexing()
        let started = Date()
        while r.state.loads.job == nil && Date().timeIntervalSince(started) < 10 { r.collectOutcomes(now: 1); usleep(1_000) }
        XCTAssertNotNil(r.state.loads.job, "indexing runs on its lane")
        r.char("q", at: 2)
        r.finishWrites(now: 3)
        XCTAssertTrue(r.state.quit)
        XCTAssertGreaterThan(try store.indexBacklog().pins, 0, "rolled back, nothing lost")
        XCTAssertEqual(r.state.quitNotes.count, 1)
        XCTAssertTrue(r.state.quitNotes.first?.hasPrefix("Indexing stopped") ?? false, "\(r.state.quitNotes)")
        XCTAssertTrue(r.state.loads.indexingDeclined, "a view read does not start it again")
    }

    /// An import asked for while indexing runs waits behind it on the write lane; Esc on the
    /// Import tab drops the import (it says so) and the indexing goes on to its end (before:
    /// Esc stopped the indexing too, rolled back until the next start).
    func testEscDropsAnImportWaitingBehindIndexingWhichGoesOn() throws {
        let folder = try makeTempFolder()
        let path = folder.path + "/pins.sqlite"
        let csv = folder.path + "/few.csv"
        try Data("title,lat,lon\nFew,1,2\n".utf8).write(to: URL(fileURLWithPath: csv))
        let store = try Store(path: path)
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: store)
            for i in 0..<150_000 { try ins.insert(NewPin(title: "Late \(i)", latitude: 10, longitude: Double(i % 100)), batchID: nil) }
            try store.endBulkInsert(deferring: true, deferringAll: true)
        }
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24, importer: UIFileImporter.make())
        r.startWorkers(open: { () throws(StoreError) -> any PinRepository in try Store(path: path) })
        r.startIndexing()
        func wait(until done: () -> Bool) {
            let started = Date()
            while !done() && Date().timeIntervalSince(started) < 20 { r.collectOutcomes(now: 1); usleep(1_000) }
        }
        wait { r.state.loads.job != nil }
        r.char("3")
        for ch in csv { r.char(ch) }
        r.key(.enter)  // preview, on the files lane
        wait { r.state.importTab.preview != nil }
        r.key(.enter)  // import: waits behind the indexing
        XCTAssertEqual(r.state.loads.job.map { if case .indexing = $0 { true } else { false } }, true, "still indexing")
        r.key(.escape)
        XCTAssertTrue(r.waitUntilIdle(timeout: 60))
        XCTAssertEqual(r.state.importTab.error, "Importing “few.csv” stopped: nothing was kept, the store is as it was")
        XCTAssertTrue(try store.indexBacklog().isEmpty, "the indexing went on to its end")
        XCTAssertEqual(try store.count(), 150_000, "nothing imported")
    }

    func testAReloadIndexesWhatAnotherProcessLeft() throws {
        let store = try Store.inMemory()
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = AppRunner(store: store, state: AppState(cols: 100, rows: 30, color: false, reducedMotion: true,
                                                        environment: AppEnvironment(indexesWhenNeeded: true)),
                          loadSamples: { 0 })
        try deferPins(r)  // as if another process had imported
        r.reloadView()
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
        XCTAssertEqual(r.state.list.totalCount, 305)
    }
}
