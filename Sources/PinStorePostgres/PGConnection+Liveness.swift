import CLibpq
import Foundation
import Glibc
import PinModel
import Support

/// A server that keeps its connections open but does not answer (its processes stopped, or
/// the network between cut): libpq would wait for it for as long as the connection lasts
/// (for ever on a unix socket; a TCP connection's kernel keeps answering for a stopped
/// process). Only a deadline tells (`checkAnswers`), and only a socket shut down ends a
/// wait already under way (`interrupt`).
extension PGConnection {
    /// Sends an empty query and waits for its answer up to `timeout` seconds, never longer
    /// (the socket polled, never a blocking read). The connection is not used again after a
    /// throw: its query is still on its way.
    /// - Throws: `PGErrorText.notAnswering` past the deadline, `PGErrorText.lostError` when
    ///   the connection is gone.
    func checkAnswers(within timeout: Double) throws(StoreError) {
        guard let handle, Libpq.PQsendQuery(handle, "") == 1 else { throw PGErrorText.lostError }
        let deadline = Monotonic.seconds() + timeout
        while Libpq.PQisBusy(handle) == 1 {
            let left = deadline - Monotonic.seconds()
            guard left > 0 else { throw PGErrorText.notAnswering(seconds: timeout) }
            var fds = pollfd(fd: Libpq.PQsocket(handle), events: Int16(POLLIN), revents: 0)
            guard fds.fd >= 0 else { throw PGErrorText.lostError }
            let ready = poll(&fds, 1, Int32((left * 1000).rounded(.up)))
            if ready > 0 && Libpq.PQconsumeInput(handle) == 0 { throw PGErrorText.lostError }
        }
        while let r = Libpq.PQgetResult(handle) { Libpq.PQclear(r) }
        if Libpq.PQstatus(handle) != CONNECTION_OK { throw PGErrorText.lostError }
    }

    /// Ends a wait for the server that another thread is blocked in: the socket is shut down
    /// (not closed: the descriptor stays this connection's until `PQfinish`, so no other file
    /// can take its number meanwhile), the blocked read returns, and the statement fails as a
    /// lost connection (`check`); the next statement connects again (`reconnectIfLost`).
    /// Any thread. Only for a connection that waits on a statement (a lane stalled on a
    /// server that stopped answering): one that is connecting closes its old descriptor.
    func interrupt() {
        guard let handle else { return }
        interruption.set()
        let fd = Libpq.PQsocket(handle)
        if fd >= 0 { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }
}

/// Whether a connection was given up on (`PGConnection.interrupt`, from another thread).
final class PGInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
    func clear() { lock.withLock { value = false } }
}
