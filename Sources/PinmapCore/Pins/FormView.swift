import Frame

/// Draws the add / edit form inside a modal card's body (below its grabber
/// row): heading, one row per field (label, then the value underlined with
/// the cursor shown reversed in the focused field), the refusal, the keys.
public enum FormView {
    /// Cells of the field labels' column.
    public static let labelWidth = 14

    static func draw(_ form: PinForm, in r: Rect, into screen: inout Screen, ascii: Bool, theme: Theme) {
        guard r.height > 0 else { return }
        screen.put("  " + form.heading, col: r.x, row: r.y, style: theme.title)
        for field in PinForm.Field.allCases {
            let row = r.y + PinForm.firstFieldRow + field.rawValue
            guard row < r.maxY else { break }
            drawField(form, field, row: row, in: r, into: &screen, ascii: ascii, theme: theme)
        }
        let errorRow = r.y + PinForm.firstFieldRow + PinForm.Field.allCases.count + 1
        let errors = form.error.map { errorLines($0, width: r.width, ascii: ascii) } ?? []
        for (i, line) in errors.enumerated() where errorRow + i < r.maxY {
            screen.put(line, col: r.x, row: errorRow + i, style: theme.error)
        }
        let hintRow = errorRow + max(1, errors.count)
        if hintRow < r.maxY {
            screen.put("  " + S.fmHint.text,
                       col: r.x, row: hintRow, style: theme.muted)
        }
    }

    /// The refusal wrapped whole to a card `width` cells wide: "  ⚠ " before the first line,
    /// the others under its text. Never cut: it says what went wrong and what to do, and its
    /// card grows by the extra rows (`PinForm.preferredHeight(error:width:ascii:)`).
    static func errorLines(_ error: String, width: Int, ascii: Bool) -> [String] {
        TextWrap.hanging(error, prefix: ascii ? "  ! " : "  ⚠ ", width: width - 2, ascii: ascii)
    }

    private static func drawField(_ form: PinForm, _ field: PinForm.Field, row: Int, in r: Rect,
                                  into screen: inout Screen, ascii: Bool, theme: Theme) {
        let focused = form.focused == field
        let mark = focused ? (ascii ? "> " : "▸ ") : "  "
        let label = field.label + (field == .title ? "*" : "")
        screen.put(mark, col: r.x, row: row, style: theme.focusMark)
        screen.put(DisplayWidth.pad(label, to: labelWidth - 2), col: r.x + 2, row: row,
                   style: focused ? theme.title : .plain)
        let box = Rect(x: r.x + labelWidth + 1, y: row, width: max(1, r.width - labelWidth - 4), height: 1)
        TextFieldView.draw(form[field], in: box, focused: focused, ascii: ascii, into: &screen)
    }
}

/// Draws the confirmation pop-up inside a card body: title, message, the
/// two buttons (the chosen one reversed); a conflict's versions field by field (`ConflictView`).
enum ConfirmView {
    /// `r`: the body on screen; `rows`: the body's full height (nil: `r`'s).
    static func draw(_ popup: ConfirmPopup, in r: Rect, rows: Int? = nil, into screen: inout Screen, ascii: Bool, theme: Theme) {
        guard r.height > 0 else { return }
        if let versions = popup.conflictVersions {
            return ConflictView.draw(popup, versions, in: r, rows: rows ?? r.height, into: &screen, ascii: ascii, theme: theme)
        }
        let safeTitle = SafeText.sanitize(popup.title(width: r.width - 4, ascii: ascii), ascii: ascii)
        screen.putCentered(DisplayWidth.truncate(safeTitle, to: r.width - 4, ascii: ascii),
                           in: Rect(x: r.x, y: r.y, width: r.width, height: 1), style: theme.title)
        // The full body (the card may be sliding in, `r` its visible rows): the message's rows
        // and the buttons' row come from it, so they do not move as the card slides.
        let body = Rect(x: r.x, y: r.y, width: r.width, height: rows ?? r.height)
        let messageRows = popup.messageRows(width: body.width, bodyRows: body.height)
        for (i, line) in popup.messageLines(width: r.width - 4, rows: messageRows, ascii: ascii).enumerated() where 1 + i < r.height {
            screen.putCentered(line, in: Rect(x: r.x, y: r.y + 1 + i, width: r.width, height: 1), style: theme.muted)
        }
        drawButtons(popup, body: body, visible: r, into: &screen, theme: theme)
        let hintRow = popup.buttonRow(width: body.width, bodyRows: body.height) + 1
        if hintRow < r.height {
            // Whole items, as every hint: a narrow card cut "· Esc cancels" to "· Esc canc".
            screen.putCentered(TextWrap.hint(popup.hint, to: r.width - 2, ascii: ascii),
                               in: Rect(x: r.x, y: r.y + hintRow, width: r.width, height: 1), style: theme.muted)
        }
    }

