import Frame
import PinModel

/// A pin's detail page (Pinit's detail with its dated reviews): the pin, its
/// comments once loaded, the selected comment, the one-line comment input
/// while typing, and a confirmation pop-up raised from the page.
public struct PinDetail: Sendable, Equatable {
    public var pin: Pin
    /// The pin's properties in source order (read once, when the page opens:
    /// `AppEvent.Pins.propertiesLoaded`).
    public var properties: [PinProperty] = []
    /// Comments oldest first, as last loaded by the runner.
    public var comments: [Comment] = []
    /// False until the runner has loaded the comments.
    public var commentsLoaded = false
    /// The last read of the comments failed (the footer says so): they are read again once
    /// the store is back (`AppState.reloadDetailComments`).
    public var commentsFailed = false
    /// Index of the selected comment in `comments`.
    public var cursor = 0
    /// The new comment being typed (nil when not typing).
    public var input: TextField?
    /// Esc on a comment holding text asks first (as the pin form does).
    private var commentDiscard = DiscardQuestion()
    /// A confirmation pop-up over the page (delete the comment or the pin).
    public var confirm: NestedConfirm?
    /// The outcome of the last comment operation, shown on the footer row.
    public var note: String?
    /// The comment sent to the store and not yet answered: a failed add puts it back in the
    /// input (`restoreComment`), as the pin form keeps what was typed, so Enter tries again.
    public var sentComment: String?
    /// A read after a change elsewhere found no such pin (another process deleted it): the
    /// page says so and takes no write keys (`e`, `d`, `c`, `x`); Esc closes it.
    public var pinGone = false
    /// Description lines scrolled off the top (PgDn/PgUp; j/k without comments), when the
    /// description with its properties does not fit (`DetailLayout`).
    public var descriptionScroll = 0
    /// Rows the description shows, for PgDn's step (set from the page's layout before a key).
    var descriptionRows = 1

    public init(pin: Pin) {
        self.pin = pin
    }

    /// The description followed by one `key: value` line per property (the page's left
    /// column); line breaks inside a value become spaces.
    public var descriptionWithProperties: String {
        guard !properties.isEmpty else { return pin.description }
        let lines = properties.map { ($0.key + ": " + $0.value).split(whereSeparator: \.isNewline).joined(separator: " ") }
        let head = trimmedText(pin.description).isEmpty ? S.dtNoDescription.text : pin.description
        return head + "\n\n" + lines.joined(separator: "\n")
    }

    /// A pop-up raised from inside a modal page, with its own slide.
    public struct NestedConfirm: Sendable, Equatable {
        public var popup: ConfirmPopup
        public var presentation: ModalPresentation
    }

    /// What a key did to the page.
    public enum Outcome: Sendable, Equatable {
        case none, close
        /// A key the page has no use for: the page closes and the key acts below.
        case unused
        case edit(Pin)
        case confirmed(ConfirmPopup.Action)
        case addComment(String)
    }

