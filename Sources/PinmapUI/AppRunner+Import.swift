import Foundation
import PinImport
import PinStore

/// The Import tab's effects: preview a file, then import it with progress.
extension AppRunner {
    /// How many rows the preview shows.
    static let previewRows = 6

    /// Degrees with at most 6 decimals (≈ 0.1 m), trailing zeros dropped.
    static func degrees(_ v: Double) -> String {
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    func previewImport(path: String) {
        state.importTab.clearShownFile()
        do {
            var scanner = try PinFileScanner.open(path: path)
            var rows: [String] = []
            while rows.count < AppRunner.previewRows, let event = try scanner.next() {
                switch event {
                case .pin(let p):
                    rows.append("\(p.title)  \(Self.degrees(p.latitude)), \(Self.degrees(p.longitude))  \(p.category)")
                case .rejected(let issues, _):
                    rows.append("✗ " + (issues.first.map { S.irLine($0.line, ImportResultText.reason($0)) } ?? "rejected"))
                }
            }
            state.importTab.preview = ImportPreview(
                path: path, format: scanner.format.rawValue, encoding: scanner.encoding.label,
                delimiter: scanner.delimiterLabel, columns: scanner.columnsUsed, properties: scanner.propertyNames,
                rows: rows, size: scanner.size)
        } catch {
            state.importTab.error = ImportResultText.text(error)
        }
    }

    /// Imports `path` in one transaction, calling `onProgress` so the terminal
    /// can repaint the bar, indexes what a large file leaves for later, then
    /// shows the result in a notice sheet.
    func runImport(path: String, now: Double) {
        let name = (path as NSString).lastPathComponent
        state.importTab.clearShownFile()
        state.importTab.progress = 0
        let box = ProgressBox(self)
        do {
            var report = try Importer.run(path: path, store: store, progress: { done, total in
                box.update(total > 0 ? Double(done) / Double(total) : 1)
            })
            state.importTab.progress = nil
            if report.pinsToIndex > 0, finishIndexingIfNeeded(now: now) == .done { report.pinsToIndex = 0 }
            state.importTab.summary = ImportResultText.summary(report)
            state.importTab.preview = nil
            // Rejected rows are not a plain success: a warning toast; the tab lists every reason.
            let shown = TextWrap.middle(name, to: 32)
            state.notify(S.noticeImported.text,
                         report.rejected > 0 ? S.noticeImportedPartly(shown, report.imported, report.rejected, report.duplicates)
                                             : S.noticeImportedText(shown, report.imported, report.duplicates, report.rejected),
                         success: true, warning: report.rejected > 0, now: now)
        } catch {
            state.importTab.progress = nil
            state.importTab.error = ImportResultText.text(error)
            state.notify(S.noticeImportFailed.text, S.noticeImportFailedText(TextWrap.middle(name, to: 32), ImportResultText.text(error)),
                         success: false, now: now)
        }
        state.needsReload = true
        state.timeline.needsReload = true
    }

    /// How `finishIndexingIfNeeded` ended.
    public enum IndexingOutcome: Sendable, Equatable {
        case nothingToDo, done, stopped, failed
    }

    /// Builds what a large import left for after its commit (`Store.finishIndexing`: the
    /// search index, the map's clusters, the list's indexes), showing progress in the status
    /// line; then the map and list reload. Runs when the UI opens, after an import here, and
    /// (with `indexesWhenNeeded`) when another process's import left work behind.
    /// `pollStopKey` (q, Ctrl-C, a quit signal) abandons it: nothing is lost, and it is not
    /// tried again in this session (`pinmap index` or the next start resumes it).
    @discardableResult
    public func finishIndexingIfNeeded(now: Double) -> IndexingOutcome {
        guard !indexing, let backlog = try? store.indexBacklog(), !backlog.isEmpty else { return .nothingToDo }
        indexing = true
        // The list and status line say what is going on (not "No pins yet", "0 of 0 pins").
        state.indexingBacklog = true
        if state.totalCount == 0, let total = try? store.count() { state.totalCount = total }
        defer { indexing = false; state.indexingBacklog = false }
        let label = (backlog.pins > 0 ? S.idxIndexing(backlog.pins) : S.idxRebuilding.text)
            + (pollStopKey == nil ? "" : S.idxQStops.text)
        let box = ProgressBox(self)
        box.message("\(label)…")
        var stopped = false
        let outcome: IndexingOutcome
        do {
            try store.finishIndexing(progress: { box.message("\(label): \(Int($0.fraction * 100))%") },
                                     shouldStop: pollStopKey.map { poll in { stopped = stopped || poll(); return stopped } })
            state.message = nil
            outcome = .done
        } catch {
            indexesWhenNeeded = false
            if stopped {
                state.message = S.msgIndexingStopped.text
                outcome = .stopped
            } else {
                state.message = nil
                state.notify(S.noticeIndexingFailed.text, S.noticeIndexingFailedText(error.message),
                             success: false, now: now)
                outcome = .failed
            }
        }
        state.needsReload = true
        state.timeline.needsReload = true
        reloadIfNeeded()
        return outcome
    }
}

/// Hands import progress (reported on the importing thread, which is this
/// one) to the runner's progress hook without a Sendable capture of the runner.
private final class ProgressBox: @unchecked Sendable {
    private let runner: AppRunner
    init(_ runner: AppRunner) { self.runner = runner }
    func update(_ fraction: Double) {
        runner.state.importTab.progress = fraction
        runner.onProgress?()
    }
    /// Shows `text` in the status line and repaints.
    func message(_ text: String) {
        runner.state.message = text
        runner.onProgress?()
    }
}
