import Foundation
import GeoMap
import PinModel
import Sheet

/// The outcomes of effects, applied to the state: what the runtime read or wrote comes
/// back as an `AppEvent` and only `update` changes the state with it.
extension AppState {
    mutating func receiveResult(_ event: AppEvent, now: Double, _ fx: inout Effects) {
        switch event {
        case .store(.opened(let settings, let today)):
            restore(settings: settings)
            persistence.persisted.storeOpened = true
            startTimeline(newestPinDay: nil, today: today)
            fx.add(.restartTimeline)
            // The last view of this store, else its pins fitted (none: the world, `pinsBounds`).
            if let view = settings[SettingKey.mapView].flatMap(LastView.init(text:)) { reopen(view, &fx) }
            else { fitQuietly(&fx) }
            fx.requestView(list: true)
        case .view(.loaded(let data)):
            // Markers older than those shown are dropped; newer ones are shown even while a
            // still newer read is on its way (a map panned on is never left blank). A list is
            // dropped only when a newer list was asked for (`loads.listGeneration`).
            let markers = data.generation >= loads.shownViewGeneration
            let list = data.list && data.generation >= loads.listGeneration
            guard markers || list else { return }
            if markers { loads.shownViewGeneration = data.generation }
            if list && data.view != nil { loads.shownListGeneration = data.generation }
            receive(view: data, markers: markers, list: list)
            if list { followDetailPin() }  // Update+Pins.swift
            if markers, data.view != nil, let answer = data.place, answer.probe == search.placeArrival?.probe {
                continueArrival(ownPin: answer.ownPin, &fx)  // PlaceArrival.swift
            }
            if markers, data.view != nil { checkReopenedView(&fx) }  // LastView.swift
            if let backlog = data.indexBacklog, markers {
                // Whoever indexes (this pinmap or `pinmap index`), the list waits for it.
                loads.indexingBacklog = backlog || isIndexing
                if backlog, !loads.indexingDeclined, loads.job == nil { fx.add(.finishIndexing) }
            }
        case .view(.listRowsLoaded(let query, let rows)): receive(listRows: rows, of: query, &fx)
        case .timeline(.loaded(let request, let result)):
            guard request == timelineRequest else { return }  // a day left since: read again
            switch result {
            case .success(let day): timeline.show(day, readFor: request)
            case .failure(let e):
                readFailed(e)
                timeline.readFailed(request)  // what was read of its month and day stays
            }
            timeline.isStale = false
        case .timeline(.restarted(let newestPinDay, let today)): startTimeline(newestPinDay: newestPinDay, today: today)
        case .store(.infoLoaded(let info, let failure?)):
            (storeInfo.path, storeInfo.isServer) = (info.path, info.isServer)
            readFailed(failure)  // the last facts read stay
        case .store(.infoLoaded(let info, nil)):
            storeInfo = info
            storeInfoRead = true
            if let i = settingsTab.importCursor, i >= importRowsShown.count {
                settingsTab.importCursor = importRowsShown.isEmpty ? nil : importRowsShown.count - 1
            }
        case .importer(.undoStarted(let row)): loads.job = .undoingImport(id: row.id, name: row.name)
        case .importer(.undone(let row, let outcome)):
            if case .undoingImport? = loads.job { loads.job = nil }
            receive(undoOf: row, outcome, now: now, &fx)  // ImportUndo.swift
        case .store(.failed(let e)):
            readFailed(e)
            loads.shownListGeneration = loads.listGeneration  // a failed read: no list is on its way
        case .store(.changedElsewhere(let change)):
            let reconnected = feedback.storeUnreachable
            if reconnected {
                feedback.message = S.chReconnected.text
                tellDetailReconnected()  // Update+Pins.swift
                resaveSettings(&fx)  // Settings.swift
            } else { tellChangedElsewhere(change, now: now) }
            feedback.storeUnreachable = false
            feedback.storeRefusal = nil
            fx.requestView(list: true)
            pinsChanged(inBulk: false, &fx)
            if Self.mayHoldNewestPin(change) { reopenTimelineOffScreen(&fx) }
            reloadDetailComments(after: change, reconnected: reconnected, &fx)  // Update+Pins.swift
        case .store(.unreachable(let e)):
            feedback.storeUnreachable = true
            feedback.storeRefusal = e.loginRefusal
            feedback.message = feedback.reconnectingText
        // The last view is only the view: a role that may not save it (a reader) is not told.
        case .store(.settingNotSaved(let key, let e)):
            if !PersonalSettingKey.view.contains(key) { feedback.message = S.msgSettingNotSaved(e) }
            settingNotSaved(key: key, e)  // Settings.swift
        case .store(.samplesLoaded(let result, let firstRun)):
            switch result {
            case .success(let n):
                feedback.message = n > 0 ? S.msgLoadedSamples(n) : S.msgSamplesPresent.text
                // The sample pins fitted above the sheet, as `F` would (quietly: the message says what came).
                fitQuietly(&fx)
                // Only on a new store is it the first run (P later says just how many it loaded):
                // a toast that fades like the others, saying how to remove them.
                if firstRun && n > 0 {
                    feedback.message = nil
                    notify(S.msgLoadedSamples(n), S.msgLoadedSamplesFirstRun(n), success: true, now: now)
                }
            case .failure(let e): feedback.message = S.msgSamplesFailed(e)
            }
            pinsChanged(inBulk: true, &fx)
        case .view(.pinsBounds(let box, let announce)):
            // A fit the app asked for itself, made stale by the user's own move: dropped (QuietFit.swift).
            guard announce || quietFitStillWanted else { return }
            let before = map.viewport
            defer { if !announce { noteAppMovedMap(from: before) } }
            guard let box else {
                if announce { feedback.message = S.msgNoPinsToFit.text } else { fitWorld(&fx) }
                return
            }
            fitAnchored(box) { $0.fitInVisibleMap(box, margin: true, &fx) }
            fx.requestView(list: true)
            guard announce else { return }
            feedback.message = !search.text.isEmpty ? S.msgFittedFound.text
                : map.categoryFilter == nil ? S.msgFitted.text : S.msgFittedFiltered.text
        case .pins(.written(let outcome)):
            receive(write: outcome, now: now, &fx)  // Update+PinResults.swift
            // After q the form or notice that says so is gone with the UI: the terminal says it.
            if let e = outcome.failure { noteAfterQuit(S.quitNotSaved(S.storeError(e)), failed: true) }
            // A new pin is the newest: the Timeline opens on its month, as after an import.
            if case .added = outcome { pinsChanged(inBulk: true, &fx) } else { pinsChanged(inBulk: false, &fx) }
        case .pins(.commentsLoaded(let pinID, let result, let change)): receive(comments: result, of: pinID, after: change)
        case .pins(.propertiesLoaded(let pinID, let properties)):
            guard case .detail(var detail)? = feedback.modal?.content, detail.pin.id == pinID else { return }
            detail.properties = properties
            feedback.modal?.content = .detail(detail)
        case .importer(.previewed(let result)):
            receive(preview: result)  // Update+PinResults.swift
            requestImportFolderIfNeeded(&fx)  // a folder's path opened that folder
        case .importer(.started(let name)):
            importTab.progress = 0
            loads.job = .importing(name: name, bytes: 0, of: 0)
        case .importer(.progress(let bytes, let total)):
            importTab.progress = total > 0 ? min(1, Double(bytes) / Double(total)) : 1
            if case .importing(let name, _, _)? = loads.job { loads.job = .importing(name: name, bytes: bytes, of: total) }
        case .importer(.written):
            // Committed: the new pins are on the map now (the cell tree), while what the
            // import left (search, the list's indexes) is indexed after it.
            importTab.progress = nil
            importTab.indexingCommitted = true
            fx.requestView(list: true)
        case .importer(.stopped(let name)):
            importTab.progress = nil
            importTab.indexingCommitted = false
            loads.job = nil
            noteAfterQuit(S.importStoppedText(name))
            importTab.error = S.importStoppedText(TextWrap.middle(name, to: 32))
            // A notice to dismiss, not a toast: the clock here is the import's start, and a
            // toast that old would be gone at the next tick.
            notify(S.noticeImportStopped.text, S.importStoppedText(TextWrap.middle(name, to: 32)),
                   success: false, now: now)
        case .importer(.finished(let name, let result)):
            importTab.progress = nil
            importTab.indexingCommitted = false
            loads.job = nil
            endImportPathEditing()  // the result takes the tab (a path field would list files over it)
            receive(importOf: name, result, now: now, &fx)  // Update+PinResults.swift
            noteAfterQuit(quitNote(importOf: name, result), failed: (try? result.get()) == nil)
            pinsChanged(inBulk: true, &fx)
        case .indexing(.started(let pinCount, let newPins)):
            loads.indexingBacklog = true
            loads.job = .indexing(pins: newPins, fraction: 0)
            if list.totalCount == 0, let pinCount { list.totalCount = pinCount }
        case .indexing(.progress(let fraction)):
            if case .indexing(let pins, _)? = loads.job { loads.job = .indexing(pins: pins, fraction: fraction) }
        case .indexing(.finished(let outcome)):
            if case .indexing? = loads.job { loads.job = nil }
            switch outcome {
            case .nothingToDo:
                // Asked after a read that still saw the backlog: the list need wait no more.
                if loads.indexingBacklog { loads.indexingBacklog = false; fx.requestView(list: true) }
                return
            case .elsewhere:
                // Said once: view reads do not ask again this session (the other process's
                // work is done when it ends; the next start resumes a killed one).
                feedback.message = S.idxElsewhere.text
                loads.indexingDeclined = true
                return
            case .done: noteAfterQuit(S.quitIndexed.text)
            case .stopped:
                feedback.message = S.msgIndexingStopped.text
                loads.indexingDeclined = true
                noteAfterQuit(S.msgIndexingStopped.text)
            case .failed(let reason):
                loads.indexingDeclined = true
                noteAfterQuit(S.noticeIndexingFailedText(S.storeError(reason)), failed: true)
                notify(S.noticeIndexingFailed.text, S.noticeIndexingFailedText(S.storeError(reason)), success: false, now: now)
            }
            loads.indexingBacklog = false
            fx.requestView(list: true)
            timeline.isStale = true
        case .export(.started): loads.job = .exporting
        case .export(.finished(let outcome)):
            loads.job = nil
            let said: String
            switch outcome {
            case let .written(count, path): said = S.stExported(count, path)
            case let .noFile(path, reason): said = S.stExportNoFile(path, reason)
            case let .notWritten(path, reason): said = S.stExportNotWritten(path, reason)
            case let .failed(text): said = S.stExportFailed(text)
            }
            feedback.message = said
            // After q the status line is gone with the UI: the terminal says where the file went
            // (or why none was written), as it does for an import or an undo.
            if case .written = outcome { noteAfterQuit(said) } else { noteAfterQuit(said, failed: true) }
        case .view(.showDetent(let detent)):
            let reduced = sheet.reducedMotion
            sheet.reducedMotion = true
            sheet.move(to: sheet.layout.resolve(detent), time: 0)
            sheet.reducedMotion = reduced
            fx.requestView(list: true)
        case .view(.reload(let list)): fx.requestView(list: list)
        case .search(.placeIndexReady):
            search.place.indexReady = true
            if search.place.matchesPending {
                if let field = search.field { updatePlaceMatches(field.text) } else { search.place.matchesPending = false }
            }
        case .showTab(let t): tab = t
        case .closing: persistViewIfChanged(&fx)  // LastView.swift
        case .view(.showViewport(let v)):
            map.viewport = v
            fx.requestView(list: true)
        case .view(.readsBeforePaint): break  // `apply` takes it
        case .view(.showPlace(let match)):
            fly(to: match, &fx)
            feedback.message = nil
        case .input, .tick, .terminate, .search(.finished), .importer(.folderListed): break
        }
    }

