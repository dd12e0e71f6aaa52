/// The effects one `update` asks for, handed down to the helpers that raise them (an
/// `inout` parameter) and returned by `update`: nothing about them is kept in the state.
struct Effects {
    private(set) var list: [Effect] = []

    /// Adds `effect`.
    mutating func add(_ effect: Effect) { list.append(effect) }

    /// Asks for the view's markers and counts to be read again, and the list too when
    /// `list` (a list read covers a markers-only one; one read per `update`).
    mutating func requestView(list wantsList: Bool) {
        if let i = list.firstIndex(where: { if case .loadView = $0 { return true } else { return false } }) {
            if wantsList { list[i] = .loadView(list: true) }
        } else {
            list.append(.loadView(list: wantsList))
        }
    }
}
