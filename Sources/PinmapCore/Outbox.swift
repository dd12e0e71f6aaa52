/// How the helpers `update` calls hand their effects to it: `update` returns the outbox at
/// its end, so the runtime sees effects only as `update`'s result.
extension AppState {
    /// Adds `effect` to what this `update` returns.
    mutating func emit(_ effect: Effect) { outbox.append(effect) }

    /// Asks for the view's markers and counts to be read again, and the list too when
    /// `list` (a list read covers a markers-only one).
    mutating func requestView(list: Bool) {
        if let i = outbox.firstIndex(where: { if case .loadView = $0 { return true } else { return false } }) {
            if list { outbox[i] = .loadView(list: true) }
        } else {
            outbox.append(.loadView(list: list))
        }
    }

    /// The effects raised since the last call, in order.
    mutating func takeOutbox() -> [Effect] {
        defer { outbox = [] }
        return outbox
    }
}
