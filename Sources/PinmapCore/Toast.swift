import Frame

/// A routine success ("Pin updated", "Imported 34,006 pins"): one line at the top right
/// of the screen, over the map or the tab's content, never over the list or the status
/// line, and it takes no keys. It leaves by itself after `Toast.lifetime` seconds.
/// Failures and undo offers keep the notice sheet (`AppState.notify`).
public struct Toast: Sendable, Equatable {
    public var title: String
    public var message: String
    public var shownAt: Double
    /// A success with a catch (an import that rejected rows): drawn in the warning style
    /// with "!" instead of "✓".
    public var warning = false

    /// Seconds a toast stays.
    public static let lifetime = 4.0
}

extension AppState {
    /// Shows the result of an operation: a toast for a plain success, the notice sheet for
    /// a failure or a success that offers undo (it must be read and answered).
    public mutating func notify(_ title: String, _ message: String, success: Bool, offersUndo: Bool = false,
                                warning: Bool = false, now: Double) {
        if success && !offersUndo {
            toast = Toast(title: title, message: message, shownAt: now, warning: warning)
            return
        }
        // One row more per line the message wraps onto (at most three).
        let lines = min(3, ModalView.noticeLines(message, width: layout.cols, ascii: ascii).count)
        present(.notice(title: title, message: message, success: success, shownAt: now), height: 4 + lines, dim: 0.3,
                keepsBars: true, now: now)
    }

    /// Removes the toast once its time is up.
    mutating func tickToast(now: Double) {
        if let t = toast, now - t.shownAt >= Toast.lifetime { toast = nil }
    }
}

/// Draws the toast at the top right, over the map's edge or the tab's top rows (the Import
/// and Settings tabs keep their top row empty for it; the Timeline's month), never over the
/// sheet, a key hint, the status line or the tab bar. A toast wider than its box wraps onto
/// up to `maxLines` lines; only a message longer than that is cut, with "…" at its end.
enum ToastView {
    /// The most lines a toast takes.
    static let maxLines = 3
    /// The widest a toast's text is, in cells.
    static let maxWidth = 72

    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        guard let t = state.toast, screen.width > 4, state.layout.travel > 0 else { return }
        let lines = self.lines(t, width: min(screen.width - 3, maxWidth), ascii: state.ascii)
        // The Timeline's key hint is its last travel row; the Map's sheet is below row 0 at small.
        let rows = min(lines.count, max(1, state.layout.travel - (state.tab == .timeline ? 1 : 0)))
        let width = lines.prefix(rows).map(DisplayWidth.of).max() ?? 0
        let x = max(0, screen.width - width - 3)
        let style = t.warning ? theme.toastWarning : theme.toast
        for (i, line) in lines.prefix(rows).enumerated() {
            // Over a tab's text, the rows a toast wraps onto are cleared: no stray half words.
            if state.tab != .map { screen.fill(Rect(x: 0, y: i, width: screen.width, height: 1), with: Cell(" ", .plain)) }
            screen.put(" " + DisplayWidth.pad(line, to: width) + " ", col: x, row: i, style: style)
        }
    }

    /// The toast's text as lines of at most `width` cells, at most `maxLines` of them.
    static func lines(_ t: Toast, width: Int, ascii: Bool) -> [String] {
        let mark = t.warning ? "!" : (ascii ? "+" : "✓")
        // The message says it once (`✓ Added “Test pin α”`); the title is the notice sheet's.
        let all = TextWrap.lines("\(mark) \(t.message)", width: max(1, width), ascii: ascii)
        guard all.count > maxLines else { return all }
        let last = all[maxLines - 1] + " " + all[maxLines]
        return Array(all.prefix(maxLines - 1)) + [DisplayWidth.truncate(last, to: width, ascii: ascii)]
    }
}
