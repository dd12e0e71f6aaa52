import Frame
import PinModel

/// The confirmation pop-up for destructive actions (the "cover vertical"
/// design in docs/sheet.md: a card slides up from the bottom over a 25 % dim in
/// 0.3 s). Two buttons, the destructive one first; Cancel is chosen at
/// first so a stray Enter destroys nothing (`chosenFirst`).
public struct ConfirmPopup: Sendable, Equatable {
    /// What happens on confirmation.
    public enum Action: Sendable, Equatable {
        case deletePin(Pin)
        case deleteComment(Comment)
        /// Undo an import (Settings, the Import tab's result).
        case undoImport(ImportRow)
        /// Someone changed the pin after this user opened it (at `edit.ifVersion`), and both
        /// changed a field differently (`PinMerge.conflicts`): write `edit` over `theirs` in
        /// those fields and the merge in the others (confirm: `PinEdit.keepingMine(over:)`),
        /// keep theirs (cancel), or go back to the edit (`back`).
        case keepMine(PinEdit, theirs: Pin)
        /// Someone deleted the pin this user was editing: add `mine`, the edit, as a new pin
        /// (confirm), or discard it (cancel).
        case addAsNew(mine: NewPin)
    }

    public enum Button: Int, Sendable, Equatable { case confirm = 0, cancel = 1 }

    /// What a key or click did.
    /// `unused`: a key the pop-up has no use for; it cancels, then acts below.
    /// `back`: back to the edit the pop-up asks about, with what was typed (the conflict's Esc).
    public enum Outcome: Sendable, Equatable { case waiting, confirmed(Action), cancelled, unused, back }

    public var action: Action
    public var chosen: Button = .cancel

    public init(_ action: Action) {
        self.action = action
        chosen = Self.chosenFirst(action)
    }

    /// The button a stray Enter presses: the one that destroys nothing. For an edit of a
    /// deleted pin that is adding it (Discard would lose what was typed).
    static func chosenFirst(_ action: Action) -> Button {
        if case .addAsNew = action { return .confirm }
        return .cancel
    }

    /// Backdrop dim (docs/sheet.md: 25 % black) and slide duration in seconds.
    public static let dim = 0.25
    public static let duration = 0.3
    /// Rows: grabber, title, message, blank, buttons, keys.
    public static let height = 6
    /// Row of the buttons inside the card body (below the grabber row).
    static let buttonRow = 3

    /// Rows this pop-up's card wants: `height`, or a conflict's rows with one per field both
    /// changed (`ConfirmPopup+Conflict.swift`).
    public var preferredHeight: Int {
        if let versions = conflictVersions { return 1 + Self.conflictBodyRows(versions) }
        return Self.height
    }

    /// Rows this pop-up's card wants on a terminal `cols` wide: a message too long for one row
    /// wraps onto more (at most `maxMessageRows`) and the card grows by them.
    public func preferredHeight(cols: Int) -> Int {
        guard conflictVersions == nil else { return preferredHeight }
        return Self.height + messageLines(width: cols - 4, rows: Self.maxMessageRows, ascii: false).count - 1
    }

    /// Most rows the message wraps onto; the last one shown of a longer message ends with "…".
    static let maxMessageRows = 3

    /// Rows the message takes in a card body `width` cells wide and `rows` rows high: as many
    /// as it wraps onto, leaving the title, a blank row, the buttons and the keys.
    func messageRows(width: Int, bodyRows rows: Int) -> Int {
        min(messageLines(width: width - 4, rows: Self.maxMessageRows, ascii: false).count, max(1, rows - 4))
    }

    /// Row of the buttons in a card body `width` cells wide and `rows` rows high.
    func buttonRow(width: Int, bodyRows rows: Int) -> Int {
        guard let versions = conflictVersions else { return Self.buttonRow - 1 + messageRows(width: width, bodyRows: rows) }
        return Self.conflictButtonRow(versions, bodyRows: rows)
    }

    public var title: String { title(width: Int.max, ascii: false) }

