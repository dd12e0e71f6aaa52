import PinModel

/// The status line's words for other processes' writes ("3 pins added elsewhere").
extension AppState {
    static func changedElsewhereText(_ change: StoreChange) -> String {
        guard change.counted else { return S.chChanged.text }
        var parts: [String] = []
        func count(_ n: Int, _ one: S, _ many: S) { if n == 1 { parts.append(one.text) } else if n > 1 { parts.append(many(n)) } }
        count(change.added, .chOneAdded, .chAdded)
        count(change.edited, .chOneEdited, .chEdited)
        count(change.deleted, .chOneDeleted, .chDeleted)
        if change.comments > 0 { parts.append(S.chComments.text) }
        return parts.isEmpty ? S.chChanged.text : S.chElsewhere(parts.joined(separator: ", "))
    }
}
