import Foundation
import PinmapCore
import PinModel

/// The Import tab's long jobs, on the write lane: import a file with progress, then index
/// what a large import left. Both stop when the job is cancelled (`Effect.cancel`).
extension EffectPerformer {
    /// Imports `path` in one transaction (`FileImporter.run`), posting progress as numbers,
    /// indexes what a large file leaves for later, then posts the result (a notice). A
    /// cancel while the rows are read rolls the import back: nothing kept
    /// (`AppEvent.Import.stopped`); once they are read, the import commits.
    func runImport(path: String, store: any PinRepository, _ job: JobContext) {
        let name = (path as NSString).lastPathComponent
        job.post(.importer(.started(name: name)))
        let progress = ProgressThrottle()
        var result = importer.run(path, store, { done, total in
            if progress.changed(total > 0 ? Int(done * 100 / total) : 100) { job.post(.importer(.progress(bytes: done, of: total))) }
        }, { job.isCancelled() })
        if job.isCancelled(), case .failure = result { return job.post(.importer(.stopped(name: name))) }
        job.post(.importer(.written))
        if case .success(var report) = result, report.pinsToIndex > 0 {
            if finishIndexing(store: store, job) == .done { report.pinsToIndex = 0 }
            result = .success(report)
        }
        job.post(.importer(.finished(name: name, result)))
    }

    /// Builds what a large import left for after its commit (`finishIndexing`: the search
    /// index, the map's clusters, the list's indexes), posting progress. Asked for when the
    /// UI opens, after an import here, and when a view read finds what another process's
    /// import left. A cancel abandons it: nothing is lost (`pinmap index` or the next start
    /// resumes it).
    @discardableResult
    func finishIndexing(store: any PinRepository, _ job: JobContext) -> IndexingOutcome {
        guard let backlog = try? store.indexBacklog(), !backlog.isEmpty else {
            job.post(.indexing(.finished(.nothingToDo)))
            return .nothingToDo
        }
        // Another pinmap's `import --index` is indexing the pins it just committed: not twice.
        if (try? store.indexingElsewhere()) == true {
            job.post(.indexing(.finished(.elsewhere)))
            return .elsewhere
        }
        job.post(.indexing(.started(pinCount: try? store.count(), newPins: backlog.pins)))
        let progress = ProgressThrottle()
        let outcome: IndexingOutcome
        do {
            try store.finishIndexing(progress: { p in
                if progress.changed(Int(p.fraction * 100)) { job.post(.indexing(.progress(fraction: p.fraction))) }
            }, shouldStop: { job.isCancelled() })
            outcome = .done
        } catch {
            outcome = job.isCancelled() ? .stopped : .failed(error)
        }
        job.post(.indexing(.finished(outcome)))
        return outcome
    }
}

/// Lets progress through once per whole percent (a million rows post a hundred events).
final class ProgressThrottle: @unchecked Sendable {
    private var last = -1
    /// Whether `percent` differs from the last one let through (and lets it through).
    func changed(_ percent: Int) -> Bool {
        guard percent != last else { return false }
        last = percent
        return true
    }
}

extension EffectPerformer {
    /// Removes import `id` and its pins, refused when some were edited or commented since
    /// (`pinmap undo-import` without `--force`), as `Effect.undoImport` asks.
    static func undoImport(_ id: Int64, store: any PinRepository) -> UndoImportOutcome {
        do {
            let changed = try store.changedPins(inBatch: id)
            guard changed == 0 else { return .refused(changed: changed) }
            guard let removed = try store.undoImport(batchID: id) else { return .missing }
            return .removed(pins: removed)
        } catch {
            return .failed(error)
        }
    }
}
