import Frame

/// The `?` overlay: every key binding and mouse gesture, from `KeyBindings`.
enum HelpView {
    static func lines() -> [(String, String)] {
        var out: [(String, String)] = []
        var section = ""
        for b in KeyBindings.all {
            if b.section != section { section = b.section; out.append(("", section)) }
            out.append((b.label, b.help))
        }
        out.append(("", "Mouse"))
        out += KeyBindings.mouseHelp
        return out
    }

    static func draw(into screen: inout Screen, ascii: Bool, theme: Theme) {
        let items = lines()
        let width = min(screen.width - 2, 104)
        let height = min(screen.height - 2, items.count + 3)
        let box = Rect(x: (screen.width - width) / 2, y: max(0, (screen.height - height) / 2), width: width, height: height)
        screen.fill(box, with: Cell(" ", .plain))
        drawBorder(box, into: &screen, ascii: ascii, theme: theme)
        screen.putCentered(" Keys (any key closes) ", in: box, style: theme.title)
        let inner = box.inset(dx: 2, dy: 1)
        // Two columns when the list does not fit in one.
        let perColumn = max(1, inner.height)
        let columns = items.count > perColumn ? 2 : 1
        let colWidth = inner.width / columns
        let keyWidth = 10
        for (i, item) in items.enumerated() {
            let c = i / perColumn, r = i % perColumn
            guard c < columns else { break }
            let x = inner.x + c * colWidth
            let y = inner.y + r
            if item.0.isEmpty {
                screen.put(item.1, col: x, row: y, style: theme.title, maxWidth: colWidth - 1)
            } else {
                screen.put(DisplayWidth.pad(item.0, to: keyWidth), col: x, row: y, style: theme.key, maxWidth: keyWidth)
                screen.put(item.1, col: x + keyWidth + 1, row: y, style: .plain, maxWidth: colWidth - keyWidth - 2)
            }
        }
    }

    static func drawBorder(_ r: Rect, into screen: inout Screen, ascii: Bool, theme: Theme) {
        let h = ascii ? "-" : "─", v = ascii ? "|" : "│"
        let corners = ascii ? ["+", "+", "+", "+"] : ["╭", "╮", "╰", "╯"]
        for x in r.x..<r.maxX {
            screen[x, r.y] = Cell(h, theme.sheetBorder)
            screen[x, r.maxY - 1] = Cell(h, theme.sheetBorder)
        }
        for y in r.y..<r.maxY {
            screen[r.x, y] = Cell(v, theme.sheetBorder)
            screen[r.maxX - 1, y] = Cell(v, theme.sheetBorder)
        }
        screen[r.x, r.y] = Cell(corners[0], theme.sheetBorder)
        screen[r.maxX - 1, r.y] = Cell(corners[1], theme.sheetBorder)
        screen[r.x, r.maxY - 1] = Cell(corners[2], theme.sheetBorder)
        screen[r.maxX - 1, r.maxY - 1] = Cell(corners[3], theme.sheetBorder)
    }
}
