import Frame
import GeoMap
import PinModel

/// Keeping pins: add, edit, delete with a confirmation pop-up,
/// undo, the detail page and search. Store writes leave as `Effect`s; the
/// runner performs them and shows the outcome in a notice sheet.
extension AppState {
    /// `a`, `e`, `d`, `u`, `/` and Enter on the Map tab.
    mutating func performPinAction(_ action: Action, now: Double, _ fx: inout Effects) {
        switch action {
        case .addPin: openAddForm(at: visibleMapCentre, now: now)
        case .editPin:
            guard let pin = selectedPinOrExplain() else { return }
            openEditForm(pin, now: now)
        case .deletePin:
            guard let pin = selectedPinOrExplain() else { return }
            confirmDelete(pin, now: now)
        case .undoDelete:
            guard let pin = lastDeleted else { feedback.message = S.msgNothingToUndo.text; return }
            fx.add(.restorePin(pin))
        case .search: startSearch(now: now)
        case .goToPlace: startPlaceSearch(now: now)  // PlaceSearch.swift
        case .open:
            // A list of one pin (a search's single match) needs no choosing: Enter opens it.
            if list.selectedPin == nil && list.count == 1 { select(index: 0, &fx) }
            guard let pin = selectedPinOrExplain() else { return }
            openDetail(pin, now: now, &fx)
        default: break
        }
    }

    private mutating func selectedPinOrExplain() -> Pin? {
        if let pin = list.selectedPin { return pin }
        // At small the list takes no keys (j/k pan the map): name the key that raises it.
        feedback.message = listTakesKeys ? S.msgSelectPinFirst.text : S.msgSelectPinFirstAtSmall.text
        return nil
    }

    /// The point at the centre of the map left visible above the sheet (the
    /// viewport's centre when the sheet covers it all).
    public var visibleMapCentre: GeoPoint {
        let visible = settledVisibleMap
        guard visible.height > 0 else { return map.viewport.center }
        return map.viewport.point(col: Double(visible.x) + Double(visible.width) / 2,
                              row: Double(visible.y) + Double(visible.height) / 2, pane: layout.mapPane)
    }

    // MARK: Presenting

    /// Presents `content` with its own dim and slide duration (seconds).
    mutating func presentEditing(_ content: ModalContent, height: Int, dim: Double, duration: Double, now: Double) {
        let h = cardHeight(height)
        feedback.modal = Modal(presentation: ModalPresentation(height: h, dim: dim, duration: duration, now: now,
                                                      animated: !sheet.reducedMotion),
                      content: content)
    }

    /// A bottom card's height: `height`, at most the screen less two rows, and one row more
    /// when its top would fall right under the sheet's grabber row, so the card's grabber
    /// covers the sheet's instead of stacking a second bar under it.
    private func cardHeight(_ height: Int) -> Int {
        let cap = max(3, layout.rows - 2)
        let h = min(height, cap)
        let underGrabber = tab == .map && layout.rows - h == sheetTop + 1
        return underGrabber ? min(h + 1, cap) : h
    }

    mutating func openAddForm(at point: GeoPoint, now: Double) {
        presentEditing(.form(PinForm(adding: point)), height: PinForm.preferredHeight, dim: 0.3, duration: 0.25, now: now)
    }

    mutating func openEditForm(_ pin: Pin, now: Double) {
        presentEditing(.form(PinForm(editing: pin)), height: PinForm.preferredHeight, dim: 0.3, duration: 0.25, now: now)
    }

    mutating func confirmDelete(_ pin: Pin, now: Double) {
        let popup = ConfirmPopup(.deletePin(pin))
        presentEditing(.confirm(popup), height: popup.preferredHeight(cols: layout.cols),
                       dim: ConfirmPopup.dim, duration: ConfirmPopup.duration, now: now)
    }

    /// Opens the full-height detail page and asks the runner for its comments.
    mutating func openDetail(_ pin: Pin, now: Double, _ fx: inout Effects) {
        presentEditing(.detail(PinDetail(pin: pin)), height: layout.rows, dim: 0.3, duration: 0.25, now: now)
        fx.add(.loadComments(pinID: pin.id))
    }

