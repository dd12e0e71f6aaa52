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

    /// Writes `text` at `indent` cells from the left and moves to the next row.
    mutating func line(_ text: String, _ style: Style = .plain, indent: Int = 2, into screen: inout Screen) {
        guard row < area.maxY else { return }
        screen.put(text, col: area.x + indent, row: row, style: style, maxWidth: area.width - indent - 1)
        row += 1
    }

    /// Leaves `n` empty rows.
    mutating func skip(_ n: Int = 1) { row += n }
}
