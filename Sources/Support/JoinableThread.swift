// Support: general utilities any module may use (no SQLite, no Pinmap types).
import Foundation
import Glibc

/// A POSIX thread that can be waited for until it has fully ended, its thread-local
/// destructors included (Foundation's `Thread` cannot be joined).
///
/// Why: the GPX parser thread runs libxml2, whose per-thread state is freed by a
/// thread-local destructor when the thread exits. A malformed file fails at once, the
/// import reports it and the process exits, and `exit` runs libxml2's library destructor
/// (`xmlCleanupParser`) while that thread may still be tearing down: a rare SIGSEGV
/// (fuzz case-10259.gpx). Joining the thread before its failure or end is reported closes
/// the window. The store's cell tree build runs beside the search build on one
/// (`PinCellSideBuild`), joined before the import's transaction ends.
public final class JoinableThread: @unchecked Sendable {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let lock = NSLock()
    private var handle: pthread_t?  // guarded by `lock`; nil once joined or when never started

    /// Starts `body` on a new thread. When no thread can be created (`pthread_create` fails:
    /// out of resources), `body` runs on a detached Foundation thread and `join` returns at once.
    public init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        if rc == 0 {
            handle = thread
        } else {
            box.release()
            Thread.detachNewThread(body)
        }
    }

    /// Waits until the thread has ended (once; later calls return at once). Never call it
    /// from the thread itself.
    public func join() {
        lock.lock()
        let thread = handle
        handle = nil
        lock.unlock()
        if let thread { pthread_join(thread, nil) }
    }
}
