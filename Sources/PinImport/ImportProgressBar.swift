import PinModel
import Foundation
import Frame
import Glibc
import PinStore

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
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 1
        let filled = Int((f * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = String(format: "%3d%%", Int((f * 100).rounded(.down)))
        return "\(label) \(percent) [\(bar)] \(detail) \(String(format: "%.1f s", elapsed))"
    }
}

/// Draws `ImportProgressBar` on stderr while an import runs: only when stderr is a terminal and
/// the file is at least `minimumBytes`, at most every 0.1 s, redrawing in place with `\r` and
/// clearing the line at the end.
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
    private var start: Double = 0
    private var lastDraw: Double = -1
    private var drawn = false

    /// - Parameters:
    ///   - label: the file name to show.
    ///   - fileSize: bytes; no bar below `minimumBytes`.
    ///   - forceEnabled: draw even when stderr is not a terminal (tests); nil asks `isatty(2)`.
    public init(label: String, fileSize: Int64, minimumBytes: Int64 = ImportProgressPrinter.defaultMinimumBytes,
                forceEnabled: Bool? = nil) {
        // A file name can hold escape sequences (set the title, write the clipboard): never raw.
        self.label = SafeText.sanitize(label)
        self.enabled = (forceEnabled ?? (isatty(2) == 1)) && fileSize >= minimumBytes
        self.start = Monotonic.seconds()
    }

    /// The progress callback: pass `printer.update` to `Importer.run`.
    public func update(_ done: Int64, _ total: Int64) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let t = Monotonic.seconds()
        guard t - lastDraw >= 0.1 || done >= total else { return }
        lastDraw = t
        drawn = true
        write("\r" + ImportProgressBar.render(label: label, done: done, total: total, elapsed: t - start))
    }

    /// Progress of a job measured as a fraction (indexing after an import).
    public func update(fraction: Double, detail: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let t = Monotonic.seconds()
        guard t - lastDraw >= 0.1 || fraction >= 1 else { return }
        lastDraw = t
        drawn = true
        write("\r\u{1B}[2K" + ImportProgressBar.render(label: label, fraction: fraction, detail: detail, elapsed: t - start))
    }

    /// Clears the bar's line (call before printing the summary).
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { write("\r\u{1B}[2K") }
        drawn = false
    }

    private func write(_ s: String) {
        var text = s
        text.withUTF8 { buf in _ = Glibc.write(2, buf.baseAddress, buf.count) }
    }
}
