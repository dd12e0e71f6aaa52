import PinModel

/// The status line's words for other processes' writes ("3 pins added elsewhere").
extension AppState {
    /// `change` worded for the status line ("3 pins added elsewhere").
    public static func changedElsewhereText(_ change: StoreChange) -> String {
        guard change.counted else { return S.chChanged.text }
        var parts: [String] = []
        func count(_ n: Int, _ one: S, _ many: (Int) -> String) { if n == 1 { parts.append(one.text) } else if n > 1 { parts.append(many(n)) } }
        count(change.added, .chOneAdded) { S.chAdded($0) }
        count(change.edited, .chOneEdited) { S.chEdited($0) }
        count(change.deleted, .chOneDeleted) { S.chDeleted($0) }
        // Comments as precisely as the store told them ("1 comment added"), else "comments changed".
        if change.commentsAdded + change.commentsDeleted == change.comments {
            if change.commentsAdded > 0 { parts.append(S.chCommentsAdded(change.commentsAdded)) }
            if change.commentsDeleted > 0 { parts.append(S.chCommentsDeleted(change.commentsDeleted)) }
        } else if change.comments > 0 { parts.append(S.chComments.text) }
        return parts.isEmpty ? S.chChanged.text : S.chElsewhere(parts.joined(separator: ", "))
    }

    /// Another's changes that follow within this many seconds of the last ones the status
    /// line tells are told with them: two quick writes are "2 pins added", not the second alone.
    static let elsewhereMergeWindow = 5.0

    /// Tells `change` on the status line, with the changes told just before when they are
    /// still on it and came less than `elsewhereMergeWindow` ago.
    mutating func tellChangedElsewhere(_ change: StoreChange, now: Double) {
        var told = change
        if let last = feedback.toldElsewhere, now - last.at < Self.elsewhereMergeWindow,
           feedback.message == Self.changedElsewhereText(last.change) {
            told = last.change.merged(change)
        }
        feedback.message = Self.changedElsewhereText(told)
        feedback.toldElsewhere = (told, now)
    }
}