    // MARK: Keys inside the form, the pop-up and the detail page

    /// Keys for the form, confirmation and detail modals (called by `handleModal`).
    /// Returns false when the key closed the modal and should act on the screen below
    /// (a key the detail page has no use for, such as `2`).
    mutating func handleEditingKey(_ key: Key, now: Double, _ fx: inout Effects) -> Bool {
        guard let m = feedback.modal else { return false }
        switch m.content {
        case .form(var form):
            let outcome = form.handle(key: key)
            feedback.modal?.content = .form(form)
            finish(form, outcome, now: now, &fx)
        case .confirm(var popup):
            if popup.isConflict, key == .char("?") || key == .f1 {  // help over the pop-up; any key closes it
                feedback.showHelp = true
                feedback.helpScroll = 0
                return true
            }
            let outcome = popup.handle(key: key)
            feedback.modal?.content = .confirm(popup)
            guard outcome != .unused else {
                // Cancel, then act below (`2` shows Timeline, `q` quits). `handle(key:)`
                // clears the message, so "Nothing deleted" is set after it unless the key set one.
                dismissModal(now: now)
                handle(key: key, now: now, &fx)
                feedback.message = feedback.message ?? popup.cancelledMessage
                return true
            }
            finish(outcome, now: now, &fx)
        case .detail(var detail):
            let layout = detailLayout(detail)
            detail.descriptionRows = layout?.description.height ?? 1
            let outcome = detail.handle(key: key, now: now, animated: !sheet.reducedMotion)
            if let layout {  // no scroll past the last line (a key back up acts at once)
                let lines = DetailLayout.descriptionLines(detail, width: layout.description.width, titleCut: layout.titleCut,
                                                          ascii: presentation.ascii).count
                detail.descriptionScroll = layout.firstDescriptionLine(detail.descriptionScroll, lineCount: lines)
            }
            feedback.modal?.content = .detail(detail)
            finish(detail, outcome, now: now, &fx)
            if outcome == .unused { return false }
        default: break
        }
        return true
    }

    private mutating func finish(_ form: PinForm, _ outcome: PinForm.Outcome, now: Double, _ fx: inout Effects) {
        switch outcome {
        case .editing: break
        case .cancel: stepBack(from: form, now: now)
        case .save(let pin):
            lastSavedFormField = form.focused
            switch form.mode {
            case .add: fx.add(.addPin(pin, unsure: form.unsureAdd))
            case .edit(let id): fx.add(.updatePin(PinEdit(id: id, pin: pin, ifVersion: form.version, base: form.base)))
            }
            stepBack(from: form, saved: pin, now: now)
        }
    }

    /// Closes the form: back to the detail page it was opened from (showing what was saved;
    /// the store's answer may still replace it, with a conflict pop-up or the form again),
    /// else to the map.
    private mutating func stepBack(from form: PinForm, saved: NewPin? = nil, now: Double) {
        guard var detail = form.returnsTo else { return dismissModal(now: now) }
        if let saved {
            detail.pin.title = saved.title
            detail.pin.description = saved.description
            detail.pin.category = saved.category
            detail.pin.latitude = saved.latitude
            detail.pin.longitude = saved.longitude
        }
        presentEditing(.detail(detail), height: layout.rows, dim: 0.3, duration: 0, now: now)
    }

    /// Another process's `change`: the detail page on screen reads its pin's comments again
    /// when they may have changed (the store names the pin, or it cannot say which changed).
    /// Its description and times follow with the list (`followDetailPin`). Comments never read
    /// because the store was away (the page opened while it was) are read, with the page's
    /// properties, once it is back (`reconnected`), and only then: another failure waits for
    /// the next reconnection, not for every change.
    mutating func reloadDetailComments(after change: StoreChange, reconnected: Bool, _ fx: inout Effects) {
        guard case .detail(let detail)? = feedback.modal?.content else { return }
        guard detail.commentsLoaded else {
            if reconnected && detail.commentsFailed { fx.add(.loadComments(pinID: detail.pin.id)) }
            return
        }
        // A pin gone from under the page comes back with its id when its delete is undone
        // elsewhere (`u`, `restore`): a pin added may be this one, and the read says.
        if detail.pinGone {
            if !change.counted || change.added > 0 { fx.add(.reloadComments(pinID: detail.pin.id)) }
            return
        }
        // A pin deleted elsewhere (`pinmap delete`, an import undone: not always named) may be
        // this one: the read says (`StoreError.Kind.pinGone`), and the page then says so.
        let mayBeThis = change.comments > 0 && change.pinIDs.contains(detail.pin.id) || change.deleted > 0
        guard !change.counted || mayBeThis else { return }
        fx.add(.reloadComments(pinID: detail.pin.id))
    }