    /// The question in at most `width` cells: a long pin title is cut with `…` inside it, so
    /// the question around it stays whole ("“An extremely long…”을(를) 삭제할까요?").
    public func title(width: Int, ascii: Bool) -> String {
        switch action {
        case .deletePin(let pin): return TextWrap.sentence({ S.cfDeletePin($0) }, around: pin.title, in: width, ascii: ascii)
        case .deleteComment: return S.cfDeleteComment.text
        case .undoImport(let row):
            return TextWrap.sentence({ S.cfUndoImport(row.id, $0) }, around: row.name, in: width, ascii: ascii)
        // The title stored now (theirs), not the unsaved one typed in the form.
        case .keepMine(_, let theirs): return TextWrap.sentence({ S.cnTitle($0) }, around: theirs.title, in: width, ascii: ascii)
        case .addAsNew(let mine): return TextWrap.sentence({ S.cnDeletedTitle($0) }, around: mine.title, in: width, ascii: ascii)
        }
    }

    public var message: String {
        switch action {
        case .deletePin: return S.cfDeletePinText.text
        case .deleteComment(let c): return "“\(c.body)”"
        case .undoImport(let row): return row.pins == 0 ? S.cfUndoImportNone.text : S.cfUndoImportText(row.pins)
        case .keepMine: return ""  // field by field, drawn by `ConflictView`
        case .addAsNew: return S.cnDeletedText.text
        }
    }

    /// The message in at most `width` cells, control characters made visible (`SafeText`).
    public func message(width: Int, ascii: Bool) -> String {
        DisplayWidth.truncate(SafeText.sanitize(message, ascii: ascii), to: width, ascii: ascii)
    }

    /// The message wrapped to `width` cells on at most `rows` rows, the last one shown ending
    /// with "…" when more is left; a comment to delete (quoted) stays on one row, cut. It was
    /// always one row: at 60 columns "… u brings the last deleted pin back." lost its second
    /// half, the part that says what to do.
    public func messageLines(width: Int, rows: Int, ascii: Bool) -> [String] {
        if case .deleteComment = action { return [message(width: width, ascii: ascii)] }
        let lines = TextWrap.lines(message, width: max(1, width), ascii: ascii)
        guard lines.count > max(1, rows) else { return lines.isEmpty ? [""] : lines }
        var kept = Array(lines.prefix(max(1, rows)))
        kept[kept.count - 1] = DisplayWidth.truncate(kept[kept.count - 1] + (ascii ? " ~" : " …"), to: max(1, width), ascii: ascii)
        return kept
    }

    /// `title` in at most `cells` cells, cut where it parts from `other`: when the start the
    /// two share is longer than an end cut keeps, it gives way to "…" and the title is shown
    /// from a little before the first character that differs ("…street (edited 1)" and
    /// "…street (edited 2)", not twice "Seongsu-dong cafe str…").
    static func cut(_ title: String, against other: String, to cells: Int, ascii: Bool) -> String {
        guard DisplayWidth.of(title) > cells, cells > 2 else { return DisplayWidth.truncate(title, to: cells, ascii: ascii) }
        let shared = zip(title, other).prefix { $0 == $1 }.count
        // An end cut shows the first differing character (or the titles are the same).
        guard shared < title.count, DisplayWidth.of(String(title.prefix(shared + 1))) > cells - 1 else {
            return DisplayWidth.truncate(title, to: cells, ascii: ascii)
        }
        // Up to half the room for the shared words just before the difference, from a word's start.
        let differs = title.index(title.startIndex, offsetBy: shared)
        var start = differs
        var context = 0
        while start > title.startIndex {
            let previous = title.index(before: start)
            let w = DisplayWidth.of(title[previous])
            if context + w > (cells - 1) / 2 { break }
            context += w
            start = previous
        }
        if start > title.startIndex, title[title.index(before: start)] != " ",
           let space = title[start..<differs].firstIndex(of: " ") {
            start = title.index(after: space)
        }
        return (ascii ? "~" : "…") + DisplayWidth.truncate(String(title[start...]), to: cells - 1, ascii: ascii)
    }

    public var confirmLabel: String {
        switch action {
        case .undoImport: return S.cfUndo.text
        case .keepMine: return S.cnKeepMine.text
        case .addAsNew: return S.cnAddAsNew.text
        default: return S.cfDelete.text
        }
    }

