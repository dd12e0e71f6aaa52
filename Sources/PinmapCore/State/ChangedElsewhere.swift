import Frame
import PinModel

/// The status line's words for other processes' writes ("3 pins added elsewhere", "… by minji").
extension AppState {
    /// `change` worded for the status line ("3 pins added elsewhere"). A change of one pin
    /// that it names and `title` knows, by its title ("“Cafe” edited elsewhere"); several
    /// pins are counted (two titles would not fit beside the counts and zoom). Made all by
    /// other users (`StoreChange.by`), it names them instead of "elsewhere" ("… by minji").
    public static func changedElsewhereText(_ change: StoreChange, ascii: Bool = false,
                                            title: (Int64) -> String? = { _ in nil }) -> String {
        guard change.counted else { return S.chChanged.text }
        var parts: [String] = []
        func count(_ n: Int, _ one: S, _ many: (Int) -> String) { if n == 1 { parts.append(one.text) } else if n > 1 { parts.append(many(n)) } }
        count(change.added, .chOneAdded) { S.chAdded($0) }
        if let t = onlyPin(editedBy: change).flatMap(title) { parts.append(S.chTitleEdited(t)) } else {
            count(change.edited, .chOneEdited) { S.chEdited($0) }
        }
        if let t = onlyPin(deletedBy: change).flatMap(title) { parts.append(S.chTitleDeleted(t)) } else {
            count(change.deleted, .chOneDeleted) { S.chDeleted($0) }
        }
        // Comments as precisely as the store told them ("1 comment added"), else "comments changed".
        if change.commentsAdded + change.commentsDeleted == change.comments {
            if change.commentsAdded > 0 { parts.append(S.chCommentsAdded(change.commentsAdded)) }
            if change.commentsDeleted > 0 { parts.append(S.chCommentsDeleted(change.commentsDeleted)) }
        } else if change.comments > 0 { parts.append(S.chComments.text) }
        guard !parts.isEmpty else { return S.chChanged.text }
        let what = parts.joined(separator: ", ")
        return change.by.isEmpty ? S.chElsewhere(what) : S.chBy(what, names(change.by, ascii: ascii))
    }

    /// At most two of the users, each cut to 12 cells, then "+N" for the rest ("minji, hoon +2"):
    /// the counts and zoom stay beside them. Shown safely (a role name may hold any character).
    static func names(_ users: Set<String>, ascii: Bool) -> String {
        let shown = users.sorted().prefix(2).map { DisplayWidth.truncate(SafeText.sanitize($0, ascii: ascii), to: 12, ascii: ascii) }
        return shown.joined(separator: ", ") + (users.count > 2 ? " +\(users.count - 2)" : "")
    }

    /// The pin `change` edited, when that is all it did to pins and it names the pin.
    static func onlyPin(editedBy change: StoreChange) -> Int64? {
        change.added + change.deleted == 0 && change.edited == 1 && change.editedIDs.count == 1 ? change.editedIDs.first : nil
    }

    /// The pin `change` deleted, when that is all it did to pins and it names no other pin
    /// (the ids it names but did not edit are those deleted and those whose comments changed).
    static func onlyPin(deletedBy change: StoreChange) -> Int64? {
        let named = change.pinIDs.subtracting(change.editedIDs)
        return change.added + change.edited == 0 && change.deleted == 1 && named.count == 1 ? named.first : nil
    }

    /// The title the status line names pin `id` by: the list's (or the open detail page's),
    /// as the pin was before the change; cut to a third of the terminal's columns (at least 8
    /// cells), so the counts and zoom stay beside it. Nil when neither shows the pin.
    func shownTitle(of id: Int64) -> String? {
        var known = list.pins.first(where: { $0.id == id })?.title
        if known == nil, case .detail(let detail)? = feedback.modal?.content, detail.pin.id == id { known = detail.pin.title }
        guard let known else { return nil }
        let safe = SafeText.sanitize(known, ascii: presentation.ascii)
        return DisplayWidth.truncate(safe, to: max(8, layout.cols / 3), ascii: presentation.ascii)
    }

    /// Another's changes that follow within this many seconds of the last ones the status
    /// line tells are told with them: two quick writes are "2 pins added", not the second alone.
    static let elsewhereMergeWindow = 5.0

    /// Tells `change` on the status line, with the changes told just before when they are
    /// still on it and came less than `elsewhereMergeWindow` ago.
    mutating func tellChangedElsewhere(_ change: StoreChange, now: Double) {
        var told = change
        if let last = feedback.toldElsewhere, now - last.at < Self.elsewhereMergeWindow, feedback.message == last.text {
            told = last.change.merged(change)
        }
        let text = Self.changedElsewhereText(told, ascii: presentation.ascii) { shownTitle(of: $0) }
        feedback.message = text
        feedback.toldElsewhere = (told, now, text)
    }
}
