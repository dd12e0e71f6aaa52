import PinmapCore
import PinModel

/// The store writes behind add, edit, delete, undo and comments; each outcome goes back
/// to the core as an event (`AppEvent.Pins.written`, `.pins(.commentsLoaded)`), which shows it.
extension EffectPerformer {
    /// The outcome of a pin or comment effect; nil for any other effect.
    static func pinEvent(for effect: Effect, store: any PinRepository) -> AppEvent? {
        switch effect {
        case .addPin(let pin, let unsure): return add(pin, unsure: unsure, store)
        case .updatePin(let edit):
            let pin = edit.pin
            do {
                let before = try store.pin(id: edit.id)
                guard let after = try store.update(id: edit.id, title: pin.title, description: pin.description,
                                                   category: pin.category, latitude: pin.latitude,
                                                   longitude: pin.longitude, ifVersion: edit.ifVersion) else {
                    return .pins(.written(.updateMissing(edit)))
                }
                // The store writes nothing when no value changed: the notice says so.
                let same = before.map { b in
                    b.title == after.title && b.description == after.description && b.category == after.category
                        && b.latitude == after.latitude && b.longitude == after.longitude
                } ?? false
                return .pins(.written(same ? .unchanged(edit) : .updated(edit)))
            } catch where error.code == StoreError.changedElsewhere {
                guard let theirs = try? store.pin(id: edit.id) else { return .pins(.written(.updateMissing(edit))) }
                return .pins(.written(.updateConflict(edit, theirs: theirs)))
            } catch {
                return .pins(.written(.updateFailed(edit, error)))
            }
        case .deletePin(let id, let version):
            do {
                guard let deleted = try store.deleteForUndo(id: id, ifVersion: version) else { return .pins(.written(.deleteMissing(id: id))) }
                return .pins(.written(.deleted(deleted)))
            } catch where error.code == StoreError.changedElsewhere {
                guard let theirs = try? store.pin(id: id) else { return .pins(.written(.deleteMissing(id: id))) }
                return .pins(.written(.deleteConflict(theirs: theirs)))
            } catch {
                return .pins(.written(.deleteFailed(id: id, error)))
            }
        case .restorePin(let deleted):
            do { return .pins(.written(.restored(id: try store.restore(deleted), deleted))) } catch {
                return .pins(.written(.restoreFailed(deleted, error)))
            }
        case .addComment(let pinID, let body):
            do {
                _ = try store.addComment(pinID: pinID, body: body)
                return comments(store, of: pinID, after: .added)
            } catch {
                return comments(store, of: pinID, after: .addFailed(error))
            }
        case .deleteComment(let comment):
            do {
                try store.deleteComment(id: comment.id)
                return comments(store, of: comment.pinID, after: .deleted)
            } catch {
                return comments(store, of: comment.pinID, after: .deleteFailed(error))
            }
        case .loadComments(let pinID): return comments(store, of: pinID, after: .none)  // with the properties: `perform`
        case .reloadComments(let pinID): return comments(store, of: pinID, after: .elsewhere)
        default: return nil
        }
    }

    /// Adds `pin`, or, when an earlier add of the same form (`unsure`) was done after all,
    /// writes `pin`'s fields into the pin it made: a save tried again after the server stopped
    /// answering never adds a second copy. The highest id given before the insert is read
    /// first, so that an insert left unanswered can be looked for later.
    private static func add(_ pin: NewPin, unsure: UnsureAdd?, _ store: any PinRepository) -> AppEvent {
        var sent: UnsureAdd?
        do {
            if let unsure, let id = try pinAdded(by: unsure, store) {
                _ = try store.update(id: id, title: pin.title, description: pin.description, category: pin.category,
                                     latitude: pin.latitude, longitude: pin.longitude, ifVersion: nil)
                return .pins(.written(.added(id: id, pin)))
            }
            sent = UnsureAdd(pin: pin, idsAbove: try store.highestGivenPinID())
            return .pins(.written(.added(id: try store.insert(pin), pin)))
        } catch {
            // Only an insert sent and never answered may still be done; any other failure
            // wrote nothing, and the form's earlier unsure add stays unsure.
            let maybeDone = error.kind == .stoppedAnswering ? sent : nil
            return .pins(.written(.addFailed(pin, error, unsure: maybeDone ?? unsure)))
        }
    }

    /// The id of the pin `unsure` made, if the store has it: a pin given an id after it was
    /// sent whose fields are the ones it sent (among the next `unsureAddLookahead` ids).
    static func pinAdded(by unsure: UnsureAdd, _ store: any PinRepository) throws(StoreError) -> Int64? {
        let highest = try store.highestGivenPinID()
        guard highest > unsure.idsAbove else { return nil }
        let ids = Array((unsure.idsAbove + 1)...min(highest, unsure.idsAbove + unsureAddLookahead))
        let sent = unsure.pin
        return try store.pins(ids: ids).first { p in
            p.title == sent.title && p.description == sent.description && p.category == sent.category
                && p.latitude == PinRules.stored(sent.latitude) && p.longitude == PinRules.stored(sent.longitude)
                && (sent.createdAt.map { $0 == p.createdAt } ?? true)
        }?.id
    }

    /// How many ids after an unsure add's are looked through for its pin: others' adds made
    /// in between, while the server was stopped or coming back, are few.
    static let unsureAddLookahead: Int64 = 1_000

    /// `pinID`'s comments, read after `change`. After a change elsewhere the pin may be gone
    /// (deleted by another process): a store lists no comments for a pin it does not have, so
    /// the pin is looked up first and its absence is the failure `StoreError.pinGone`.
    private static func comments(_ store: any PinRepository, of pinID: Int64, after change: CommentChange) -> AppEvent {
        let result: Result<[Comment], StoreError>
        do throws(StoreError) {
            if case .elsewhere = change, try store.pin(id: pinID) == nil { throw StoreError.pinGone(pinID) }
            result = .success(try store.comments(pinID: pinID))
        } catch { result = .failure(error) }
        return .pins(.commentsLoaded(pinID: pinID, result, after: change))
    }
}
