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
        if change.comments > 0 { parts.append(S.chComments.text) }
        return parts.isEmpty ? S.chChanged.text : S.chElsewhere(parts.joined(separator: ", "))
    }
}
