import XCTest
import Foundation
import PinModel
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The UI's first read waits until its change watch has opened its source, so a commit of
/// another process falls either before the read (and is in it) or after the watch opened
/// (and is announced); a watch that cannot open does not hold the reads.
final class WatchReadinessTests: XCTestCase {
    /// A source that sees nothing.
    private final class Quiet: StoreChangeSource {
        func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
            usleep(UInt32(timeout * 1_000_000))
            return nil
        }
    }

    private func runner(watch: @escaping @Sendable () throws(StoreError) -> any StoreChangeSource) throws -> AppRunner {
        let path = try makeTempFolder().path + "/pins.sqlite"
        let store = try Store(path: path)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        return AppRunner(store: store, state: AppState(cols: 100, rows: 30, color: false, reducedMotion: true),
                         loadSamples: { _ in 0 },
                         workers: { () throws(StoreError) -> any PinRepository in try Store(path: path) }, watch: watch)
    }

    private func close(_ r: AppRunner) {
        r.stopChangeWatch()
        r.finishWrites(now: 1)
        r.closeConnections()
    }

    func testTheFirstReadWaitsForTheWatchToOpen() throws {
        let open = DispatchSemaphore(value: 0)
        let r = try runner(watch: { () throws(StoreError) -> any StoreChangeSource in
            open.wait()
            return Quiet()
        })
        XCTAssertFalse(r.waitUntilIdle(timeout: 0.5), "the first read waits for the watch")
        XCTAssertFalse(r.changeWatchIsReady)
        open.signal()
        XCTAssertTrue(r.waitUntilIdle(timeout: 10))
        XCTAssertTrue(r.changeWatchIsReady)
        XCTAssertEqual(r.state.list.pins.count, UIFixtures.seoulPins.count)
        close(r)
    }

    func testAWatchThatCannotOpenDoesNotHoldTheReads() throws {
        let r = try runner(watch: { () throws(StoreError) -> any StoreChangeSource in throw StoreError("down") })
        // Well before `EffectPerformer.watchWait` (2 s): the failure settled it.
        XCTAssertTrue(r.waitUntilIdle(timeout: 1))
        XCTAssertEqual(r.state.list.pins.count, UIFixtures.seoulPins.count)
        close(r)
    }

    /// A first run adds the sample pins before the change watch starts: the toast says how to
    /// remove them, and no "45 pins added elsewhere" follows (the watch, started before the
    /// first read, saw the samples' commit as another process's).
    func testTheFirstRunsSamplesAreNotAnotherProcesssChange() throws {
        let path = try makeTempFolder().path + "/pins.sqlite"
        let store = try Store(path: path)
        try store.markChangesAsOwn()
        let r = AppRunner(store: store, state: AppState(cols: 100, rows: 30, color: false, reducedMotion: true),
                          loadSamples: { s in
                              for p in UIFixtures.seoulPins { _ = try s.insert(p) }
                              return UIFixtures.seoulPins.count
                          },
                          workers: { () throws(StoreError) -> any PinRepository in try Store(path: path) },
                          watch: { () throws(StoreError) -> any StoreChangeSource in try SQLiteChangeSource(path: path) },
                          firstRun: true)
        XCTAssertTrue(r.waitUntilIdle(timeout: 10))
        usleep(UInt32(ChangeWatcher.interval * 3 * 1_000_000))  // a few of the watch's looks
        r.collectOutcomes(now: r.state.clock)
        XCTAssertNil(r.state.feedback.message)
        XCTAssertEqual(r.state.feedback.toast?.message,
                       "Added \(UIFixtures.seoulPins.count) sample pins to try Pinmap with · to remove them: 4 (Settings), ↑ to the sample import, Enter")
        XCTAssertEqual(r.state.list.pins.count, UIFixtures.seoulPins.count)
        close(r)
    }
}
