import Frame

/// A routine success ("Pin updated", "Imported 34,006 pins"): at the top right of the
/// screen, over the map or the top row a tab keeps empty for it, never over a tab's
/// header, the sheet, the status line or the tab bar, and it takes no keys. It leaves by
/// itself after `Toast.lifetime` seconds. Failures and undo offers keep the notice sheet
/// (`AppState.notify`).
public struct Toast: Sendable, Equatable {
    public var title: String
    public var message: String
    public var shownAt: Double
    /// A success with a catch (an import that rejected rows): drawn in the warning style
    /// with "!" instead of "✓".
    public var warning = false

    /// A toast shown from `shownAt` (seconds, the state's clock).
    public init(title: String, message: String, shownAt: Double, warning: Bool = false) {
        self.title = title; self.message = message; self.shownAt = shownAt; self.warning = warning
    }

    /// Seconds a toast stays.
    public static let lifetime = 4.0
}

extension AppState {
    /// Shows the result of an operation: a toast for a plain success, the notice sheet for
    /// a failure or a success that offers undo (it must be read and answered).
    ///
    /// One notice at a time. A newer toast replaces the one shown: both are routine news and
    /// the newer is what is true now (queued, each would keep stale news up for 4 s more). A
    /// notice sheet replaces a toast: it asks for the user's attention, and two messages at
    /// once split it. A toast that comes while a notice sheet is up waits until the sheet has
    /// gone, then gets its full time: the sheet is read first and the success is not lost.
    mutating func notify(_ title: String, _ message: String, success: Bool, offersUndo: Bool = false,
                         warning: Bool = false, now: Double) {
        if success && !offersUndo {
            let t = Toast(title: title, message: message, shownAt: now, warning: warning)
            if showsNoticeSheet { feedback.waitingToast = t } else { feedback.toast = t }
            return
        }
        feedback.toast = nil
        // One row more per line the message wraps onto (at most three).
        let lines = min(3, ModalView.noticeLines(message, width: layout.cols, ascii: presentation.ascii).count)
        present(.notice(title: title, message: message, success: success, shownAt: now), height: 4 + lines, dim: 0.3,
                keepsBars: true, now: now)
    }

    /// True while a notice sheet is on screen (not yet gone).
    var showsNoticeSheet: Bool {
        if case .notice = feedback.modal?.content { return true }
        return false
    }

    /// Removes the toast once its time is up; shows the waiting one once no notice sheet is up.
    mutating func tickToast(now: Double) {
        if let t = feedback.toast, now - t.shownAt >= Toast.lifetime { feedback.toast = nil }
        if var t = feedback.waitingToast, !showsNoticeSheet {
            t.shownAt = now
            feedback.toast = t
            feedback.waitingToast = nil
        }
    }
}

/// Draws the toast at the top right. On the Map it may wrap onto up to `maxLines` rows of the
/// map above the sheet; the other tabs keep only their top row empty for it (their header is
/// the row below), so there it is one row. Only a message longer than its rows is cut, with
/// "…" at its end.
public enum ToastView {
    /// The most lines a toast takes.
    public static let maxLines = 3
    /// The widest a toast's text is, in cells.
    static let maxWidth = 72

    /// Rows the toast may take from the top of the screen on the state's tab.
    static func rows(_ state: AppState) -> Int {
        state.tab == .map ? min(maxLines, state.sheetTop) : min(1, state.layout.travel)
    }

    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        guard let t = state.feedback.toast, let (lines, area) = layout(state) else { return }
        let style = t.warning ? theme.toastWarning : theme.toast
        for (i, line) in lines.enumerated() {
            screen.put(" " + DisplayWidth.pad(line, to: area.width - 2) + " ", col: area.x, row: area.y + i, style: style)
        }
    }

    /// The cells the toast covers (absolute), nil when none is shown: the map keeps its
    /// degree labels off them (a label half under the toast would leave a stray "1").
    static func area(_ state: AppState) -> Rect? { layout(state)?.area }

    /// The toast's lines and the cells they take, with a blank cell either side of the text.
    private static func layout(_ state: AppState) -> (lines: [String], area: Rect)? {
        let rows = rows(state), cols = state.layout.cols
        guard let t = state.feedback.toast, cols > 4, rows > 0 else { return nil }
        let lines = self.lines(t, width: min(cols - 3, maxWidth), rows: rows, ascii: state.presentation.ascii)
        let width = lines.map(DisplayWidth.of).max() ?? 0
        return (lines, Rect(x: max(0, cols - width - 3), y: 0, width: width + 2, height: lines.count))
    }

    /// The toast's text as lines of at most `width` cells, at most `rows` of them.
    public static func lines(_ t: Toast, width: Int, rows: Int = maxLines, ascii: Bool) -> [String] {
        let mark = t.warning ? "!" : (ascii ? "+" : "✓")
        // The message says it once (`✓ Added “Test pin α”`); the title is the notice sheet's.
        let all = TextWrap.lines("\(mark) \(t.message)", width: max(1, width), ascii: ascii)
        guard all.count > rows, rows > 0 else { return all }
        let last = all[rows - 1] + " " + all[rows...].joined(separator: " ")
        return Array(all.prefix(rows - 1)) + [DisplayWidth.truncate(last, to: width, ascii: ascii)]
    }
}
