import PinModel
import Foundation
import Frame
import Glibc
import Support

/// The import progress bar for stderr, e.g.
/// `pins-1m.csv  42% [██████████░░░░░░░░░░░░░░]  33.7/80.2 MB  1.4 s`.
///
/// `render` is pure (tests assert its text); `ImportProgressPrinter` draws it on a terminal.
public enum ImportProgressBar {
    /// One line without a line break.
    /// - Parameters:
    ///   - label: shown first (usually the file name).
    ///   - done, total: bytes read and file size in bytes.
    ///   - elapsed: seconds since the import started.
    ///   - width: cells of the bar itself.
    public static func render(label: String, done: Int64, total: Int64, elapsed: Double, width: Int = 24) -> String {
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let mb = String(format: "%.1f/%.1f MB", Double(done) / 1e6, Double(total) / 1e6)
        return render(label: label, fraction: fraction, detail: mb, elapsed: elapsed, width: width)
    }

    /// One line for any job: `label  42% [███░░░] detail  1.4 s`.
    /// - Parameters:
    ///   - fraction: done, 0…1 (clamped).
    ///   - detail: what is being done, or the amounts.
    public static func render(label: String, fraction: Double, detail: String, elapsed: Double, width: Int = 24) -> String {
        let f = clamped(fraction)
        let filled = Int((f * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\(label) \(percent(f)) [\(bar)] \(tail(detail, elapsed))"
    }

    /// The widest bar drawn (cells).
    public static let fullWidth = 24

    /// `render` fitted to a terminal `columns` wide, within `columns - 1` cells so the
    /// cursor never reaches the last column (a line that fills it wraps on some terminals,
    /// and every redraw would then leave a line behind): the bar shrinks first (to 4
    /// cells, then none), then the label is cut (`…`), then the line.
    public static func fitted(label: String, fraction: Double, detail: String, elapsed: Double, columns: Int) -> String {
        let room = max(1, columns - 1)
        let spare = room - DisplayWidth.of(render(label: label, fraction: fraction, detail: detail, elapsed: elapsed, width: 0))
        if spare >= 4 {
            return render(label: label, fraction: fraction, detail: detail, elapsed: elapsed, width: min(fullWidth, spare))
        }
        let rest = " \(percent(clamped(fraction))) \(tail(detail, elapsed))"  // no bar
        let labelRoom = room - DisplayWidth.of(rest)
        if labelRoom >= 4 { return DisplayWidth.truncate(label, to: labelRoom) + rest }
        return DisplayWidth.truncate(String(rest.drop { $0 == " " }), to: room)
    }

    /// A phase without a measure of how far it is (a copy reading its source):
    /// `label detail 1.4 s` within `columns - 1` cells, the label and detail cut (`…`) before the clock.
    public static func fittedPhase(label: String, detail: String, elapsed: Double, columns: Int) -> String {
        let room = max(1, columns - 1)
        let clock = String(format: " %.1f s", elapsed)
        let text = "\(label) \(detail)"
        let textRoom = room - DisplayWidth.of(clock)
        if textRoom >= 4 { return DisplayWidth.truncate(text, to: textRoom) + clock }
        return DisplayWidth.truncate(text, to: room)
    }

    private static func clamped(_ fraction: Double) -> Double { fraction.isFinite ? min(1, max(0, fraction)) : 1 }
    private static func percent(_ f: Double) -> String { String(format: "%3d%%", Int((f * 100).rounded(.down))) }
    private static func tail(_ detail: String, _ elapsed: Double) -> String { "\(detail) \(String(format: "%.1f s", elapsed))" }

    /// The width of the terminal on stderr: `TIOCGWINSZ`, else `$COLUMNS`, else 80.
    public static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let c = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), c > 0 { return c }
        return 80
    }
}

/// Draws `ImportProgressBar` on stderr while an import runs: only when stderr is a terminal and
/// the file is at least `minimumBytes`, at most every 0.1 s, fitted to the terminal's width
/// (`ImportProgressBar.fitted`, `terminalColumns`), redrawing in place with `\r` and clearing
/// the line at the end. The clock keeps running between updates (redrawn every 0.5 s), so a
/// phase without progress callbacks (the writer finishing the rows: "writing") does not look
/// stuck.
///
/// `Sendable` so `update` can be the importer's `@Sendable` progress callback; the mutable
/// state is guarded by a lock.
public final class ImportProgressPrinter: @unchecked Sendable {
    /// Files smaller than this (4 MB) import too fast for a bar to help.
    public static let defaultMinimumBytes: Int64 = 4_000_000