    /// A read failed (the map's view, the Timeline's day, the Settings tab's facts): what
    /// was read before stays on screen. While the server is away the failure is that
    /// outage: "reconnecting…" stays, and the watcher's reconnection reads everything again.
    private mutating func readFailed(_ e: StoreError) {
        feedback.message = feedback.storeUnreachable ? feedback.reconnectingText : S.msgStoreError(e, reading: true)
    }

    /// The settings saved in the store, over the initial state's.
    private mutating func restore(settings: [String: String]) {
        if let d = settings[SettingKey.detent].flatMap(Detent.init(rawValue:)) {
            sheet.move(to: sheet.layout.resolve(d), time: 0)
            sheet.tick(time: 1_000)
        }
        if let s = settings[SettingKey.sensitivity].flatMap(Double.init) { sheet.sensitivity = s }
        if let r = settings[SettingKey.reducedMotion] { sheet.reducedMotion = r == "1" }
        if let m = settings[SettingKey.mapMode] { presentation.ascii = presentation.ascii || m == "ascii" }
        if let c = settings[SettingKey.color], c == "0" { presentation.color = false }
        if let p = settings[SettingKey.placeNames] { presentation.placeLanguage = p == "ko" ? .korean : .english }
        if let t = settings[SettingKey.tab].flatMap(Tab.init(name:)) { tab = t; persistence.persisted.tab = t.name }
    }