    /// The two buttons where `popup.buttonRect` puts them in `body`, those rows of them inside `visible`.
    static func drawButtons(_ popup: ConfirmPopup, body: Rect, visible: Rect, into screen: inout Screen, theme: Theme) {
        for b in [ConfirmPopup.Button.confirm, .cancel] {
            let rect = popup.buttonRect(b, body: body)
            guard rect.y < visible.maxY else { break }
            let chosen = popup.chosen == b
            var style = b == .confirm ? theme.error : Style.plain
            if chosen { style = Style(fg: style.fg, bold: true, reverse: true) }
            screen.put("[ \(popup.label(b)) ]", col: rect.x, row: rect.y, style: style)
        }
    }
}

/// The search field on the sheet's header row, or the kept search.
enum SearchBarView {
    static func draw(_ state: AppState, row: Int, width: Int, into screen: inout Screen, theme: Theme) {
        let count = state.searchUnanswered ? S.searchUnreachable.text : state.search.isPending ? S.searchWaiting.text
            : S.searchInView(state.list.count < state.listInViewCount ? "\(state.list.count)/\(state.listInViewText)" : state.listInViewText)
        if let field = state.search.field {
            var x = screen.put(state.presentation.ascii ? "> " : "▸ ", col: 0, row: row, style: theme.focusMark)
            x = screen.put(state.search.place.onlyPlaces ? S.placePrompt.text : S.searchPrompt.text, col: x, row: row, style: theme.title)
            // With a place highlighted Enter goes there, and the hint says so.
            let hint = state.search.place.onlyPlaces ? "  " + S.placeHint.text
                : "  \(count) · " + (state.search.place.cursor != nil ? S.placeHint.text : S.searchHint.text)
            let boxWidth = max(8, min(40, width - x - DisplayWidth.of(hint) - 1))
            let box = Rect(x: x, y: row, width: boxWidth, height: 1)
            TextFieldView.draw(field, in: box, ascii: state.presentation.ascii, into: &screen)
            screen.put(hint, col: box.maxX, row: row, style: theme.muted)
        } else {
            var x = screen.put("  ", col: 0, row: row)
            let shown = state.search.isPending ? S.searchWaiting.text : (state.list.count < state.listInViewCount ? "\(state.list.count)/\(state.listInViewText)" : state.listInViewText)
            // The query gives way in its middle ("…"), then the hint's items from the end.
            // A search that could not run says so instead of a count.
            let header: (String) -> String = state.searchUnanswered ? { S.searchKeptUnreachable($0) } : { S.searchKeptHeader($0, shown) }
            let room = max(8, width - 3 - DisplayWidth.of(header("")))
            let query = TextWrap.middle(SafeText.sanitize(state.search.text, ascii: state.presentation.ascii), to: room, ascii: state.presentation.ascii)
            x = screen.put(header(query), col: x, row: row, style: theme.title)
            let hint = TextWrap.hint(String(S.searchEditHint(state.orderLabel).dropFirst(3)), to: max(0, width - x - 3), ascii: state.presentation.ascii)
            if width - x > 5 && !hint.isEmpty { screen.put(" · " + hint, col: x, row: row, style: theme.muted) }
        }
    }
}
