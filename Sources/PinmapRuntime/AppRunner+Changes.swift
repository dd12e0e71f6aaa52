import Foundation
import PinmapCore
import PinModel

/// Other processes' writes: a thread watches the store (`ChangeWatcher`) and posts what it
/// saw to the outcomes the UI loop collects (`collectOutcomes`); the view is read again,
/// without a key.
extension AppRunner {
    /// Starts watching with a source of its own (`open` runs on the watcher's thread). The
    /// source leaves the runner's own writes out (`StoreChangeSource`). The lanes' store
    /// work waits until the source is open (`WatchReadiness`): start it before the first read
    /// (`AppRunner.init`'s `watch`).
    public func startChangeWatch(open: @escaping @Sendable () throws(StoreError) -> any StoreChangeSource) {
        guard changeWatcher == nil else { return }
        let outbox = self.outbox
        // Only a server's loss fails the lanes' work fast: a file's watch may fail for a moment
        // (a busy file) while the lanes' own connections wait their busy timeout and succeed.
        // Only a server is asked whether it answers when nothing comes: a file's watch reads
        // the file and waits on no server.
        let server = store.isServer
        changeWatcher = ChangeWatcher(open: open, post: { outbox.post($0) }, readiness: performer.watch,
                                      reachability: server ? performer.reachability : nil,
                                      checkAfterSilence: server ? ChangeWatcher.silenceLimit : nil)
    }

    /// The change watch has its source open: another process's commit from now on shows.
    public var changeWatchIsReady: Bool { changeWatcher?.isWatching ?? false }

    public func stopChangeWatch() {
        changeWatcher?.stop()
        stoppedWatcher = changeWatcher
        changeWatcher = nil
    }
}