    /// What the detail page's footer says while the store cannot be reached (the page covers
    /// the status line, which says it too): nil while it can.
    var detailOutage: String? { feedback.storeUnreachable ? feedback.reconnectingText : nil }

    /// The store is back: the detail page (which covers the status line) says so on its footer,
    /// as the status line does (above the comment field, when one is open).
    mutating func tellDetailReconnected() {
        guard case .detail(var detail)? = feedback.modal?.content else { return }
        detail.note = S.chReconnected.text
        feedback.modal?.content = .detail(detail)
    }

    /// A list read after a write: the detail page on screen takes its pin as the store now
    /// has it (the version an edit from the page raised, the time it was updated), so a second
    /// edit from the page is not taken for someone else's.
    mutating func followDetailPin() {
        guard case .detail(var detail)? = feedback.modal?.content,
              let fresh = list.pins.first(where: { $0.id == detail.pin.id }), fresh.version != detail.pin.version else { return }
        detail.pin = fresh
        feedback.modal?.content = .detail(detail)
    }

    private mutating func finish(_ outcome: ConfirmPopup.Outcome, now: Double, _ fx: inout Effects) {
        switch outcome {
        case .waiting: break
        case .cancelled, .unused:
            if case .confirm(let popup)? = feedback.modal?.content {
                feedback.message = popup.cancelledMessage
                if let write = popup.action.cancelEffect {
                    fx.add(write)
                } else if case .keepMine = popup.action {
                    fx.requestView(list: true)  // theirs stays: nothing written
                }
            }
            dismissModal(now: now)
        case .back:
            if case .confirm(let popup)? = feedback.modal?.content { backToEdit(popup.action, now: now) }
        case .confirmed(let action):
            fx.add(action.effect)
            dismissModal(now: now)
        }
    }

    /// Esc in the conflict pop-up: the form again, with what was typed, still at the version it
    /// was opened at, so a save is refused again and compared with the newest version; its
    /// heading says the pin changed elsewhere.
    mutating func backToEdit(_ action: ConfirmPopup.Action, now: Double) {
        guard case let .keepMine(edit, _) = action else { return }
        reopenForm(edit.pin, editing: edit, error: nil, changedElsewhere: true)
    }

    /// The detail page's parts once its card has risen (nil: no card).
    private func detailLayout(_ detail: PinDetail) -> DetailLayout? {
        guard let m = feedback.modal else { return nil }
        let card = m.presentation.rect(cols: layout.cols, rows: layout.rows, now: clock + 1_000)  // risen
        guard !card.isEmpty else { return nil }
        return DetailLayout(body: Rect(x: card.x, y: card.y + 1, width: card.width, height: card.height - 1),
                            detail: detail, outage: detailOutage, ascii: presentation.ascii)
    }

    private mutating func finish(_ detail: PinDetail, _ outcome: PinDetail.Outcome, now: Double, _ fx: inout Effects) {
        switch outcome {
        case .none: break
        case .close, .unused: dismissModal(now: now)
        case .edit(let pin):
            openEditForm(pin, now: now)
            if case .form(var form)? = feedback.modal?.content {
                form.returnsTo = detail
                feedback.modal?.content = .form(form)
            }
        case .addComment(let body): fx.add(.addComment(pinID: detail.pin.id, body: body))
        case .confirmed(let action):
            fx.add(action.effect)
            if case .deletePin = action { dismissModal(now: now) }
        }
    }

    // MARK: Mouse inside the form, the pop-up and the detail page

