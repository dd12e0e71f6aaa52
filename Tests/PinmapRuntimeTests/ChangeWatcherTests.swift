import XCTest
import Foundation
import PinModel
import PinmapCore
@testable import PinmapRuntime

/// The change watch posts what its source reports, as it reports it (the source leaves the
/// runner's own writes out), with scripted looks: no store, no clock.
final class ChangeWatcherTests: XCTestCase {
    /// Answers each look from a script (then nothing), and counts the checks it is asked for
    /// (each answered, or not when `answers` is false).
    private final class Script: StoreChangeSource, @unchecked Sendable {
        private let lock = NSLock()
        private var looks: [StoreChange?]
        private(set) var posted: [AppEvent] = []
        private var checked = 0
        private let answers: Bool

        init(looks: [StoreChange?], answers: Bool = true) {
            self.looks = looks
            self.answers = answers
        }

        func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
            usleep(1_000)
            return lock.withLock { looks.isEmpty ? nil : looks.removeFirst() }
        }
        func checkAnswers(within timeout: Double) throws(StoreError) {
            lock.withLock { checked += 1 }
            if !answers { throw StoreError("the server did not answer within \(timeout) s") }
        }
        func post(_ e: AppEvent) { lock.withLock { posted.append(e) } }
        var events: [AppEvent] { lock.withLock { posted } }
        var done: Bool { lock.withLock { looks.isEmpty } }
        var checks: Int { lock.withLock { checked } }
    }

    private func run(_ script: Script, checkAfterSilence: Double? = nil) -> [AppEvent] {
        let watcher = ChangeWatcher(open: { () throws(StoreError) -> any StoreChangeSource in script },
                                    post: { script.post($0) }, checkAfterSilence: checkAfterSilence)
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

    /// A server's watch that hears nothing asks whether the store answers, once per silence
    /// (here 0.05 s for 0.2 s or more of looks that see nothing): an idle UI finds a hang.
    func testASilentSourceIsAskedWhetherItAnswers() {
        let script = Script(looks: Array(repeating: nil, count: 200))
        _ = run(script, checkAfterSilence: 0.05)
        XCTAssertGreaterThanOrEqual(script.checks, 2)
    }

    /// Changes that keep coming say the store answers: no check is asked for between them.
    func testChangesThatKeepComingAreNotFollowedByChecks() {
        let script = Script(looks: Array(repeating: StoreChange(added: 1), count: 200))
        _ = run(script, checkAfterSilence: 0.05)
        XCTAssertEqual(script.checks, 0)
    }

    /// A file's watch (no silence limit) asks nothing of its store however long it is silent.
    func testAFileIsNeverAskedWhetherItAnswers() {
        let script = Script(looks: Array(repeating: nil, count: 200))
        _ = run(script)
        XCTAssertEqual(script.checks, 0)
    }

    /// A silence check the store does not answer is a loss: `.unreachable`, with the check's error.
    func testASilenceCheckNotAnsweredIsALoss() {
        let script = Script(looks: Array(repeating: nil, count: 100), answers: false)
        let events = run(script, checkAfterSilence: 0.05)
        guard case .store(.unreachable(let error))? = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(error.message, "the server did not answer within 2.0 s")
    }
}