    /// Opens the Timeline at the day of the newest pin (`2026-12-01`), or at `today`.
    private mutating func startTimeline(newestPinDay: String?, today: Date) {
        let reads = timeline.reads  // what was read stays for a read that fails
        defer { timeline.reads = reads }
        let parts = (newestPinDay ?? "").split(separator: "-").compactMap { Int($0) }
        if parts.count == 3 {
            timeline = TimelineState(year: parts[0], month: parts[1], day: parts[2])
        } else {
            timeline = TimelineState(year: 2000, month: 1, day: 1)
            timeline.set(today)
        }
    }

    /// True when `change` may have brought a pin newer than any before: pins added, or
    /// an uncounted change (which pins is not known).
    static func mayHoldNewestPin(_ change: StoreChange) -> Bool { change.added > 0 || !change.counted }

    /// Pins came from elsewhere: the Timeline opens on the newest pin's month again, as a
    /// fresh start or this UI's own add opens it, unless it is on screen (the month being
    /// read stays; its counts and pins are read again, `pinsChanged`).
    private mutating func reopenTimelineOffScreen(_ fx: inout Effects) {
        if tab != .timeline { fx.add(.restartTimeline) }
    }

    /// Pins were written: the Timeline and the search's matches are read again; pins in
    /// bulk (samples, an import) open the Timeline on the newest one's month again.
    mutating func pinsChanged(inBulk: Bool, _ fx: inout Effects) {
        timeline.isStale = true
        if !search.text.isEmpty {
            search.generation += 1
            fx.add(.search(text: search.text, generation: search.generation))
        }
        if inBulk { fx.add(.restartTimeline) }
    }

