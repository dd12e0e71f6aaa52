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
        state.importTab.preview = nil
        state.importTab.error = nil
        do {
            var scanner = try PinFileScanner.open(path: path)
            var rows: [String] = []
            while rows.count < AppRunner.previewRows, let event = try scanner.next() {
                switch event {
                case .pin(let p):
                    rows.append("\(p.title)  \(Self.degrees(p.latitude)), \(Self.degrees(p.longitude))  \(p.category)")
                case .rejected(let issues, _):
                    rows.append("✗ " + (issues.first.map { "line \($0.line): \($0.reason)" } ?? "rejected"))
                }
            }
            state.importTab.preview = ImportPreview(
                path: path, format: scanner.format.rawValue, encoding: scanner.encoding.label,
                delimiter: scanner.delimiterLabel, columns: scanner.columnsUsed, rows: rows, size: scanner.size)
        } catch {
            state.importTab.error = "\(error)"
        }
    }

    /// Imports `path` in one transaction, calling `onProgress` so the terminal
    /// can repaint the bar, then shows the result in a notice sheet.
    func runImport(path: String, now: Double) {
        let name = (path as NSString).lastPathComponent
        state.importTab.progress = 0
        let box = ProgressBox(self)
        do {
            let report = try Importer.run(path: path, store: store, progress: { done, total in
                box.update(total > 0 ? Double(done) / Double(total) : 1)
            })
            state.importTab.progress = nil
            state.importTab.summary = ImportReportFormatter.summary(report).components(separatedBy: "\n")
            state.importTab.preview = nil
            state.notify("Import finished",
                         "Importing “\(name)” succeeded :) \(report.imported) added, \(report.duplicates) duplicates, \(report.rejected) rejected",
                         success: true, now: now)
        } catch {
            state.importTab.progress = nil
            state.importTab.error = "\(error)"
            state.notify("Import failed", "Importing “\(name)” failed :( \(error)", success: false, now: now)
        }
        state.needsReload = true
        state.timeline.needsReload = true
        finishIndexingIfNeeded(now: now)
    }

    /// Builds what a large import left for after its commit (`Store.finishIndexing`: the
    /// search index, the map's clusters, the list's indexes), showing progress in the status
    /// line; then the map and list reload. Runs when the UI opens and after an import here.
    /// `shouldStop` (a quit signal) abandons it; nothing is lost, the next start resumes it.
    public func finishIndexingIfNeeded(now: Double, shouldStop: (() -> Bool)? = nil) {
        guard let backlog = try? store.indexBacklog(), !backlog.isEmpty else { return }
        let label = (backlog.pins > 0 ? "Indexing \(backlog.pins) new pins" : "Rebuilding indexes")
            + (shouldStop == nil ? "" : " (q stops)")
        let box = ProgressBox(self)
        box.message("\(label)…")
        do {
            try store.finishIndexing(progress: { box.message("\(label): \(Int($0.fraction * 100))%") }, shouldStop: shouldStop)
            state.message = nil
        } catch {
            state.message = nil
            if shouldStop?() == true { return }
            state.notify("Indexing failed",
                         "Search and the map may miss new pins until `pinmap index` succeeds: \(error.message)",
                         success: false, now: now)
        }
        state.needsReload = true
        state.timeline.needsReload = true
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