    /// The label as drawn: sanitized (internal for tests).
    let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private let start: Double
    private var lastDraw: Double = -1
    private var drawn = false
    /// What the last draw showed, for the clock's redraws (fraction nil: a phase, `update(phase:)`).
    private var shown: (fraction: Double?, detail: String)?
    private var ticker: DispatchSourceTimer?

    /// - Parameters:
    ///   - label: the file name to show.
    ///   - fileSize: bytes; no bar below `minimumBytes`.
    ///   - forceEnabled: draw even when stderr is not a terminal (tests); nil asks `isatty(2)`.
    ///   - start: when the command started (`Monotonic.seconds()`), so the bars of one
    ///     command (the file, then indexing) show one clock; nil: now.
    public init(label: String, fileSize: Int64, minimumBytes: Int64 = ImportProgressPrinter.defaultMinimumBytes,
                forceEnabled: Bool? = nil, start: Double? = nil) {
        // A file name can hold escape sequences (set the title, write the clipboard): never raw.
        self.label = SafeText.sanitize(label)
        self.enabled = (forceEnabled ?? (isatty(2) == 1)) && fileSize >= minimumBytes
        self.start = start ?? Monotonic.seconds()
    }

    deinit { ticker?.cancel() }

    /// The progress callback: pass `printer.update` to `Importer.run`. Once every byte is read,
    /// the writer still stores the last rows: the detail then says "writing".
    public func update(_ done: Int64, _ total: Int64) {
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let detail = done >= total ? String(format: "%.1f MB, writing", Double(total) / 1e6)
            : String(format: "%.1f/%.1f MB", Double(done) / 1e6, Double(total) / 1e6)
        draw(fraction: fraction, detail: detail, force: done >= total)
    }

    /// Progress of a job measured as a fraction (indexing after an import).
    public func update(fraction: Double, detail: String) {
        draw(fraction: fraction, detail: detail, force: fraction >= 1)
    }

    /// A phase whose progress is not measured (a copy reading, then writing): its name with
    /// the clock running. Drawn from half a second on, so a quick job leaves no flash.
    public func update(phase detail: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        shown = (nil, SafeText.sanitize(detail))  // a store's path can hold escape sequences
        let t = Monotonic.seconds()
        if t - start >= 0.5 { redraw(at: t) }
        if ticker == nil { startTicker() }
    }

    private func draw(fraction: Double, detail: String, force: Bool) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let t = Monotonic.seconds()
        guard t - lastDraw >= 0.1 || force else { return }
        shown = (fraction, detail)
        redraw(at: t)
        if ticker == nil { startTicker() }
    }

    /// Draws `shown` with the clock at `t` (the lock held).
    private func redraw(at t: Double) {
        guard let shown else { return }
        lastDraw = t
        drawn = true
        let columns = ImportProgressBar.terminalColumns(), elapsed = t - start
        let line = shown.fraction.map {
            ImportProgressBar.fitted(label: label, fraction: $0, detail: shown.detail, elapsed: elapsed, columns: columns)
        } ?? ImportProgressBar.fittedPhase(label: label, detail: shown.detail, elapsed: elapsed, columns: columns)
        write("\r\u{1B}[2K" + line)
    }

    private func startTicker() {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            let t = Monotonic.seconds()
            if self.shown != nil && t - self.lastDraw >= 0.45 { self.redraw(at: t) }
        }
        ticker = timer
        timer.resume()
    }

    /// Clears the bar's line (call before printing the summary) and stops the clock.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        ticker?.cancel()
        ticker = nil
        if drawn { write("\r\u{1B}[2K") }
        drawn = false
        shown = nil
    }

    private func write(_ s: String) {
        var text = s
        text.withUTF8 { buf in _ = Glibc.write(2, buf.baseAddress, buf.count) }
    }
}
