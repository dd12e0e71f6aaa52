import Foundation
import Frame
import PinModel
import PinStore
import PinStorePostgres
import PinmapCore
import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI

/// A runner as the terminal UI makes it (`UICommand`): every effect on worker lanes with
/// connections of their own, and the change watch on one more; headless.
extension UIFixtures {
    /// `store` holds the pins already; `uri` is the server's (nil for a file store).
    static func liveRunner(over store: any PinRepository, uri: String?, cols: Int = 100, rows: Int = 30,
                           environment: AppEnvironment? = nil) throws -> AppRunner {
        let r = try runner(over: store, cols: cols, rows: rows, importer: UIFileImporter.make(), environment: environment)
        guard let open = UIRunner.connector(for: store, uri: uri) else { throw StoreError("no second connection to \(store.location)") }
        r.startWorkers(open: open)
        if let watch = UIRunner.changeSource(for: store, uri: uri) { r.startChangeWatch(open: watch) }
        r.waitUntilIdle(timeout: 10)
        // A commit made before the watch's thread opened its source is not announced: the
        // tests' other connections write only once it has.
        guard r.wait(upTo: 10, until: { r.changeWatchIsReady }) else { throw StoreError("the change watch did not open its source in 10 s") }
        return r
    }
}

extension AppRunner {
    /// Feeds outcomes until `done` holds or `timeout` seconds pass; whether it held.
    func wait(upTo timeout: Double, until done: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            collectOutcomes(now: state.clock)
            if done() { return true }
            if Date() >= deadline { return false }
            usleep(2_000)
        }
    }

    /// Every status-line message shown from now on (after each outcome), in order.
    func recordMessages() -> MessageLog {
        let log = MessageLog()
        afterOutcome = { [unowned self] in
            if let m = self.state.feedback.message, log.messages.last != m { log.messages.append(m) }
        }
        return log
    }

    /// Stops the change watch and the lanes (a test's end, as the UI's quit).
    func stopLive() {
        stopChangeWatch()
        finishWrites(now: state.clock)
    }

    /// Each key, then the workers' answers (a person types slower than the lanes answer).
    func press(_ keys: Frame.Key..., timeout: Double = 10) {
        for k in keys {
            key(k)
            waitUntilIdle(timeout: timeout)
        }
    }
}

/// The messages a runner showed (`recordMessages`).
final class MessageLog {
    var messages: [String] = []
}
