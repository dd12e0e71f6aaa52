import Frame

/// A routine success ("Pin updated", "Imported 34,006 pins"): one line at the top right
/// of the screen, over the map or the tab's content, never over the list or the status
/// line, and it takes no keys. It leaves by itself after `Toast.lifetime` seconds.
/// Failures and undo offers keep the notice sheet (`AppState.notify`).
public struct Toast: Sendable, Equatable {
    public var title: String
    public var message: String
    public var shownAt: Double

    /// Seconds a toast stays.
    public static let lifetime = 4.0
}

extension AppState {
    /// Shows the result of an operation: a toast for a plain success, the notice sheet for
    /// a failure or a success that offers undo (it must be read and answered).
    public mutating func notify(_ title: String, _ message: String, success: Bool, offersUndo: Bool = false, now: Double) {
        if success && !offersUndo {
            toast = Toast(title: title, message: message, shownAt: now)
            return
        }
        present(.notice(title: title, message: message, success: success, shownAt: now), height: 5, dim: 0.3, now: now)
    }

    /// Removes the toast once its time is up.
    mutating func tickToast(now: Double) {
        if let t = toast, now - t.shownAt >= Toast.lifetime { toast = nil }
    }
}

/// Draws the toast on one line at the right, cut with "…" to fit: on the top row, which the
/// Import and Settings tabs keep empty for it and where the Map tab has only the map's edge;
/// on the Timeline (whose top row is the month) over its key hint. Never over the sheet or
/// a tab's content.
enum ToastView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        guard let t = state.toast, screen.width > 4, state.layout.travel > 0 else { return }
        let mark = state.ascii ? "+" : "✓"
        let text = SafeText.sanitize("\(mark) \(t.title): \(t.message)", ascii: state.ascii)
        let line = DisplayWidth.truncate(text, to: max(1, min(screen.width - 3, 72)), ascii: state.ascii)
        let width = DisplayWidth.of(line) + 2
        let x = max(0, screen.width - width - 1)
        let row = state.tab == .timeline ? max(0, state.layout.travel - 1) : 0
        screen.put(" " + line + " ", col: x, row: row, style: theme.toast)
    }
}
