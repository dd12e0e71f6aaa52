import Foundation
import GeoMap
import PinModel

/// Pin writes, comments and imports as they ended: each ends with a notice (or the form
/// back with what was typed), as the runtime reported them.
extension AppState {
    mutating func receive(write outcome: PinWriteOutcome, now: Double, _ fx: inout Effects) {
        switch outcome {
        case let .added(id, pin):
            // The new pin is shown and selected, whatever the filter or a kept search hid.
            reveal(id: id, category: pin.category, written: true, &fx)  // Update+Keys.swift
            list.selectedID = id
            fx.requestView(list: true)
            notify(S.noticeAdded.text, fitted(pin.title) { S.noticeAddedText($0) }, success: true, now: now)
        case let .addFailed(pin, error, unsure): reopenForm(pin, editing: nil, error: S.fmNotSaved(error), unsure: unsure)
        case let .updated(edit):
            reveal(id: edit.id, category: edit.pin.category, written: true, &fx)
            list.selectedID = edit.id
            fx.requestView(list: true)
            notify(S.noticeUpdated.text, updatedText(edit), success: true, now: now)
        case let .unchanged(edit):
            list.selectedID = edit.id
            feedback.message = S.msgNothingChanged.text
        case let .updateMissing(edit):
            // The pin went, the edit need not: add it as a new pin, or discard it.
            let popup = ConfirmPopup(.addAsNew(mine: edit.pin))
            presentEditing(.confirm(popup), height: popup.preferredHeight(cols: layout.cols),
                           dim: ConfirmPopup.dim, duration: 0, now: now)
            fx.requestView(list: true)
        case let .updateFailed(edit, error): reopenForm(edit.pin, editing: edit, error: S.fmNotSaved(error))
        case let .updateConflict(edit, theirs):
            // Changes to different fields need no one's choice: the merge is saved at once, at
            // their version (refused again if it moved meanwhile, and merged again).
            guard !edit.merge(with: theirs).conflicts.isEmpty else { return fx.add(.updatePin(edit.keepingMine(over: theirs))) }
            // Fields both changed differently: those side by side, keep mine (them mine, the
            // others merged), take theirs, or back to the edit (Esc).
            var popup = ConfirmPopup(.keepMine(edit, theirs: theirs))
            popup.chosen = .cancel
            presentEditing(.confirm(popup), height: popup.preferredHeight, dim: ConfirmPopup.dim, duration: 0, now: now)
            fx.requestView(list: true)
        case let .deleteConflict(theirs):
            fx.requestView(list: true)
            notify(S.noticeNotDeleted.text, fitted(theirs.title) { S.cnNotDeleted($0) }, success: false, now: now)
        case let .deleted(deleted):
            lastDeleted = deleted
            if list.selectedID == deleted.pin.id { list.selectedID = nil }
            fx.requestView(list: true)
            notify(S.noticeDeleted.text, fitted(deleted.pin.title) { S.noticeDeletedText($0) }, success: true, offersUndo: true, now: now)
        case let .deleteMissing(id):
            notify(S.noticeNotDeleted.text, S.noticeNotDeletedGone(id), success: false, now: now)
        case let .deleteFailed(id, error):
            notify(S.noticeNotDeleted.text, S.noticeNotDeletedText(id, error), success: false, now: now)
        case let .restored(id, deleted):
            reveal(id: id, category: deleted.pin.category, written: true, &fx)
            list.selectedID = id
            lastDeleted = nil
            fx.requestView(list: true)
            notify(S.noticeRestored.text, fitted(deleted.pin.title) { S.noticeRestoredText($0) }, success: true, now: now)
        case let .restoreFailed(deleted, error):
            notify(S.noticeNotRestored.text, S.noticeNotRestoredText(deleted.pin.title, error), success: false, now: now)
        }
    }

    /// "Updated “title”", and by name the changes made elsewhere that the save kept (a merge:
    /// "…; kept 1 change made elsewhere (title)"), so no one wonders why those fields moved.
    func updatedText(_ edit: PinEdit) -> String {
        let kept = edit.keptTheirs
        guard !kept.isEmpty else { return fitted(edit.pin.title) { S.noticeUpdatedText($0) } }
        return fitted(edit.pin.title) { S.noticeUpdatedKept($0, count: kept.count, PinMerge.names(kept)) }
    }

    /// `template` around `title`, the title cut with `…` so that the whole line fits the
    /// terminal (a notice card's width): the words around it stay ("… succeeded :) · u undoes").
    func fitted(_ title: String, _ template: (String) -> String) -> String {
        TextWrap.sentence(template, around: title, in: layout.cols - 4, ascii: presentation.ascii)
    }

    /// A save that failed (the store busy with an import in another process,
    /// a full disk) brings the form back with what was typed, never loses it; so does Esc in
    /// the conflict pop-up (`changedElsewhere`: its heading says the pin changed). `edit`: the
    /// edit of a pin it came from (nil: adding).
    mutating func reopenForm(_ pin: NewPin, editing edit: PinEdit?, error: String?, changedElsewhere: Bool = false,
                             unsure: UnsureAdd? = nil) {
        var form = PinForm(adding: GeoPoint(latitude: pin.latitude, longitude: pin.longitude))
        if let edit {
            form.mode = .edit(id: edit.id)
            // Saved again, the edit is still checked against the version it was made on, and a
            // refusal merged against the fields of that version: after a conflict, the store
            // refuses it again and the pop-up shows the newest version.
            form.version = edit.ifVersion
            form.base = edit.base
        }
        form.createdAt = pin.createdAt
        form.properties = pin.properties
        form.changedElsewhere = changedElsewhere
        form.unsureAdd = unsure
        form[.title] = TextField(pin.title)
        form[.description] = TextField(pin.description)
        form[.category] = TextField(pin.category)
        // As `PinForm(editing:)` shows them: a coordinate saved untouched is the same number
        // (6 decimals would move one of more, and the merge would take that for an edit).
        form[.latitude] = TextField(CoordinateText.editable(pin.latitude))
        form[.longitude] = TextField(CoordinateText.editable(pin.longitude))
        form.error = error
        form.focused = lastSavedFormField
        let height = PinForm.preferredHeight(error: form.error, width: layout.cols, ascii: presentation.ascii)
        presentEditing(.form(form), height: height, dim: 0.3, duration: 0, now: clock)
    }

