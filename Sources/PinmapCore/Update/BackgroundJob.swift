import PinModel

/// The long job the write worker runs (an import, indexing what a large import left, an
/// export), as the status line shows it while the map, the list and the other tabs stay
/// usable. Set and cleared only by the job's events; its words are the string tables'.
public enum BackgroundJob: Sendable, Equatable {
    /// Importing the file `name`: `bytes` of `of` read; once all are read, the map's index
    /// is written and the transaction commits (it cannot stop then).
    case importing(name: String, bytes: Int64, of: Int64)
    /// Indexing what a large import left: `pins` new pins (0: indexes rebuilt), `fraction` 0…1 done.
    case indexing(pins: Int, fraction: Double)
    case exporting
    /// Removing import `id` (the file `name`) and its pins; it cannot stop.
    case undoingImport(id: Int64, name: String)
}

extension AppState {
    /// The job's line for the status line while no message is shown (nil: no job, or the
    /// Import tab's own bar shows it).
    public var jobStatus: String? {
        switch loads.job {
        case nil: return nil
        case let .importing(name, bytes, total):
            if tab == .importer { return nil }
            let file = TextWrap.middle(name, to: 32)
            if total > 0 && bytes >= total { return S.jobImportCommitting(file) }
            return S.jobImporting(file, total > 0 ? Int(Double(bytes) * 100 / Double(total)) : 0)
        case let .indexing(pins, fraction):
            let label = pins > 0 ? S.idxIndexing(pins) : S.idxRebuilding.text
            return "\(label): \(Int(fraction * 100))%" + S.idxQStops.text
        case .exporting: return S.stExporting.text
        case let .undoingImport(id, name): return S.jobUndoingImport(id, TextWrap.middle(name, to: 32))
        }
    }

    /// Why the list is empty while a large import's pins wait for indexing (they are on the
    /// map, not yet in the list's index): this pinmap's indexing (q stops it) or another's.
    /// Nil when the list is not waiting.
    public var listWaitingText: String? {
        guard loads.indexingBacklog, list.pins.isEmpty else { return nil }
        return isIndexing ? S.listIndexing.text : S.listIndexingElsewhere.text
    }

    /// True while this pinmap indexes what a large import left.
    var isIndexing: Bool {
        if case .indexing? = loads.job { return true }
        return false
    }

    /// True while an import runs (from the Enter that starts it until its notice).
    public var isImporting: Bool { importTab.progress != nil }

    /// The user quit (q, Ctrl-C): a long job is stopped (`Effect.cancel`: an import or
    /// indexing rolls back, nothing is lost); the writes already asked for are finished by
    /// the runtime before it exits, and `quitNotes` says how the job ended.
    mutating func stopJobOnQuit(_ fx: inout Effects) {
        if loads.job != nil || isImporting { fx.add(.cancel) }
    }

    /// What the terminal says while a job `q` stopped still ends (the UI is gone): an import's
    /// commit cannot stop (seconds at a million pins), an import still reading or indexing
    /// rolls back. Nil when no long job runs.
    public var quitWaitText: String? {
        switch loads.job {
        case let .importing(name, bytes, total)? where total > 0 && bytes >= total:
            return S.quitWaitCommit(TextWrap.middle(name, to: 32))
        case .importing?, .indexing?: return S.quitWaitRollback.text
        case .exporting?, .undoingImport?: return S.quitWaitWrites.text
        case nil: return isImporting ? S.quitWaitRollback.text : nil
        }
    }

    /// What the terminal says while writes still end after `q`: the job's words
    /// (`quitWaitText`), else that the writes under way are finished first.
    public var quitWaitingText: String { quitWaitText ?? S.quitWaitWrites.text }

    /// What the terminal says when Pinmap quit without a write's answer: the store stopped
    /// answering while it was under way.
    public var quitUnansweredText: String { S.quitUnanswered.text }

    /// A job's end that arrived after `q`: what the terminal prints once the UI is gone;
    /// `failed` when what it asked for was not done.
    mutating func noteAfterQuit(_ text: String, failed: Bool = false) {
        guard quit else { return }
        quitNotes.append(text)
        quitFailed = quitFailed || failed
    }
}

extension AppState {
    /// How an import that ended after `q` ended, in one line (its notice's words).
    func quitNote(importOf name: String, _ result: Result<ImportReport, ImportFailure>) -> String {
        switch result {
        case .success(let r): return ImportResultText.head(r, name: name)  // one wording per import summary
        case .failure(let e): return S.noticeImportFailedText(name, e.text)
        }
    }
}
