import Foundation
import PinmapCore
import PinModel

/// Other processes' writes: a thread watches the store (`ChangeWatcher`), the UI loop
/// collects what it saw and the view is read again, without a key.
extension AppRunner {
    /// Starts watching with a source of its own (`open` runs on the watcher's thread).
    public func startChangeWatch(open: @escaping @Sendable () throws(StoreError) -> any StoreChangeSource) {
        guard changeWatcher == nil else { return }
        _ = (store as? ExternalCommitAware)?.committedElsewhere()  // the starting point
        changeWatcher = ChangeWatcher(open: open)
    }

    public func stopChangeWatch() {
        changeWatcher?.stop()
        changeWatcher = nil
    }

    /// Hands what other processes changed since the last call to `update`; returns whether
    /// anything arrived. The store's own commits are left out (`ExternalCommitAware`).
    @discardableResult
    public func collectStoreChanges(now: Double) -> Bool {
        guard let (change, lost) = changeWatcher?.take() else { return false }
        if let lost {
            handle(.storeUnreachable(lost), now: now)
            return true
        }
        guard let change, (store as? ExternalCommitAware)?.committedElsewhere() ?? true else { return false }
        handle(.storeChangedElsewhere(change), now: now)
        return true
    }
}