    /// A left press at (`e.col`, `e.row`) on the form, pop-up or detail page
    /// whose card is `card`. Returns false for other modals (the caller
    /// handles them). Grabber-row presses are left to the caller (drag to close).
    mutating func handleEditingClick(_ e: MouseEvent, card: Rect, now: Double, _ fx: inout Effects) -> Bool {
        guard let m = feedback.modal else { return false }
        let body = Rect(x: card.x, y: card.y + 1, width: card.width, height: card.height - 1)
        switch m.content {
        case .form(var form):
            // A click outside keeps the form: typed text is never lost by a stray click.
            let index = e.row - body.y - PinForm.firstFieldRow
            if card.contains(col: e.col, row: e.row), let field = PinForm.Field(rawValue: index) {
                form.focused = field
                feedback.modal?.content = .form(form)
            }
        case .confirm(var popup):
            let outcome = popup.press(col: e.col, row: e.row, card: card)
            feedback.modal?.content = .confirm(popup)
            finish(outcome, now: now, &fx)
        case .detail(var detail):
            clickDetail(&detail, e, card: card, body: body, now: now, &fx)
        default: return false
        }
        return true
    }

    private mutating func clickDetail(_ detail: inout PinDetail, _ e: MouseEvent, card: Rect, body: Rect, now: Double,
                                      _ fx: inout Effects) {
        if let nested = detail.confirm {
            var popup = nested.popup
            let result = popup.press(col: e.col, row: e.row,
                                     card: nested.presentation.rect(cols: layout.cols, rows: layout.rows, now: now))
            detail.confirm?.popup = popup
            let outcome = detail.settle(result)
            feedback.modal?.content = .detail(detail)
            finish(detail, outcome, now: now, &fx)
            return
        }
        guard card.contains(col: e.col, row: e.row) else { dismissModal(now: now); return }
        let l = DetailLayout(body: body, detail: detail, outage: detailOutage, ascii: presentation.ascii)
        if l.comments.contains(col: e.col, row: e.row) {
            let rows = CommentRows(detail, width: l.comments.width, height: l.comments.height, ascii: presentation.ascii).rows
            let at = e.row - l.comments.y
            if rows.indices.contains(at) { detail.cursor = rows[at].index }
            feedback.modal?.content = .detail(detail)
        }
    }

    // MARK: Right click on the map

    /// A right press on the visible map opens the add form at that point.
    mutating func rightPress(_ m: MouseEvent, now: Double) {
        guard tab == .map, m.row < layout.travel, m.row < sheetTop else { return }
        let p = map.viewport.point(col: Double(m.col) + 0.5, row: Double(m.row) + 0.5, pane: layout.mapPane)
        openAddForm(at: p, now: now)
    }

    /// A press on list row `index`: a second press on the selected row opens its detail.
    mutating func pressListRow(_ index: Int, now: Double, _ fx: inout Effects) {
        guard list.pins.indices.contains(index) else { return }
        if list.pins[index].id == list.selectedID {
            openDetail(list.pins[index], now: now, &fx)
        } else {
            select(index: index, &fx)
        }
    }
}

extension ConfirmPopup.Action {
    /// The store write that carries out this action.
    var effect: Effect {
        switch self {
        case .deletePin(let pin): return .deletePin(id: pin.id, ifVersion: pin.version)
        case .deleteComment(let c): return .deleteComment(c)
        case .undoImport(let row): return .undoImport(row)
        // Mine in the fields both changed, the merge in the others: written at their version,
        // refused again if it moved meanwhile.
        case let .keepMine(edit, theirs): return .updatePin(edit.keepingMine(over: theirs))
        // The edit, as a pin of its own created now (the deleted pin's time went with it).
        case .addAsNew(var mine):
            mine.createdAt = nil
            return .addPin(mine)
        }
    }

    /// The store write a cancel carries out, if any: "take theirs" writes theirs where both
    /// changed and mine where only I did (the pop-up listed those as merged), at their
    /// version; nil when I changed nothing they did not (theirs stays, nothing written).
    var cancelEffect: Effect? {
        guard case let .keepMine(edit, theirs) = self else { return nil }
        return edit.takingTheirs(over: theirs).map { .updatePin($0) }
    }
}
