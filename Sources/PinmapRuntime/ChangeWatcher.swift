import Foundation
import PinModel

/// Waits for other processes' changes to the store on a thread of its own (a
/// `StoreChangeSource`, with its own connection) and keeps them for the UI loop to collect
/// (`take`), merged: the loop never waits on the store for them.
final class ChangeWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var inbox: StoreChange?
    private var lost: StoreError?
    private var stopped = false
    private let open: @Sendable () throws(StoreError) -> any StoreChangeSource

    /// How long one wait lasts (seconds): a change shows within about this much.
    static let interval = 0.25

    init(open: @escaping @Sendable () throws(StoreError) -> any StoreChangeSource) {
        self.open = open
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "pinmap-changes"
        thread.start()
    }

    /// What changed since the last call (nil: nothing), and whether the source was lost
    /// (a server that went away: the loop keeps trying to reconnect).
    func take() -> (change: StoreChange?, lost: StoreError?) {
        lock.lock()
        defer { inbox = nil; lost = nil; lock.unlock() }
        return (inbox, lost)
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func loop() {
        var source: (any StoreChangeSource)?
        var wasLost = false
        while !isStopped {
            do {
                if source == nil {
                    source = try open()
                    // Back after a loss: whatever happened meanwhile, the view is read again.
                    if wasLost { lock.withLock { inbox = StoreChange(counted: false) } }
                    wasLost = false
                }
                guard let change = try source?.waitForChanges(timeout: Self.interval) else { continue }
                lock.withLock { inbox = inbox.map { $0.merged(change) } ?? change }
            } catch {
                source = nil  // reconnect on the next round
                wasLost = true
                lock.withLock { lost = error }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }
}