    /// Puts `pinID`'s comments into the detail page showing that pin (if it is still up)
    /// with a footer note saying what the write before did.
    mutating func receive(comments result: Result<[Comment], StoreError>, of pinID: Int64, after change: CommentChange) {
        guard case .detail(var detail)? = feedback.modal?.content, detail.pin.id == pinID else { return }
        let note: String? = switch change {
        case .none: nil
        case .elsewhere: nil  // worded once the new list is known, below
        case .added: S.dtCommentAdded.text
        case .deleted: S.dtCommentDeleted.text
        case .addFailed(let e): S.dtCommentFailed(e)
        case .deleteFailed(let e): S.dtCommentDeleteFailed(e)
        }
        switch result {
        case .success(let comments):
            // Read again after a failure: the note that said so is no longer true ("Reconnected" is).
            if detail.commentsFailed, detail.note != S.chReconnected.text { detail.note = nil }
            detail.commentsFailed = false
            if case .elsewhere = change, detail.pinGone {
                // The read found the pin again: its delete was undone elsewhere; the page is
                // its page again, write keys and all.
                detail.pinGone = false
                detail.setComments(comments)
                detail.note = S.dtPinBack.text
            } else if case .elsewhere = change {
                receive(commentsFromElsewhere: comments, into: &detail)
            } else {
                detail.setComments(comments)
                if case .added = change { detail.cursor = max(0, detail.comments.count - 1) }
                if let note { detail.note = note }
            }
        case .failure(let e) where e.kind == .pinGone(id: pinID):
            detail.markGone()  // the read after a change elsewhere found no such pin
        case .failure(let e):
            // A write that failed says so (its own words), not the read after it that failed too.
            detail.note = note ?? S.dtCommentsFailed(e)
            detail.commentsFailed = true
        }
        if case .addFailed(let e) = change, e.kind == .pinGone(id: pinID) { detail.markGone() }
        if case .addFailed = change, let note { detail.restoreComment(failure: note) }
        if case .added = change { detail.sentComment = nil }
        feedback.modal?.content = .detail(detail)
    }

    /// Comments another process added or deleted, on the open detail page: the selection
    /// stays on the comment it was on, and the page's footer (the page hides the status line)
    /// says what came and went ("1 comment added elsewhere"), as the status line does for pins.
    private mutating func receive(commentsFromElsewhere comments: [Comment], into detail: inout PinDetail) {
        let before = Set(detail.comments.map(\.id)), after = Set(comments.map(\.id))
        let selected = detail.comments.indices.contains(detail.cursor) ? detail.comments[detail.cursor].id : nil
        detail.setComments(comments)
        if let selected, let index = comments.firstIndex(where: { $0.id == selected }) { detail.cursor = index }
        let added = after.subtracting(before).count, deleted = before.subtracting(after).count
        let parts = (added > 0 ? [S.chCommentsAdded(added)] : []) + (deleted > 0 ? [S.chCommentsDeleted(deleted)] : [])
        if !parts.isEmpty { detail.note = S.chElsewhere(parts.joined(separator: ", ")) }
    }

    /// The Import tab's preview of a file, or why it cannot be read.
    mutating func receive(preview result: Result<ImportPreview, ImportFailure>) {
        importTab.clearShownFile()
        switch result {
        case .success(let preview): importTab.preview = preview
        case .failure(let e):
            importTab.error = e.text
            if e.reason == .directory { openTypedImportFolder() }  // ImportTab.swift
        }
    }

    /// An import's result: the summary on the Import tab, and a notice only when the user
    /// left the tab during the import (on the tab, the summary is where they look; the same
    /// words twice would read as two results).
    mutating func receive(importOf name: String, _ result: Result<ImportReport, ImportFailure>, now: Double,
                          _ fx: inout Effects) {
        importTab.progress = nil
        defer { fx.requestView(list: true) }
        showOnImportTab(result, name: name)
        guard tab != .importer else { return }
        switch result {
        case .success(let report):
            // Rejected rows are not a plain success: a warning toast; the tab lists every reason.
            // The same words as the tab's first line (`ImportResultText.head`).
            let head = ImportResultText.head(report, name: TextWrap.middle(name, to: 32))
            notify(S.noticeImported.text, report.rejected > 0 ? head + S.noticeImportedPartly.text : head,
                   success: true, warning: report.rejected > 0, now: now)
        case .failure(let e):
            notify(S.noticeImportFailed.text, S.noticeImportFailedText(TextWrap.middle(name, to: 32), e.text),
                   success: false, now: now)
        }
    }

    /// The Import tab's summary of a finished import (or its error), shown whichever tab is up.
    private mutating func showOnImportTab(_ result: Result<ImportReport, ImportFailure>, name: String) {
        switch result {
        case .success(let report):
            importTab.summary = ImportResultText.summary(report)
            importTab.preview = nil
            importTab.lastImport = report.batchID.flatMap { id in
                report.imported > 0 ? ImportRow(id: id, name: name, line: "", pins: report.imported) : nil
            }
        case .failure(let e):
            importTab.error = e.text
        }
    }
}
