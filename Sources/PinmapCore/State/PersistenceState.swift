/// What the store remembers of the UI (`LastView.swift`).
public struct PersistenceState: Sendable {
    /// The view and tab last saved in the store.
    var persisted = PersistedView()
    /// The view was reopened from the store and not read yet: when it holds no pins, they are fitted.
    var reopenedViewUnchecked = false
}
