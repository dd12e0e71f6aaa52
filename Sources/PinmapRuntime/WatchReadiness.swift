import Foundation

/// Holds the lanes' store work until the change watch has opened its source (or failed to,
/// or `EffectPerformer.watchWait` seconds passed). A commit another process makes after a
/// read is then always announced, and one made before it is in the read: before, a commit in
/// the milliseconds between the UI's first read and its watch's LISTEN (or first
/// `data_version`) showed only with the next change.
final class WatchReadiness: @unchecked Sendable {
    private let condition = NSCondition()
    private var settled = true

    /// A watch is starting: work waits from now until `settle`.
    func expect() {
        condition.lock()
        settled = false
        condition.unlock()
    }

    /// The watch opened its source, or could not (reads must not wait for a server that is down).
    func settle() {
        condition.lock()
        settled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `timeout` seconds for `settle` (at once when no watch is starting).
    func wait(timeout: Double) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !settled {
            if !condition.wait(until: deadline) { return }
        }
    }
}
