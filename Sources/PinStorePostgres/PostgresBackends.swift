import Foundation

/// The server processes (backend PIDs, `pg_backend_pid()`) of one app's own connections to a
/// store: the UI's main connection and each worker lane's, shared by the `PostgresStore`s
/// opened with it. A change announcement carries the PID of the connection that wrote
/// (libpq's `PGnotify.be_pid`), so `PostgresChangeSource` tells the app's own writes from
/// another user's exactly, even when both commit in the same moment.
///
/// A connection made again after a server restart adds its new PID; the old one stays (an
/// announcement of its last write may still be on its way). A handful of PIDs in all.
/// Thread-safe: the lanes connect on their own threads, the change watch reads on its own.
public final class PostgresBackends: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: Set<Int32> = []

    public init() {}

    /// Counts `pid` as one of the app's own (0, a closed connection: ignored).
    func insert(_ pid: Int32) {
        guard pid != 0 else { return }
        lock.withLock { _ = pids.insert(pid) }
    }

    /// True when `pid` is the server process of one of the app's own connections.
    public func contains(_ pid: Int32) -> Bool { lock.withLock { pids.contains(pid) } }
}
