import XCTest
import Foundation
import PinModel
import PinmapCore
@testable import PinmapRuntime

/// The change watch posts what its source reports, as it reports it (the source leaves the
/// runner's own writes out), with scripted looks: no store, no clock.
final class ChangeWatcherTests: XCTestCase {
    /// Answers each look from a script (then nothing).
    private final class Script: StoreChangeSource, @unchecked Sendable {
        private let lock = NSLock()
        private var looks: [StoreChange?]
        private(set) var posted: [AppEvent] = []

        init(looks: [StoreChange?]) { self.looks = looks }

        func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
            usleep(1_000)
            return lock.withLock { looks.isEmpty ? nil : looks.removeFirst() }
        }
        func post(_ e: AppEvent) { lock.withLock { posted.append(e) } }
        var events: [AppEvent] { lock.withLock { posted } }
        var done: Bool { lock.withLock { looks.isEmpty } }
    }

    private func run(_ script: Script) -> [AppEvent] {
        let watcher = ChangeWatcher(open: { () throws(StoreError) -> any StoreChangeSource in script },
                                    post: { script.post($0) })
        let deadline = Date(timeIntervalSinceNow: 5)
        while !script.done && Date() < deadline { usleep(1_000) }
        usleep(20_000)
        watcher.stop()
        return script.events
    }

    /// Each change the source reports is announced once, in order; a look that saw nothing
    /// posts nothing.
    func testEachReportedChangeIsAnnouncedInOrder() {
        let script = Script(looks: [nil, StoreChange(added: 3), nil, StoreChange(deleted: 1), nil])
        let events = run(script)
        let changes: [StoreChange] = events.compactMap {
            if case .store(.changedElsewhere(let change)) = $0 { return change }
            return nil
        }
        XCTAssertEqual(changes, [StoreChange(added: 3), StoreChange(deleted: 1)], "\(events)")
        XCTAssertEqual(events.count, 2)
    }
}
