import Frame
import GeoMap
import PinStore

/// The store writes behind add, edit, delete, undo and comments. Each pin
/// operation ends with a notice sheet saying what happened or why not; the
/// list and the map are reloaded after every write.
extension AppRunner {
    /// A save that failed (the store busy with an import in another process,
    /// a full disk) brings the form back with what was typed, never loses it.
    private func reopenForm(_ pin: NewPin, editing id: Int64?, error: Error) {
        var form = PinForm(adding: GeoPoint(latitude: pin.latitude, longitude: pin.longitude))
        if let id { form.mode = .edit(id: id) }
        form[.title] = TextField(pin.title)
        form[.description] = TextField(pin.description)
        form[.category] = TextField(pin.category)
        form.error = S.fmNotSaved(error)
        state.presentEditing(.form(form), height: PinForm.preferredHeight, dim: 0.3, duration: 0, now: state.clock)
    }

    func performPinEffect(_ effect: Effect) {
        let now = state.clock
        switch effect {
        case .addPin(let pin):
            do {
                let id = try store.insert(pin)
                state.selectedID = id
                state.needsReload = true
                state.notify(S.noticeAdded.text, S.noticeAddedText(pin.title), success: true, now: now)
            } catch {
                reopenForm(pin, editing: nil, error: error)
            }
        case .updatePin(let id, let pin):
            do {
                guard try store.update(id: id, title: pin.title, description: pin.description, category: pin.category,
                                       latitude: pin.latitude, longitude: pin.longitude) != nil else {
                    state.notify(S.noticeNotUpdated.text, S.noticeNotUpdatedText(pin.title),
                                 success: false, now: now)
                    state.needsReload = true
                    return
                }
                state.selectedID = id
                state.needsReload = true
                state.notify(S.noticeUpdated.text, S.noticeUpdatedText(pin.title), success: true, now: now)
            } catch {
                reopenForm(pin, editing: id, error: error)
            }
        case .deletePin(let id):
            do {
                guard let deleted = try store.deleteForUndo(id: id) else {
                    state.notify(S.noticeNotDeleted.text, S.noticeNotDeletedGone(id), success: false, now: now)
                    return
                }
                let gone = deleted.pin
                state.lastDeleted = deleted
                if state.selectedID == id { state.selectedID = nil }
                state.needsReload = true
                state.notify(S.noticeDeleted.text, S.noticeDeletedText(gone.title), success: true, offersUndo: true, now: now)
            } catch {
                state.notify(S.noticeNotDeleted.text, S.noticeNotDeletedText(id, error), success: false, now: now)
            }
        case .restorePin(let deleted):
            let pin = deleted.pin
            do {
                state.selectedID = try store.restore(deleted)
                state.lastDeleted = nil
                state.needsReload = true
                state.notify(S.noticeRestored.text, S.noticeRestoredText(pin.title), success: true, now: now)
            } catch {
                state.notify(S.noticeNotRestored.text, S.noticeNotRestoredText(pin.title, error),
                             success: false, now: now)
            }
        case .loadComments(let pinID):
            reloadComments(pinID: pinID, note: nil)
        case .addComment(let pinID, let body):
            do {
                _ = try store.addComment(pinID: pinID, body: body)
                reloadComments(pinID: pinID, note: S.dtCommentAdded.text, selectLast: true)
            } catch {
                reloadComments(pinID: pinID, note: S.dtCommentFailed(error))
            }
        case .deleteComment(let comment):
            do {
                try store.deleteComment(id: comment.id)
                reloadComments(pinID: comment.pinID, note: S.dtCommentDeleted.text)
            } catch {
                reloadComments(pinID: comment.pinID, note: S.dtCommentDeleteFailed(error))
            }
        default:
            break
        }
    }

    /// Loads `pinID`'s comments into the detail page showing that pin (if it
    /// is still up) and sets its footer note.
    private func reloadComments(pinID: Int64, note: String?, selectLast: Bool = false) {
        guard case .detail(var detail)? = state.modal?.content, detail.pin.id == pinID else { return }
        do {
            detail.setComments(try store.comments(pinID: pinID))
            if selectLast { detail.cursor = max(0, detail.comments.count - 1) }
            if let note { detail.note = note }
        } catch {
            detail.note = S.dtCommentsFailed(error)
        }
        state.modal?.content = .detail(detail)
    }
}
