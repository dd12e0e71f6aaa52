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

/// Draws the toast at the top right, above the sheet (the map rows left visible).
enum ToastView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        guard let t = state.toast, screen.width > 4 else { return }
        let mark = state.ascii ? "+" : "✓"
        let text = " \(mark) \(t.title): \(SafeText.sanitize(t.message, ascii: state.ascii)) "
        let lines = TextWrap.lines(text, width: max(1, min(screen.width - 2, 72)), ascii: state.ascii)
        // Never below the top of a medium or large sheet on the Map tab: at most the rows above it.
        let room = state.tab == .map ? max(1, state.layout.visibleMap(sheetHeight: state.sheet.height).height) : state.layout.travel
        let width = (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 2
        let x = max(0, screen.width - width - 1)
        for (i, line) in lines.prefix(room).enumerated() {
            screen.put(" " + DisplayWidth.pad(line, to: width - 2) + " ", col: x, row: i, style: theme.toast)
        }
    }
}
