import CCurses
import Frame
#if canImport(Glibc)
import Glibc
#endif

/// Why the terminal UI cannot start; each has a one-line message for stderr.
public enum TerminalError: Error, CustomStringConvertible, Sendable {
    case notATerminal, unknownTerm(String), dumbTerm(String), startFailed

    public var description: String {
        switch self {
        case .notATerminal:
            return "pinmap: standard input and output must be a terminal for the UI (try `pinmap render` or `pinmap list` in scripts)"
        case .unknownTerm(let t):
            return "pinmap: the terminal type \(t.isEmpty ? "(TERM is unset)" : "'\(t)'") is unknown; set TERM, e.g. TERM=xterm-256color"
        case .dumbTerm(let t):
            return "pinmap: the terminal type '\(t)' cannot move the cursor; use a full terminal (TERM=xterm-256color)"
        case .startFailed:
            return "pinmap: could not initialise the terminal"
        }
    }
}

/// The ncurses backend: owns the terminal between `start()` and `stop()`,
/// reads input into `InputEvent`s and paints `Screen`s, sending only the cells
/// that changed since the last frame.
public final class TerminalSession {
    private var decoder = InputDecoder()
    /// When the last byte or key came (`now()`).
    private var lastInput = 0.0
    private var painter = Painter()
    private var started = false

    public init() {}

    /// Takes over the terminal: locale, ncursesw, raw mode, SGR button-motion
    /// mouse, signal handlers that restore the terminal.
    /// - Throws: `TerminalError` when stdin/stdout is not a TTY or `TERM` is
    ///   unset, unknown or dumb (checked before ncurses can exit on its own).
    public func start() throws(TerminalError) {
        try checkTerminal()
        pm_install_signal_handlers()
        guard pm_start() == 0 else { throw .startFailed }
        started = true
        painter.colorCount = Int(pm_colors())
        atexit { pm_restore() }
    }

    /// Throws what `start()` would refuse (no TTY, unknown or dumb `TERM`) without touching
    /// the terminal: callers check before they create anything.
    public func checkTerminal() throws(TerminalError) {
        TerminalLocale.apply()
        guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        switch pm_check_term() {
        case 1: throw .unknownTerm(term)
        case 2: throw .dumbTerm(term)
        default: break
        }
    }

    /// Restores the terminal (mouse modes off, main screen, cursor, echo). Idempotent.
    public func stop() {
        guard started else { return }
        started = false
        pm_stop()
    }

    /// True when the terminal can show UTF-8 (the codeset of the locale the user named is UTF-8).
    public static func localeIsUTF8() -> Bool { TerminalLocale.userLocaleIsUTF8 }

    /// The terminal's size in cells.
    public var size: (cols: Int, rows: Int) { (Int(pm_cols()), Int(pm_lines())) }

    /// True once a signal that ends the process arrived (TERM, HUP, INT, QUIT, USR1, …).
    public var quitRequested: Bool { pm_quit_requested() != 0 }

    /// The signal that ended the session, or 0.
    public var quitSignal: Int32 { pm_quit_requested() }

    /// Colours the terminal offers (0 without colour or with `NO_COLOR`).
    public var colorCount: Int { painter.colorCount }

    /// Waits up to `timeoutMs` milliseconds for input and returns every event
    /// that is ready (a burst of mouse reports comes back whole).
    /// A paste whose end marker has not come after this long without input ends (seconds):
    /// a terminal that lost it must not leave every later key inside the paste.
    static let pasteQuietLimit = 0.5

    public func read(timeoutMs: Int) -> [InputEvent] {
        var events: [InputEvent] = []
        // Inside a paste, wake in time to end it once the input goes quiet.
        var wait = Int32(decoder.isInPaste ? min(timeoutMs, 100) : timeoutMs)
        while true {
            var unit: UInt32 = 0
            var rc = pm_read(wait, &unit)
            if rc < 0 && decoder.isPending && wait == 0 {
                // Give the rest of an escape sequence or a character a moment to arrive.
                rc = pm_read(30, &unit)
                if rc < 0 { events += decoder.flush() }
            }
            if rc < 0 {
                if decoder.isInPaste && Self.now() - lastInput >= Self.pasteQuietLimit { events += decoder.endPaste() }
                break
            }
            lastInput = Self.now()
            if rc == 1 {
                if let e = keyEvent(Int32(bitPattern: unit)) { events.append(e) }
            } else {
                events += decoder.feed(byte: UInt8(truncatingIfNeeded: unit))
            }
            wait = 0
        }
        return events
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private func keyEvent(_ code: Int32) -> InputEvent? {
        switch code {
        case pm_key_resize(): painter.invalidate(); return .resize(cols: Int(pm_cols()), rows: Int(pm_lines()))
        case pm_key_up(): return .key(.up)
        case pm_key_down(): return .key(.down)
        case pm_key_left(): return .key(.left)
        case pm_key_right(): return .key(.right)
        case pm_key_npage(): return .key(.pageDown)
        case pm_key_ppage(): return .key(.pageUp)
        case pm_key_home(): return .key(.home)
        case pm_key_end(): return .key(.end)
        case pm_key_btab(): return .key(.backTab)
        case pm_key_enter(): return .key(.enter)
        case pm_key_backspace(): return .key(.backspace)
        case pm_key_dc(): return .key(.delete)
        case pm_key_f1(): return .key(.f1)
        default: return nil
        }
    }

    /// Paints `screen`, sending only changed cells.
    public func paint(_ screen: Screen) { painter.paint(screen) }
}
