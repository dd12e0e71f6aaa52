import Frame
import GeoMap

/// The status line above the tab bar: detent, pin counts, focus, position and
/// zoom, the selected pin, or the latest message.
///
/// A message is never cut: it takes priority over the status text (which is
/// shortened or left out), and when it is wider than the terminal it wraps
/// onto the rows above the status line (over the sheet's bottom rows, until
/// the next key clears it).
public enum StatusLineView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let row = state.layout.statusRow
        let width = screen.width
        screen.fill(Rect(x: 0, y: row, width: width, height: 1), with: Cell(" ", theme.status))
        guard let msg = message(state, width: width), !msg.isEmpty else { return drawStatus(state, row: row, into: &screen, theme: theme) }
        let text = SafeText.sanitize(msg, ascii: state.presentation.ascii)
        let lines = TextWrap.lines(text, width: max(1, width - 2), ascii: state.presentation.ascii)
        if lines.count <= 1 {
            // One line: the status parts that fit whole before it (by priority, as
            // `drawStatus` lays them out, none cut) when the counts do, else the message alone.
            let msgWidth = DisplayWidth.of(text) + 2
            let all = parts(state)
            let status = StatusLineLayout.laidOut(all, width: width - 2 - msgWidth, ascii: state.presentation.ascii, cutting: false)
            var x = 0
            if let first = status.first, first == all.first {
                x = put(status, state: state, col: 0, row: row, into: &screen, theme: theme) + 2
            }
            screen.put(" " + text + " ", col: x, row: row, style: theme.statusMessage)
            return
        }
        let top = max(0, row - lines.count + 1)
        for (i, line) in lines.suffix(row - top + 1).enumerated() {
            screen.fill(Rect(x: 0, y: top + i, width: width, height: 1), with: Cell(" ", theme.statusMessage))
            screen.put(" " + line, col: 0, row: top + i, style: theme.statusMessage)
        }
    }

    /// The message the status line shows, if any. While the store is unreachable it says so
    /// whatever a key cleared or another message said (a tab that reads nothing after the key
    /// still shows old data), and while a write waits, "Saving…" (`AppState.savingText`; the
    /// job's line after it): the message comes after it when both fit on the line, else
    /// only the outage or the wait is told.
    static func message(_ state: AppState, width: Int) -> String? {
        if state.feedback.storeUnreachable {
            return standing(state.feedback.reconnectingText, then: state.feedback.message, state, width: width)
        }
        if let saving = state.savingText { return standing(saving, then: state.feedback.message ?? state.jobStatus, state, width: width) }
        return state.feedback.message ?? state.jobStatus
    }

    /// `text`, which stays while what it tells lasts, then `other` when both fit in `width`.
    private static func standing(_ text: String, then other: String?, _ state: AppState, width: Int) -> String {
        guard let other, !other.isEmpty, other != text else { return text }
        let both = text + separator(state.presentation.ascii) + other
        return DisplayWidth.of(SafeText.sanitize(both, ascii: state.presentation.ascii)) + 2 <= width ? both : text
    }

    private static func drawStatus(_ state: AppState, row: Int, into screen: inout Screen, theme: Theme) {
        let help = " " + S.statusHelp.text + " "
        var all = parts(state)
        all.append(StatusPart(text: help, priority: StatusPriority.help, minWidth: nil, isHelp: true))
        let laid = StatusLineLayout.laidOut(all, width: screen.width, ascii: state.presentation.ascii)
        put(laid.filter { !$0.isHelp }, state: state, col: 0, row: row, into: &screen, theme: theme)
        if let h = laid.first(where: \.isHelp) {
            screen.put(h.text, col: screen.width - DisplayWidth.of(h.text), row: row, style: theme.status)
        }
    }

    /// Draws `parts` from `col` joined by the separator; the selected pin's title is bold.
    /// Returns the column after the last one.
    @discardableResult
    private static func put(_ parts: [StatusPart], state: AppState, col: Int, row: Int, into screen: inout Screen,
                            theme: Theme) -> Int {
        var x = screen.put(" ", col: col, row: row, style: theme.status)
        for (i, p) in parts.enumerated() {
            if i > 0 { x = screen.put(separator(state.presentation.ascii), col: x, row: row, style: theme.status) }
            x = screen.put(p.text, col: x, row: row, style: p.isTitle ? Style(bold: true, reverse: !state.presentation.color) : theme.status)
        }
        return x
    }

    static func separator(_ ascii: Bool) -> String { ascii ? " | " : " · " }

    /// The status parts in display order, each with its priority (`StatusPriority`):
    /// detent and counts, search, focus, the place, coordinate and zoom
    /// (`pointParts`), the pointer legend, the selected pin's title.
    static func parts(_ state: AppState) -> [StatusPart] {
        var parts = [StatusPart(text: (state.sheet.isDragging ? S.statusDragging(state.sheet.settleTarget.label) : state.sheet.detent.label)
                                + separator(state.presentation.ascii) + S.statusInView(state.inViewText, state.list.totalCount),
                                priority: StatusPriority.counts, minWidth: 1)]
        if !state.search.text.isEmpty {
            parts.append(StatusPart(text: S.statusSearch(SafeText.sanitize(state.search.text, ascii: state.presentation.ascii)),
                                    priority: StatusPriority.search, minWidth: 10))
        }
        if state.tab == .map {
            parts.append(StatusPart(text: "[\(state.focus.label)]", priority: StatusPriority.focus, minWidth: nil))
            parts += pointParts(state)
            if let legend = pointerLegend(state) {
                parts.append(StatusPart(text: legend.text, priority: legend.titled ? StatusPriority.pointedTitle : StatusPriority.legend,
                                        minWidth: 12, short: legend.short))
            }
        }
        if let sel = state.list.selectedPin {
            parts.append(StatusPart(text: SafeText.sanitize(sel.title, ascii: state.presentation.ascii), priority: StatusPriority.title,
                                    minWidth: 8, isTitle: true))
        }
        return parts
    }

    /// The whole status text without the help (tests use it).
    public static func left(_ state: AppState) -> String {
        parts(state).map(\.text).joined(separator: separator(state.presentation.ascii))
    }

    /// What the glyph under the mouse pointer means (a pin, a count, a density shade).
    /// In the UI's language: "● pin: Title", "42 pins here: click to zoom in", or for a density
    /// shade "◕ 230 pins here (fuller, more pins): click to zoom in"; its short form stops
    /// before the explanation ("◕ 230 pins here").
    static func pointerLegend(_ state: AppState) -> (text: String, short: String?, titled: Bool)? {
        guard let c = state.map.pointerCell, state.statusPoint.underPointer,
              let l = MapRenderer.legend(atCol: c.col, row: c.row, pane: state.layout.mapPane,
                                         viewport: state.map.viewport, markers: state.map.markers, ascii: state.presentation.ascii,
                                         focus: state.visibleMapCentre) else { return nil }
        // The selected pin under the pointer: its title is on the line already, once.
        if l.count <= 1, let sel = state.list.selectedPin, !l.title.isEmpty, l.title == sel.title { return nil }
        if l.count <= 1 { return (l.title.isEmpty ? S.legendPin(l.glyph) : S.legendPinTitled(l.glyph, l.title), nil, !l.title.isEmpty) }
        let count = l.count >= 10_000 ? "\(l.count / 1000)k" : String(l.count)
        let short = l.shaded ? S.legendShade(l.glyph, count) : S.legendPins(count)
        return (S.legendClick(l.shaded ? short + S.legendShadeNote.text : short), short, false)
    }

    /// The zoom as the status line shows it: whole from 10 up (or when whole), else with one decimal ("2.5").
    public static func zoomLabel(_ z: Double) -> String {
        z >= 10 || z == z.rounded() ? String(Int(z.rounded())) : String(format: "%.1f", z)
    }
}