    /// More rows of the list (`Effect.loadListRows`), then the selection that waited for them.
    private mutating func receive(listRows rows: [Pin], of query: PinQuery, _ fx: inout Effects) {
        guard query == list.source else { return }  // the list was read again since
        let count = list.count
        list.pins = rows
        list.unloaded = max(0, count - rows.count)
        if list.readAll, let id = list.selectedID {
            if let i = list.pins.firstIndex(where: { $0.id == id }) {
                list.cursor = i
                scrollToCursor()
            } else if list.unloaded == 0, list.followingSelection, list.autoSelectedID != id {
                followSelection(&fx)  // the whole list lacks it: gone
            }
        }
        list.readAll = false
        list.followingSelection = false
        if let index = list.pendingIndex {
            list.pendingIndex = nil
            select(index: min(index, list.pins.count - 1), &fx)
        }
        clampList()
    }

    /// The markers and counts (when `markers`) and the list (when `list`) the runtime read
    /// for the view.
    private mutating func receive(view data: ViewData, markers newMarkers: Bool, list newList: Bool) {
        if newMarkers {
            list.totalCount = data.totals.total
            map.categoryNames = data.totals.categories.map(\.name)
            map.categoryCounts = data.totals.categories.map { CategoryCount(name: $0.name, count: $0.count) }
            // Pins without a category get the last row (name ""), so a filter can keep or hide them too.
            if data.totals.uncategorized > 0 { map.categoryCounts.append(CategoryCount(name: "", count: data.totals.uncategorized)) }
        }
        if let part = data.view {
            if newMarkers {
                map.markers = part.markers
                list.inViewCount = part.inView
                list.inViewApproximate = part.approximate
            }
            if newList, let listed = part.listed {
                self.list.pins = listed
                list.unloaded = max(0, (part.listCount ?? listed.count) - listed.count)
                list.source = part.listQuery
                // The header's count and "N more elsewhere" count the same view, the list's:
                // a selection's re-centring reads no list and changes neither (they add up).
                list.view = (part.inView, part.approximate)
                if let elsewhere = part.elsewhere { search.elsewhere = elsewhere }
                list.pendingIndex = nil
                list.readAll = false
                list.followingSelection = false
            }
        }
        if newMarkers, let sel = data.selectedMarker { map.markers.append(sel) }
        if newList { placeNewList() }
    }

    /// Whether `data` is the read whose list is shown now (the cursor then follows it).
    func showsList(of data: ViewData) -> Bool {
        data.list && data.view != nil && data.generation == loads.shownListGeneration
    }

    /// A list read was asked for and its answer is not shown yet.
    var listReadPending: Bool { loads.shownListGeneration < loads.listGeneration }

    /// A list read for a new view keeps no scroll past its rows (a scroll kept from a longer
    /// list left blank rows under a count of 17): with the selected pin listed, the scroll
    /// stays where it was unless rows would be left blank; without it, the list shows its
    /// top (the newest pin in view).
    /// A pin shown from the Timeline (`ListState.revealSelection`) is scrolled to, or read on for.
    private mutating func placeNewList() {
        let reveal = list.revealSelection
        list.revealSelection = false
        if let id = list.selectedID, let i = list.pins.firstIndex(where: { $0.id == id }) {
            list.cursor = i
            clampList()
            if reveal { scrollToCursor() }
            list.scroll = min(list.scroll, max(0, list.count - max(1, visibleListRows)))
        } else {
            // Past the rows read: they are read through it (`receive(listRows:)` scrolls to it).
            if reveal, list.selectedID != nil, list.unloaded > 0 { list.readAll = true }
            clampList()
            list.scroll = 0
        }
    }
}
