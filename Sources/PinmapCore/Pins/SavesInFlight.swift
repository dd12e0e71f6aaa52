/// The pin and comment writes on their way (a form saved, a pin or comment deleted, an undo),
/// and since when. A store can make one wait: a server's lock held elsewhere up to its
/// `lock_timeout` (5 s), a file another process writes up to its busy timeout. Once one has
/// waited `shownAfter`, the status line (and the detail page's footer) says "Saving…" until
/// its outcome comes; a quicker write shows nothing.
public struct SavesInFlight: Sendable, Equatable {
    /// Writes asked for and not answered yet (the write lane performs them in order).
    public internal(set) var count = 0
    /// Since when the write the lane performs now has waited (seconds of the clock): when it
    /// was asked for, or when the one before it was answered. Nil when none is on its way.
    public internal(set) var since: Double?

    /// How long a write runs before "Saving…" shows (seconds): a save that answers at once (a few
    /// milliseconds) never flashes it; one that waits is told before the wait feels like a hang.
    static let shownAfter = 0.3

    /// `effects` were asked for at `now` (seconds): the writes among them are on their way.
    mutating func asked(_ effects: [Effect], at now: Double) {
        for effect in effects where effect.isSave {
            if count == 0 { since = now }
            count += 1
        }
    }

    /// `event` came at `now`: when it is a write's outcome, that write is no longer on its way.
    mutating func answered(by event: AppEvent, at now: Double) {
        guard event.answersSave, count > 0 else { return }
        count -= 1
        since = count > 0 ? now : nil
    }

    /// True when a write has waited `shownAfter` or longer at `clock`.
    func shown(at clock: Double) -> Bool { since.map { clock - $0 >= Self.shownAfter } ?? false }

    /// True while a write waits but not yet `shownAfter`: time alone will show "Saving…".
    func awaitsShowing(at clock: Double) -> Bool { since.map { clock - $0 < Self.shownAfter } ?? false }
}

extension Effect {
    /// A pin or comment write the user asked for (answered by `AppEvent.answersSave`). Not a
    /// setting (`persist`: quiet) nor a long job (an import, its undo: the status line
    /// words those itself, `jobStatus`).
    var isSave: Bool {
        switch self {
        case .addPin, .updatePin, .deletePin, .restorePin, .addComment, .deleteComment: return true
        default: return false
        }
    }
}

extension AppEvent {
    /// The outcome of a write `Effect.isSave` says is one: every such effect is answered by
    /// exactly one of these, done or failed (`EffectPerformer.pinEvent`, `failure(of:_:)`).
    var answersSave: Bool {
        switch self {
        case .pins(.written): return true
        case .pins(.commentsLoaded(_, _, let after)):
            switch after {
            case .added, .addFailed, .deleted, .deleteFailed: return true
            case .none, .elsewhere: return false
            }
        default: return false
        }
    }
}

extension AppState {
    /// "Saving…" while a write has waited `SavesInFlight.shownAfter` (nil otherwise): the
    /// status line and the detail page's footer show it.
    var savingText: String? { loads.saves.shown(at: clock) ? S.statusSaving.text : nil }
}
