import XCTest
import Foundation
import Frame
import PinStore
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

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
        r.onProgress = { statusLines.append(r.line(r.state.layout.statusRow)) }
        XCTAssertEqual(r.finishIndexingIfNeeded(now: 1), .done)
        XCTAssertTrue(statusLines.first?.contains("Indexing 300 new pins…") ?? false, statusLines.first ?? "")
        XCTAssertTrue(statusLines.last?.contains("Indexing 300 new pins: 100%") ?? false, statusLines.last ?? "")
        XCTAssertGreaterThan(statusLines.count, 3, "progress after the deferred index and through search and the map")
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
        XCTAssertNil(r.state.message)
        XCTAssertEqual(r.state.listed.count, 305, "it reloads when done: the map and list show the new pins at once")
        XCTAssertEqual(r.state.totalCount, 305)
        XCTAssertNil(r.state.modal, "no notice when it worked")
        // Nothing left: a second call does nothing at all.
        statusLines = []
        XCTAssertEqual(r.finishIndexingIfNeeded(now: 2), .nothingToDo)
        XCTAssertEqual(statusLines, [])
    }

    /// A UI opened while another pinmap's `import --index` indexes the pins it just committed
    /// leaves them to it (it named itself in the store) and says so, instead of indexing them
    /// a second time beside it.
    func testTheUILeavesPinsAnotherImportIsIndexingToIt() throws {
        let r = try runnerWithJejuStones(deferringAll: true)
        try r.sqlite.setSetting("indexing_process", "1")  // as if another process's import (init is alive)
        XCTAssertEqual(r.finishIndexingIfNeeded(now: 1), .nothingToDo)
        XCTAssertEqual(try r.store.indexBacklog().pins, 300, "left to the other process")
        XCTAssertEqual(r.line(r.state.layout.statusRow).trimmingCharacters(in: .whitespaces),
                       "Another pinmap is indexing the pins it imported: pan or zoom when it is done to see them all")
        // Once that process is gone (a killed import), the UI indexes them itself.
        try r.sqlite.setSetting("indexing_process", "2147483000")
        XCTAssertEqual(r.finishIndexingIfNeeded(now: 2), .done)
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
    }

    /// While it indexes at start-up, the map and the list show the pins a large import left
    /// (its commit put them on the map) and the status line says what runs (fixui 5: the list
    /// said "Pins in view: 0" and that they would appear when it ended).
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
        r.onProgress = { screens.append(r.frame()) }
        XCTAssertEqual(r.finishIndexingIfNeeded(now: 1), .done)
        FrameGolden.check(try XCTUnwrap(screens.first), "indexing-on-start")
        XCTAssertFalse(r.state.indexingBacklog)
        XCTAssertEqual(r.state.totalCount, 300)
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

    func testStoppingWithQKeepsTheBacklogAndIsNotRetriedThisSession() throws {
        let r = try UIFixtures.sqliteRunner()
        r.indexesWhenNeeded = true
        try deferPins(r)
        r.pollStopKey = { true }
        XCTAssertEqual(r.finishIndexingIfNeeded(now: 1), .stopped)
        XCTAssertEqual(try r.store.indexBacklog().pins, 300, "rolled back, nothing lost")
        XCTAssertTrue(r.state.message?.hasPrefix("Indexing stopped") ?? false, r.state.message ?? "")
        XCTAssertFalse(r.indexesWhenNeeded)
        r.reloadView()
        XCTAssertEqual(try r.store.indexBacklog().pins, 300, "not tried again by a reload")
    }

    func testAReloadIndexesWhatAnotherProcessLeft() throws {
        let r = try UIFixtures.sqliteRunner()
        r.indexesWhenNeeded = true
        try deferPins(r)  // as if another process had imported
        r.reloadView()
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
        XCTAssertEqual(r.state.totalCount, 305)
    }
}
