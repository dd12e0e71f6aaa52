import Frame
import PinModel

/// The conflict pop-up ("changed elsewhere since you opened it"): its keys and its rows.
/// Only the fields both sides changed differently are listed, both values side by side, and one
/// line names the fields merged without conflict, so "keep mine" is an informed choice; Esc
/// goes back to the edit, as it does elsewhere; only `y` and `t` (or a chosen button) decide.
extension ConfirmPopup {
    /// True for the pop-up of an edit refused because the pin changed elsewhere.
    var isConflict: Bool { if case .keepMine = action { return true } else { return false } }

    /// ←→ h l Tab choose a button, Enter or Space presses it; `y` keeps mine, `t` takes
    /// theirs; Esc goes back to the edit with what was typed. Any other key does nothing: a
    /// stray key (`q`, `2`) must not drop an edit, as it would by cancelling.
    mutating func handleConflict(key: Key) -> Outcome {
        switch key {
        case .left, .char("h"): chosen = .confirm
        case .right, .char("l"): chosen = .cancel
        case .tab, .backTab: chosen = chosen == .confirm ? .cancel : .confirm
        case .enter, .char(" "): return chosen == .confirm ? .confirmed(action) : .cancelled
        case .char("y"): return .confirmed(action)
        case .char("t"): return .cancelled
        case .escape: return .back
        default: break
        }
        return .waiting
    }

    /// Body rows a conflict wants (below the grabber row): the question, then the column heads,
    /// a row per field both changed and the line of the fields merged (when any), a blank row,
    /// the buttons, the keys.
    static func conflictBodyRows(_ versions: ConflictVersions) -> Int {
        2 + versions.rows.count + (versions.mergedLine == nil ? 0 : 1) + 3
    }

    /// The buttons' row in a conflict's body of `rows` rows: under the fields, or two rows from
    /// the bottom of a card the screen cut short (the fields give way, the choice stays).
    static func conflictButtonRow(_ versions: ConflictVersions, bodyRows rows: Int) -> Int {
        max(1, min(conflictBodyRows(versions) - 2, rows - 2))
    }

    /// The fields shown when `room` rows lie between the column heads and the blank row, and
    /// whether the line of the fields merged is: all of them when they fit; else the merged
    /// line gives way first (keep mine merges those fields all the same), then the fields from
    /// the last, one row saying how many more differ (`hidden`), so none is missed unseen.
    static func shownRows(_ versions: ConflictVersions, room: Int) -> (rows: [ConflictVersions.Row], merged: Bool, hidden: Int) {
        let all = versions.rows
        if versions.mergedLine != nil, all.count + 1 <= room { return (all, true, 0) }
        var count = all.count
        while count > 0 && count + (count < all.count ? 1 : 0) > room { count -= 1 }
        return (Array(all.prefix(count)), false, all.count - count)
    }
}

/// Draws a conflict pop-up in a card body: the question; the column heads ("theirs",
/// "yours"); per field both changed its name and both values, each cut with `…` where it
/// parts from the other (`ConfirmPopup.cut`) so the difference shows; the fields merged; the
/// buttons and the keys. The values' columns share the width the names leave.
enum ConflictView {
    /// Cells before the field names.
    static let indent = 2

    /// `r`: the body on screen; `rows`: the body's full height (the layout does not move while
    /// the card slides).
    static func draw(_ popup: ConfirmPopup, _ versions: ConflictVersions, in r: Rect, rows: Int,
                     into screen: inout Screen, ascii: Bool, theme: Theme) {
        let buttonRow = ConfirmPopup.conflictButtonRow(versions, bodyRows: rows)
        func centred(_ text: String, row: Int, style: Style) {
            guard r.y + row < r.maxY else { return }
            screen.putCentered(DisplayWidth.truncate(text, to: r.width - 4, ascii: ascii),
                               in: Rect(x: r.x, y: r.y + row, width: r.width, height: 1), style: style)
        }
        centred(SafeText.sanitize(popup.title(width: r.width - 4, ascii: ascii), ascii: ascii), row: 0, style: theme.title)
        drawFields(versions, in: Rect(x: r.x, y: r.y, width: r.width, height: min(r.height, buttonRow)),
                   buttonRow: buttonRow, into: &screen, ascii: ascii, theme: theme)
        ConfirmView.drawButtons(popup, body: Rect(x: r.x, y: r.y, width: r.width, height: rows), visible: r,
                                into: &screen, theme: theme)
        centred(TextWrap.hint(popup.hint, to: r.width - 2, ascii: ascii), row: buttonRow + 1, style: theme.muted)
    }

    /// The column heads and a row per field shown, in `area` (the body's rows above the
    /// buttons' row `buttonRow`): its name, their value and mine, each cut where it parts from
    /// the other; then the fields merged and the count of fields left out, when due.
    private static func drawFields(_ versions: ConflictVersions, in area: Rect, buttonRow: Int,
                                   into screen: inout Screen, ascii: Bool, theme: Theme) {
        func put(_ text: String, col: Int, row: Int, style: Style) {
            guard area.y + row < area.maxY else { return }
            screen.put(text, col: col, row: area.y + row, style: style)
        }
        // The longest name any field has, and a cell of air: the columns stay put whichever differ.
        let labelWidth = ConflictVersions.Field.allCases.map { DisplayWidth.of($0.label) }.max()! + 1
        let theirsX = area.x + indent + labelWidth + 2
        let cells = max(4, (area.maxX - theirsX - 2 - 2) / 2)  // two columns, 2 cells between, 2 at the edge
        let mineX = theirsX + cells + 2
        put(S.cnTheirs.text, col: theirsX, row: 1, style: theme.title)
        put(S.cnYours.text, col: mineX, row: 1, style: theme.title)
        let (shown, merged, hidden) = ConfirmPopup.shownRows(versions, room: buttonRow - 3)
        for (i, row) in shown.enumerated() {
            put(row.field.label, col: area.x + indent, row: 2 + i, style: theme.muted)
            let a = SafeText.sanitize(row.theirs, ascii: ascii), b = SafeText.sanitize(row.mine, ascii: ascii)
            put(ConfirmPopup.cut(a, against: b, to: cells, ascii: ascii), col: theirsX, row: 2 + i, style: .plain)
            put(ConfirmPopup.cut(b, against: a, to: cells, ascii: ascii), col: mineX, row: 2 + i, style: .plain)
        }
        let notes = (merged ? versions.mergedLine.map { [$0] } ?? [] : []) + (hidden > 0 ? [S.cnMoreFields(hidden)] : [])
        for (i, note) in notes.enumerated() {
            put(DisplayWidth.truncate(note, to: area.width - indent - 2, ascii: ascii), col: area.x + indent,
                row: 2 + shown.count + i, style: theme.muted)
        }
    }
}