    /// Keys, in order of precedence: the pop-up's, the comment input's (all
    /// printable keys are text; Enter adds, Esc cancels: a comment holding text asks first,
    /// a second Esc discards), then the page's:
    /// j/k ↑↓ move among comments, `c` comments, `x`/Delete deletes the
    /// selected comment, `e` edits, `d` deletes the pin, Esc closes; other keys
    /// (`q`, `2`) are `unused`: the page closes and they act below.
    public mutating func handle(key: Key, now: Double, animated: Bool) -> Outcome {
        if var c = confirm {
            let result = c.popup.handle(key: key)
            confirm = c
            guard result == .unused else { return settle(result) }
            // A key the pop-up has no use for cancels it, then acts on the page; the page says
            // "Nothing deleted" (its status line is hidden) unless that key said something.
            confirm = nil
            let outcome = handle(key: key, now: now, animated: animated)
            if note == nil { note = c.popup.cancelledMessage }
            return outcome
        }
        if var field = input {
            if key != .escape, commentDiscard.otherKey() { note = nil }
            switch key {
            case .escape:
                if commentDiscard.escape(holdingTyped: !field.text.isEmpty) {
                    input = nil
                    note = nil
                } else {
                    note = S.dtDiscardAsk.text
                }
            case .enter:
                let body = trimmedText(field.text)
                input = nil
                note = nil
                if body.isEmpty { note = S.dtEmptyComment.text } else {
                    sentComment = field.text
                    return .addComment(body)
                }
            default:
                field.handle(key)
                input = field
            }
            return .none
        }
        note = nil
        if pinGone, Self.writeKeys.contains(key) { return .none }  // nothing left to write to
        switch key {
        case .escape: return .close  // `q` is unused here: the page closes and the app quits
        // Without comments j/k scroll the description; with them they move the selection.
        case .char("j"), .down:
            if comments.isEmpty { descriptionScroll += 1 } else { cursor = min(comments.count - 1, cursor + 1) }
        case .char("k"), .up:
            if comments.isEmpty { descriptionScroll = max(0, descriptionScroll - 1) } else { cursor = max(0, cursor - 1) }
        case .pageDown, .char(" "): descriptionScroll += max(1, descriptionRows - 1)
        case .pageUp: descriptionScroll = max(0, descriptionScroll - max(1, descriptionRows - 1))
        case .home: cursor = 0
        case .end: cursor = max(0, comments.count - 1)
        case .char("c"): input = TextField()
        case .char("x"), .delete:
            if comments.indices.contains(cursor) {
                raise(.deleteComment(comments[cursor]), now: now, animated: animated)
            } else {
                note = S.dtNoCommentToDelete.text
            }
        case .char("e"): return .edit(pin)
        case .char("d"): raise(.deletePin(pin), now: now, animated: animated)
        case .enter: break  // Enter opened the page: a second one must not reopen it
        default: return .unused
        }
        return .none
    }

    /// The page's keys that write (comment, delete a comment, edit, delete the pin).
    static let writeKeys: [Key] = [.char("c"), .char("x"), .delete, .char("e"), .char("d")]

    /// Shows the confirmation pop-up for `action` over the page.
    mutating func raise(_ action: ConfirmPopup.Action, now: Double, animated: Bool) {
        confirm = NestedConfirm(popup: ConfirmPopup(action),
                                presentation: ModalPresentation(height: ConfirmPopup.height, dim: ConfirmPopup.dim,
                                                                duration: ConfirmPopup.duration, now: now, animated: animated))
    }

    /// Closes the pop-up once it has an answer (it goes at once: the page stays).
    mutating func settle(_ result: ConfirmPopup.Outcome) -> Outcome {
        switch result {
        case .waiting: return .none
        case .cancelled, .unused, .back:
            // Said on the page, as the map's status line says it ("Nothing deleted").
            if let popup = confirm?.popup { note = popup.cancelledMessage }
            confirm = nil
            return .none
        case .confirmed(let action):
            confirm = nil
            return .confirmed(action)
        }
    }

    /// The add of `sentComment` failed with `note`: the input again with the text typed, under
    /// the failure, so Enter tries again (Esc gives it up).
    mutating func restoreComment(failure note: String) {
        guard !pinGone else { return }
        self.note = note
        if let text = sentComment, input == nil { input = TextField(text) }
        sentComment = nil
    }

    /// The pin is no more (deleted elsewhere): the pop-up and the input go with its write keys.
    mutating func markGone() {
        pinGone = true
        confirm = nil
        input = nil
        sentComment = nil
        note = nil
    }

    /// Replaces the comments with a fresh load, keeping the cursor in range.
    mutating func setComments(_ list: [Comment]) {
        comments = list
        commentsLoaded = true
        cursor = min(max(0, cursor), max(0, list.count - 1))
    }

    /// First comment shown when `rows` rows are available, so the cursor is visible.
    func firstVisibleComment(rows: Int) -> Int {
        guard rows > 0 else { return 0 }
        return max(0, cursor - rows + 1)
    }
}
