import Frame
import GeoMap

/// The status line above the tab bar: detent, pin counts, focus, position and
/// zoom, the selected pin, or the latest message.
///
/// A message is never cut: it takes priority over the status text (which is
/// shortened or left out), and when it is wider than the terminal it wraps
/// onto the rows above the status line (over the sheet's bottom rows, until
/// the next key clears it).
enum StatusLineView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let row = state.layout.statusRow
        let width = screen.width
        screen.fill(Rect(x: 0, y: row, width: width, height: 1), with: Cell(" ", theme.status))
        guard let msg = state.message, !msg.isEmpty else { return drawStatus(state, row: row, into: &screen, theme: theme) }
        let text = SafeText.sanitize(msg, ascii: state.ascii)
        let lines = TextWrap.lines(text, width: max(1, width - 2), ascii: state.ascii)
        if lines.count <= 1 {
            // One line: the status text first when both fit, else the message alone.
            let status = " " + left(state)
            let msgWidth = DisplayWidth.of(text) + 2
            var x = 0
            if DisplayWidth.of(status) + 2 + msgWidth <= width {
                x = screen.put(status, col: 0, row: row, style: theme.status) + 2
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

    private static func drawStatus(_ state: AppState, row: Int, into screen: inout Screen, theme: Theme) {
        var x = screen.put(" " + left(state), col: 0, row: row, style: theme.status)
        if let sel = state.selectedPin {
            x = screen.put(" · ", col: x, row: row, style: theme.status)
            x = screen.put(SafeText.sanitize(sel.title, ascii: state.ascii), col: x, row: row, style: Style(bold: true, reverse: !state.color))
        }
        let help = " " + S.statusHelp.text + " "
        let hw = DisplayWidth.of(help)
        if x + hw + 1 < screen.width { screen.put(help, col: screen.width - hw, row: row, style: theme.status) }
    }

    static func left(_ state: AppState) -> String {
        var parts = [state.sheet.isDragging ? S.statusDragging(state.sheet.settleTarget.label) : state.sheet.detent.label]
        parts.append(S.statusInView(state.inViewText, state.totalCount))
        if !state.search.isEmpty { parts.append(S.statusSearch(SafeText.sanitize(state.search, ascii: state.ascii))) }
        if state.tab == .map {
            parts.append("[\(state.focus.label)]")
            let (p, underPointer) = state.statusPoint
            let coordinate = "\(GeoFormat.latitude(p.latitude, decimals: 4)) \(GeoFormat.longitude(p.longitude, decimals: 4))"
            parts.append(underPointer ? S.statusPointer(coordinate) : S.statusCentre(coordinate))
            parts.append("z\(zoomLabel(state.viewport.zoom))")
            if let legend = pointerLegend(state) { parts.append(legend) }
        }
        return parts.joined(separator: state.ascii ? " | " : " · ")
    }

    /// What the glyph under the mouse pointer means (a pin, a count, a density shade).
    static func pointerLegend(_ state: AppState) -> String? {
        guard let c = state.pointerCell else { return nil }
        let pane = state.layout.mapPane
        return MapRenderer.legend(atCol: c.col, row: c.row, pane: pane,
                                  viewport: state.viewport, markers: state.markers, ascii: state.ascii)
    }

    static func zoomLabel(_ z: Double) -> String {
        z >= 10 || z == z.rounded() ? String(Int(z.rounded())) : String(format: "%.1f", z)
    }
}
