import XCTest
import Foundation
import PinModel
import PinmapCore
@testable import PinmapRuntime

/// The change watch tells the UI's own writes from other processes' by its write lane's
/// activity count (odd while a write runs), with scripted looks and counts: no store, no clock.
final class ChangeWatcherTests: XCTestCase {
    /// Answers each look from a script (then nothing), and the lane's count from another.
    private final class Script: StoreChangeSource, @unchecked Sendable {
        private let lock = NSLock()
        private var looks: [StoreChange?]
        private var counts: [Int]
        private(set) var posted: [AppEvent] = []

        init(looks: [StoreChange?], counts: [Int]) { self.looks = looks; self.counts = counts }

        func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
            usleep(1_000)
            return lock.withLock { looks.isEmpty ? nil : looks.removeFirst() }
        }
        /// The next count of the script; its last one once it is used up.
        func count() -> Int { lock.withLock { counts.count > 1 ? counts.removeFirst() : counts[0] } }
        func post(_ e: AppEvent) { lock.withLock { posted.append(e) } }
        var events: [AppEvent] { lock.withLock { posted } }
        var done: Bool { lock.withLock { looks.isEmpty && counts.count == 1 } }
    }

    private func run(_ script: Script) -> [AppEvent] {
        let watcher = ChangeWatcher(open: { () throws(StoreError) -> any StoreChangeSource in script },
                                    post: { script.post($0) }, ownWrites: { script.count() })
        let deadline = Date(timeIntervalSinceNow: 5)
        while !script.done && Date() < deadline { usleep(1_000) }
        usleep(20_000)
        watcher.stop()
        return script.events
    }

    /// A write of the UI that ended between one look and the count read after it: its commit
    /// is seen at the next look, when the count no longer moves. It is still the UI's own.
    func testAWriteThatEndedJustAfterALookIsStillTheUIsOwn() {
        // Counts read: before the loop, once the source is open, then at the start and the
        // end of each look: the write ran between the first look and the count after it.
        let script = Script(looks: [nil, StoreChange(counted: false), nil],
                            counts: [0, 0, 0, 2, 2, 2, 2, 2])
        XCTAssertEqual(run(script).count, 0)
    }

    /// Another process's commit while the UI wrote nothing is announced.
    func testAChangeWhileTheUIWroteNothingIsAnnounced() {
        let script = Script(looks: [nil, StoreChange(added: 3), nil], counts: [4])
        let events = run(script)
        guard events.count == 1, case .storeChangedElsewhere(let change) = events[0] else { return XCTFail("\(events)") }
        XCTAssertEqual(change, StoreChange(added: 3))
    }
}
