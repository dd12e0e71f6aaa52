import Frame

/// The one way a text field is drawn (pin form, search bar, comment box, Import path): an
/// underlined box one row high, the field's text scrolled to keep the cursor in it, and the
/// cursor as a reversed cell.
enum TextFieldView {
    /// Draws `field` in `box` (its first row); the cursor only when `focused`; each
    /// password in it as `****` when `hidingPasswords` (`TextField.display`).
    static func draw(_ field: TextField, in box: Rect, focused: Bool = true, ascii: Bool, hidingPasswords: Bool = false,
                     into screen: inout Screen) {
        let style = Style(underline: true)
        screen.fill(Rect(x: box.x, y: box.y, width: box.width, height: 1), with: Cell(" ", style))
        let shown = field.display(width: box.width, ascii: ascii, hidingPasswords: hidingPasswords)
        screen.put(shown.text, col: box.x, row: box.y, style: style, maxWidth: box.width)
        if focused { showCursor(at: box.x + shown.cursorCol, row: box.y, into: &screen) }
    }

    /// Reverses the cell under the cursor (the terminal's own cursor stays hidden).
    static func showCursor(at col: Int, row: Int, into screen: inout Screen) {
        var c = screen[col, row]
        if c.isContinuation { c = screen[col - 1, row]; c.style.reverse = true; screen[col - 1, row] = c; return }
        c.style.reverse = true
        screen[col, row] = c
    }
}
