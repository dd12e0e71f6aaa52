/// The effects one `update` asks for, handed down to the helpers that raise them (an
/// `inout` parameter) and returned by `update`: nothing about them is kept in the state.
/// It is the one channel: helpers add effects here, none returns its own list.
struct Effects {
    private(set) var list: [Effect] = []
    /// A view read asked for (true: with the list), built once the event is applied
    /// (`AppState.viewRequest`), so it describes the state the event left.
    private(set) var view: Bool?

    /// Adds `effect`.
    mutating func add(_ effect: Effect) { list.append(effect) }

    /// Input a modal sheet took: the tab's reads are not asked for again.
    var skipTabLoads = false

    /// Asks for the view's markers and counts to be read again, and the list too when
    /// `list` (a list read covers a markers-only one; one read per `update`).
    mutating func requestView(list wantsList: Bool) {
        view = (view ?? false) || wantsList
    }
}
