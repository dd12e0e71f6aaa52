/// Esc on an input holding what was typed (the pin form, a new comment) asks first, and a
/// second Esc discards: text is never thrown away on one key without a word. The one place
/// that decides; each input shows the question its own way (the form's error row, the page's
/// footer).
struct DiscardQuestion: Sendable, Equatable {
    /// The question is on screen: the next Esc discards.
    private(set) var asked = false

    /// Esc: true when the input may close now (nothing typed, or the question was asked);
    /// otherwise the question is asked (false).
    mutating func escape(holdingTyped typed: Bool) -> Bool {
        if !typed || asked {
            asked = false
            return true
        }
        asked = true
        return false
    }

    /// Any other key: true when it takes the question back (its message goes).
    mutating func otherKey() -> Bool {
        defer { asked = false }
        return asked
    }
}
