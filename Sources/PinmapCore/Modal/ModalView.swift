import Frame

/// Draws the modal (if any) over the finished frame: dims the backdrop, then
/// the card rising from the bottom edge with its grabber row.
enum ModalView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        guard let m = state.feedback.modal,
              let body = drawCard(m.presentation, now: state.clock, into: &screen, ascii: state.presentation.ascii, theme: theme) else { return }
        switch m.content {
        case .filter(let f): drawFilter(f, in: body, into: &screen, ascii: state.presentation.ascii, theme: theme)
        case .notice(let title, let message, let success, _):
            drawNotice(title: title, message: message, success: success, in: body, into: &screen, ascii: state.presentation.ascii, theme: theme)
        case .form(let f): FormView.draw(f, in: body, into: &screen, ascii: state.presentation.ascii, theme: theme)
        case .confirm(let c):
            ConfirmView.draw(c, in: body, rows: m.presentation.height - 1, into: &screen, ascii: state.presentation.ascii, theme: theme)
        case .detail(let d): DetailView.draw(d, in: body, state: state, into: &screen, theme: theme)
        }
    }

    /// The one modal card (modals, and pop-ups raised from inside a modal page): dims the
    /// backdrop once the card has begun to show, then paints the card where `presentation`
    /// puts it at `now`, blank, with its top border and grabber.
    /// - Returns: the card's body below the grabber row; nil when no row of it is on screen.
    static func drawCard(_ presentation: ModalPresentation, now: Double, into screen: inout Screen,
                         ascii: Bool, theme: Theme) -> Rect? {
        if presentation.dim > 0 && presentation.progress(at: now) > 0.05 {
            screen.restyle(screen.bounds) { $0.dimmedForBackdrop }
        }
        let card = presentation.rect(cols: screen.width, rows: screen.height, now: now)
        guard !card.isEmpty else { return nil }
        screen.fill(card, with: Cell(" ", .plain))
        screen.put(String(repeating: ascii ? "-" : "─", count: card.width), col: card.x, row: card.y, style: theme.sheetBorder)
        screen.putCentered(" " + String(repeating: ascii ? "=" : "━", count: SheetView.grabberWidth) + " ",
                           in: Rect(x: card.x, y: card.y, width: card.width, height: 1), style: theme.grabber)
        return Rect(x: card.x, y: card.y + 1, width: card.width, height: card.height - 1)
    }

    static func drawFilter(_ f: FilterSheet, in r: Rect, into screen: inout Screen, ascii: Bool, theme: Theme) {
        guard r.height > 0 else { return }
        screen.put(S.flTitle.text, col: r.x, row: r.y, style: theme.title)
        if r.height > 1 {
            screen.put(TextWrap.hint(S.flHint.text, to: r.width, ascii: ascii),
                       col: r.x, row: r.y + 1, style: theme.muted)
        }
        if f.categories.isEmpty && r.height > 2 {
            screen.put(S.flNone.text, col: r.x, row: r.y + 2, style: theme.muted)
        }
        let top = r.y + FilterSheet.headerRows - 1
        let first = f.firstVisible(rows: r.maxY - top)
        for (i, c) in f.categories.enumerated() where i >= first {
            let row = top + i - first
            guard row < r.maxY else { break }
            let on = f.checked.contains(c.name)
            let box = ascii ? (on ? "[x]" : "[ ]") : (on ? "☑" : "☐")
            let style = i == f.cursor ? theme.selectedRow : .plain
            if i == f.cursor { screen.fill(Rect(x: 0, y: row, width: r.width, height: 1), with: Cell(" ", style)) }
            let x = screen.put("  \(box) ", col: r.x, row: row, style: i == f.cursor ? style : (on ? theme.checked : theme.muted))
            let name = c.name.isEmpty ? S.flNoCategory.text : SafeText.sanitize(c.name, ascii: ascii)
            // The name in its category's colour: the same as its pins on the map.
            screen.put("\(name)  (\(c.count))", col: x, row: row, style: i == f.cursor ? style : theme.category(c.name))
        }
    }

    /// The title, the message wrapped on the rows between (`AppState.noticeHeight` made room
    /// for them), and how to close it under them.
    static func drawNotice(title: String, message: String, success: Bool, in r: Rect, into screen: inout Screen,
                           ascii: Bool, theme: Theme) {
        guard r.height > 0 else { return }
        screen.putCentered(title, in: Rect(x: r.x, y: r.y, width: r.width, height: 1), style: success ? theme.title : theme.error)
        let lines = noticeLines(message, width: r.width, ascii: ascii).prefix(max(1, r.height - 3))
        for (i, line) in lines.enumerated() where 1 + i < r.height {
            screen.putCentered(line, in: Rect(x: r.x, y: r.y + 1 + i, width: r.width, height: 1), style: .plain)
        }
        if r.height > 1 + lines.count {
            screen.putCentered(S.ntCloses.text, in: Rect(x: r.x, y: r.y + 1 + lines.count, width: r.width, height: 1), style: theme.muted)
        }
    }

    /// A notice's message as the lines it takes in a card `width` cells wide (two cells free on each side).
    static func noticeLines(_ message: String, width: Int, ascii: Bool) -> [String] {
        TextWrap.lines(SafeText.sanitize(message), width: max(1, width - 4), ascii: ascii)
    }
}
