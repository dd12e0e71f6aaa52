import Frame
import GeoMap

/// The status line above the tab bar: detent, pin counts, focus, position and
/// zoom, the selected pin, or the latest message.
enum StatusLineView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let row = state.layout.statusRow
        let rect = Rect(x: 0, y: row, width: screen.width, height: 1)
        screen.fill(rect, with: Cell(" ", theme.status))
        var x = screen.put(" " + left(state), col: 0, row: row, style: theme.status)
        if let sel = state.selectedPin {
            x = screen.put(" · ", col: x, row: row, style: theme.status)
            x = screen.put(SafeText.sanitize(sel.title, ascii: state.ascii), col: x, row: row, style: Style(bold: true, reverse: !state.color))
        }
        if let msg = state.message {
            x = screen.put("  ", col: x, row: row, style: theme.status)
            screen.put(" " + msg + " ", col: x, row: row, style: theme.statusMessage)
        }
        let help = " ? help "
        let hw = DisplayWidth.of(help)
        if state.message == nil && x + hw + 1 < screen.width { screen.put(help, col: screen.width - hw, row: row, style: theme.status) }
    }

    static func left(_ state: AppState) -> String {
        var parts = [state.sheet.isDragging ? "dragging" : state.sheet.detent.rawValue]
        parts.append("\(state.inViewText) of \(state.totalCount) pins in view")
        if !state.search.isEmpty { parts.append("search “\(SafeText.sanitize(state.search, ascii: state.ascii))”") }
        if state.tab == .map {
            parts.append("[\(state.focus.rawValue)]")
            let p = state.pointer ?? state.viewport.center
            parts.append("\(GeoFormat.latitude(p.latitude, decimals: 4)) \(GeoFormat.longitude(p.longitude, decimals: 4))")
            parts.append("z\(zoomLabel(state.viewport.zoom))")
            if let legend = pointerLegend(state) { parts.append(legend) }
        }
        return parts.joined(separator: state.ascii ? " | " : " · ")
    }

    /// What the glyph under the mouse pointer means (a pin, a count, a density shade).
    static func pointerLegend(_ state: AppState) -> String? {
        guard let p = state.pointer else { return nil }
        let pane = state.layout.mapPane
        let c = state.viewport.cell(for: p, pane: pane)
        return MapRenderer.legend(atCol: Int(c.col.rounded(.down)), row: Int(c.row.rounded(.down)), pane: pane,
                                  viewport: state.viewport, markers: state.markers, ascii: state.ascii)
    }

    static func zoomLabel(_ z: Double) -> String {
        z >= 10 || z == z.rounded() ? String(Int(z.rounded())) : String(format: "%.1f", z)
    }
}
