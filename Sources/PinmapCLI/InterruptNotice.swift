import Glibc
import Support

/// What Ctrl-C prints while a command changes the store in one transaction (`import`,
/// `undo-import`) or writes a file (`export -o`): the process ends at once with exit code 130
/// (128 + SIGINT) and SQLite's journal rolls the unfinished transaction back when the store is
/// next opened, so the message can say the store is as it was; the temporary files outputs
/// were being written to are removed (`TemporaryFiles`), so the file is as it was too.
///
/// The handler is async-signal-safe: it only calls `write(2)` on a message prepared
/// beforehand, `unlink(2)` and `_exit(2)`. It is installed only while the work runs (`during`).
enum InterruptNotice {
    /// Runs `body` with SIGINT, SIGTERM and SIGHUP printing `message` on its own line of
    /// stderr (after clearing a progress bar's line on a terminal) and exiting 130 (SIGTERM
    /// 143, SIGHUP 129); the previous handlers are restored afterwards. A signal the process
    /// was started ignoring (`nohup`, a script's `&`) stays ignored.
    ///
    /// Why SIGHUP: closing the terminal (or killing its tmux pane) ended an `export -o` with
    /// its temporary file (`.out.gpkg.anuzcm`) left beside the output.
    static func during<T, E: Error>(_ message: String, _ body: () throws(E) -> T) throws(E) -> T {
        set(message)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if interruptDeferred != 0 { interruptPending = signal; return }  // a commit is running
            exitInterrupted(signal)
        }
        sigemptyset(&action.sa_mask)
        let signals = [SIGINT, SIGTERM, SIGHUP]
        var old: [sigaction] = Array(repeating: sigaction(), count: signals.count)
        for (i, s) in signals.enumerated() {
            sigaction(s, nil, &old[i])
            if !isIgnored(old[i]) { sigaction(s, &action, nil) }
        }
        defer { for (i, s) in signals.enumerated() { sigaction(s, &old[i], nil) } }
        return try body()
    }

    /// True when `action` ignores its signal (`SIG_IGN`, the handler value 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
    }

    /// From now until `endDeferring`, a Ctrl-C only marks itself: for a commit, after which
    /// the message must say what the commit did, and during which no one can tell (a
    /// process ended while SQLite syncs its journal may or may not have committed).
    static func beginDeferring() { interruptDeferred = 1 }

    /// Ends `beginDeferring`: a Ctrl-C that came meanwhile now prints the message set by
    /// then and ends the process.
    static func endDeferring() {
        interruptDeferred = 0
        let signal = interruptPending
        guard signal != 0 else { return }
        exitInterrupted(signal)
    }

    /// Changes the message while the handler is installed (the next file of an import).
    static func set(_ message: String) {
        let lead = isatty(2) == 1 ? "\r\u{1B}[2K" : ""
        let bytes = Array((lead + message + "\n").utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        // The old buffer is leaked on purpose: a handler running right now may still read it.
        interruptLength = 0
        interruptMessage = buffer
        interruptLength = bytes.count
    }
}

/// The handler's work: `write(2)` the message, `unlink(2)` the files noted
/// (`TemporaryFiles`), `_exit(2)`, all async-signal-safe.
private func exitInterrupted(_ signal: Int32) -> Never {
    if let m = interruptMessage { _ = write(2, m, interruptLength) }
    TemporaryFiles.removeAll()
    _exit(128 + signal)
}

/// Read by the signal handler, which cannot capture context.
nonisolated(unsafe) private var interruptMessage: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var interruptLength = 0
/// Set while a commit runs (`beginDeferring`); the signal that came meanwhile, or 0.
nonisolated(unsafe) private var interruptDeferred: Int32 = 0
nonisolated(unsafe) private var interruptPending: Int32 = 0
