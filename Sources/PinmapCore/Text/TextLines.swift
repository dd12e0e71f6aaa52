import Frame

/// Writes lines of text down a tab's area, one per row, clipped at its
/// bottom and right edges (the Import and Settings tabs are laid out so).
struct TextLines {
    let area: Rect
    /// The next row to write (absolute).
    var row: Int

    init(area: Rect, firstRow: Int? = nil) {
        self.area = area
        row = firstRow ?? area.y + 1
    }

    /// The cells a line at `indent` may use (one cell kept free at the right edge).
    func width(indent: Int = 2) -> Int { max(1, area.width - indent - 1) }

    /// Writes `text` at `indent` cells from the left and moves to the next row; text too
    /// wide is cut with "…" (never silently mid-word).
    mutating func line(_ text: String, _ style: Style = .plain, indent: Int = 2, into screen: inout Screen) {
        guard row < area.maxY else { return }
        let shown = DisplayWidth.truncate(text, to: width(indent: indent))
        screen.put(shown, col: area.x + indent, row: row, style: style, maxWidth: width(indent: indent))
        row += 1
    }

    /// Writes `text` word-wrapped onto as many rows as it needs (the user's information:
    /// results and errors are never cut).
    mutating func wrapped(_ text: String, _ style: Style = .plain, indent: Int = 2, ascii: Bool, into screen: inout Screen) {
        for l in TextWrap.lines(text, width: width(indent: indent), ascii: ascii) {
            line(l, style, indent: indent, into: &screen)
        }
    }

    /// Leaves `n` empty rows.
    mutating func skip(_ n: Int = 1) { row += n }
}
