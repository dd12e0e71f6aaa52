import Foundation
import PinmapCore
import PinModel

/// The Import tab's effects: preview a file, then import it with progress, then index what
/// a large import left.
extension AppRunner {
    /// How many rows the preview shows.
    static let previewRows = 6

    /// Imports `path` in one transaction (`FileImporter.run`), repainting the progress bar
    /// through `onProgress`, indexes what a large file leaves for later, then hands the
    /// result to the core (a notice sheet). `pollStopKey` (q, Ctrl-C) stops the import
    /// while its rows are read: rolled back, nothing kept, and the key is not left for the
    /// indexing after it.
    func runImport(path: String) {
        let name = (path as NSString).lastPathComponent
        let now = state.clock
        feed(.importStarted, now: now)
        let box = ProgressBox(self)
        var stopped = false
        let poll = pollStopKey
        var result = importer.run(path, { done, total in box.update(total > 0 ? Double(done) / Double(total) : 1) },
                                  { stopped = stopped || poll?() == true; return stopped })
        if stopped, case .failure = result { return feed(.importStopped(name: name), now: now) }
        feed(.importProgress(nil), now: now)
        if case .success(var report) = result, report.pinsToIndex > 0 {
            if finishIndexingIfNeeded(now: now) == .done { report.pinsToIndex = 0 }
            result = .success(report)
        }
        feed(.importFinished(name: name, result), now: now)
    }

    /// Builds what a large import left for after its commit (`finishIndexing`: the
    /// search index, the map's clusters, the list's indexes), showing progress in the status
    /// line; then the map and list are read again. Runs when the UI opens, after an import
    /// here, and (with `indexesWhenNeeded`) when another process's import left work behind.
    /// `pollStopKey` (q, Ctrl-C, a quit signal) abandons it: nothing is lost, and it is not
    /// tried again in this session (`pinmap index` or the next start resumes it).
    @discardableResult
    public func finishIndexingIfNeeded(now: Double) -> IndexingOutcome {
        guard !indexing, let backlog = try? store.indexBacklog(), !backlog.isEmpty else { return .nothingToDo }
        // Another pinmap's `import --index` is indexing the pins it just committed: not twice.
        if (try? store.indexingElsewhere()) == true {
            feed(.indexingProgress(S.idxElsewhere.text), now: now)
            return .nothingToDo
        }
        indexing = true
        defer { indexing = false }
        // The list and status line say what is going on (not "No pins yet", "0 of 0 pins").
        feed(.indexingStarted(pinCount: state.totalCount == 0 ? try? store.count() : nil), now: now)
        let label = (backlog.pins > 0 ? S.idxIndexing(backlog.pins) : S.idxRebuilding.text)
            + (pollStopKey == nil ? "" : S.idxQStops.text)
        let box = ProgressBox(self)
        box.message("\(label)…")
        var stopped = false
        let outcome: IndexingOutcome
        do {
            try store.finishIndexing(progress: { box.message("\(label): \(Int($0.fraction * 100))%") },
                                     shouldStop: pollStopKey.map { poll in { stopped = stopped || poll(); return stopped } })
            outcome = .done
        } catch {
            indexesWhenNeeded = false
            outcome = stopped ? .stopped : .failed(error.message)
        }
        // Stopped, nothing changed (rolled back): the view read before still holds, so the
        // reload it asks for is left to the caller's loads. At start-up the UI then quits at
        // once; it used to read the list first, seconds at a million pins without its index.
        if outcome == .stopped { feed(.indexingFinished(outcome), now: now) } else { apply(.indexingFinished(outcome), now: now) }
        return outcome
    }
}

/// Hands progress (reported on the importing thread, which is this one) to the core and
/// the runner's repaint hook without a Sendable capture of the runner.
final class ProgressBox: @unchecked Sendable {
    private let runner: AppRunner
    init(_ runner: AppRunner) { self.runner = runner }
    func update(_ fraction: Double) {
        runner.feed(.importProgress(fraction), now: runner.state.clock)
        runner.onProgress?()
    }
    /// Shows `text` in the status line and repaints.
    func message(_ text: String) {
        runner.feed(.indexingProgress(text), now: runner.state.clock)
        runner.onProgress?()
    }
}

extension AppRunner {
    /// Removes import `id` and its pins, refused when some were edited or commented since
    /// (`pinmap undo-import` without `--force`), as `Effect.undoImport` asks.
    func undoImport(_ id: Int64) -> UndoImportOutcome {
        do {
            let changed = try store.changedPins(inBatch: id)
            guard changed == 0 else { return .refused(changed: changed) }
            guard let removed = try store.undoImport(batchID: id) else { return .missing }
            return .removed(pins: removed)
        } catch {
            return .failed(error.message)
        }
    }
}
