import Foundation
import PinmapCore
import PinModel

/// Waits for other processes' changes to the store on a thread of its own (a
/// `StoreChangeSource`, with its own connection) and posts them to the runner's outcomes
/// (`Outbox`) as `AppEvent.Store.changedElsewhere` / `.store(.unreachable)`: the UI loop never
/// waits on the store for them. Reconnects after a loss, once a second.
final class ChangeWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    /// The loop returned and let its connection go (`waitUntilEnded`).
    private var ended = false
    private let endCondition = NSCondition()
    private let open: @Sendable () throws(StoreError) -> any StoreChangeSource
    private let post: @Sendable (AppEvent) -> Void
    /// Settled at the first open, or the first failure to open.
    private let readiness: WatchReadiness?

    /// How long one wait lasts (seconds): a change shows within about this much.
    static let interval = 0.25

    /// - Parameters:
    ///   - open: the source, opened on the watcher's thread (again after a loss).
    ///   - post: where what was seen goes (any thread): every change the source reports is
    ///     another's (it leaves the runner's own out).
    ///   - readiness: settled once the source is open (or could not be opened).
    init(open: @escaping @Sendable () throws(StoreError) -> any StoreChangeSource,
         post: @escaping @Sendable (AppEvent) -> Void, readiness: WatchReadiness? = nil) {
        self.open = open
        self.post = post
        self.readiness = readiness
        readiness?.expect()
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "pinmap-changes"
        thread.start()
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// The source was opened once: changes committed from now on are seen (one committed
    /// before, while the thread started, is not).
    var isWatching: Bool { lock.withLock { watching } }
    private var watching = false

    /// After `stop`: waits up to `timeout` seconds (about one `interval`) for the loop to end
    /// and close its connection; whether it did.
    @discardableResult
    func waitUntilEnded(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        endCondition.lock()
        defer { endCondition.unlock() }
        while !ended {
            if !endCondition.wait(until: deadline) { break }
        }
        return ended
    }

    private func loop() {
        defer {
            endCondition.lock()
            ended = true
            endCondition.broadcast()
            endCondition.unlock()
        }
        var source: (any StoreChangeSource)?
        defer { source = nil }  // before `ended`: the connection is closed when the loop says so
        defer { readiness?.settle() }  // stopped before it opened
        var wasLost = false
        while !isStopped {
            do {
                if source == nil {
                    source = try open()
                    lock.withLock { watching = true }
                    readiness?.settle()
                    // Back after a loss: whatever happened meanwhile, the view is read again.
                    if wasLost { post(.store(.changedElsewhere(StoreChange(counted: false)))) }
                    wasLost = false
                }
                let change = try source?.waitForChanges(timeout: Self.interval)
                guard let change, !isStopped else { continue }
                post(.store(.changedElsewhere(change)))
            } catch {
                source = nil  // reconnect on the next round
                readiness?.settle()
                if !wasLost { post(.store(.unreachable(error))) }
                wasLost = true
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }
}