    /// The keys under the buttons (`y` names what it does).
    public var hint: String {
        switch action {
        case .undoImport: return S.cfHintUndo.text
        case .keepMine: return S.cnHint.text
        case .addAsNew: return S.cnDeletedHint.text
        default: return S.cfHint.text
        }
    }

    /// What the status line says when the pop-up is cancelled (a conflict: "take theirs",
    /// which still writes the fields only I changed, `PinEdit.takingTheirs(over:)`).
    public var cancelledMessage: String {
        switch action {
        case .undoImport: return S.msgNothingRemoved.text
        case let .keepMine(edit, theirs):
            let merge = edit.merge(with: theirs)
            guard !merge.mineOnly.isEmpty else { return S.cnTookTheirs.text }
            return S.cnTookTheirsWriting(PinMerge.names(merge.conflicts), PinMerge.names(merge.mineOnly))
        case .addAsNew: return S.cnDiscarded.text
        default: return S.msgNothingDeleted.text
        }
    }

    public func label(_ b: Button) -> String {
        if b == .cancel, case .keepMine = action { return S.cnTakeTheirs.text }
        if b == .cancel, case .addAsNew = action { return S.cnDiscard.text }
        return b == .confirm ? confirmLabel : S.cfCancel.text
    }

    /// ←/h choose the left button (confirm), →/l the right one (cancel), and stop there: a
    /// wrap would turn "→ Enter" from the right button back onto the destructive one. Tab and
    /// Shift-Tab cycle. Enter presses the chosen button, `y` confirms; Esc and `n` cancel;
    /// every other key (`2`, `q`) is `unused`: it cancels too, then acts below. A conflict
    /// has keys of its own (`handleConflict`).
    public mutating func handle(key: Key) -> Outcome {
        if case .keepMine = action { return handleConflict(key: key) }
        switch key {
        case .left, .char("h"): chosen = .confirm
        case .right, .char("l"): chosen = .cancel
        case .tab, .backTab:
            chosen = chosen == .confirm ? .cancel : .confirm
        case .enter, .char(" "): return chosen == .confirm ? .confirmed(action) : .cancelled
        case .escape, .char("n"): return .cancelled
        case .char("y"): return .confirmed(action)
        // Any other key (`2`, `q`) is never dropped: it cancels, which says so ("Nothing
        // deleted"), and then acts below, as every other sheet's unused key does.
        default: return .unused
        }
        return .waiting
    }

    /// A left press at (`col`, `row`) while the pop-up's card (grabber row included) is
    /// `card`: outside it cancels, on a button presses it. The one way a click answers a
    /// pop-up, whether it is a modal of its own or raised from the detail page.
    public mutating func press(col: Int, row: Int, card: Rect) -> Outcome {
        // Outside a conflict's card is "back", as its Esc: a stray click drops no edit.
        guard card.contains(col: col, row: row) else { return isConflict ? .back : .cancelled }
        return click(col: col, row: row, body: Rect(x: card.x, y: card.y + 1, width: card.width, height: card.height - 1))
    }

    /// A click at (`col`, `row`) on a card body `body`: a button presses it.
    public mutating func click(col: Int, row: Int, body: Rect) -> Outcome {
        for b in [Button.confirm, .cancel] where buttonRect(b, body: body).contains(col: col, row: row) {
            chosen = b
            return b == .confirm ? .confirmed(action) : .cancelled
        }
        return .waiting
    }

    /// Where `button` is drawn in a card body `body` (drawing and clicks share it):
    /// `[ Delete ]   [ Cancel ]` centred on the button row.
    public func buttonRect(_ button: Button, body: Rect) -> Rect {
        let widths = [Button.confirm, .cancel].map { DisplayWidth.of(label($0)) + 4 }
        let gap = 3
        let total = widths[0] + gap + widths[1]
        let x0 = body.x + max(0, (body.width - total) / 2)
        let x = button == .confirm ? x0 : x0 + widths[0] + gap
        return Rect(x: x, y: body.y + buttonRow(width: body.width, bodyRows: body.height), width: widths[button.rawValue], height: 1)
    }
}
