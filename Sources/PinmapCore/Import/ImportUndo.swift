import Foundation
import Frame
import PinModel

/// An import as the Settings tab lists it (newest first), with what undoing it needs.
public struct ImportRow: Sendable, Equatable {
    public var id: Int64
    /// The imported file's name (the sample pins' label in the UI's language).
    public var name: String
    /// The row as drawn: `#2  2026-12-06T00:12  45 pins  pins-seoul.csv`.
    public var line: String
    /// Pins of the import still in the store (what undoing it removes).
    public var pins: Int
    public init(id: Int64, name: String, line: String, pins: Int) {
        self.id = id; self.name = name; self.line = line; self.pins = pins
    }

    /// A recent import as Settings lists it, worded in the UI's language, its id right-aligned
    /// to `idDigits` and its count to `countWidth` cells (`SettingsView.batchLine`).
    init(batch b: RecentImport, idDigits: Int, countWidth: Int) {
        self.init(id: b.id, name: SettingsView.batchName(b),
                  line: SettingsView.batchLine(b, idDigits: idDigits, countWidth: countWidth), pins: b.pinsLeft)
    }
}

/// How undoing an import ended (`AppEvent.Import.undone`), as `pinmap undo-import` ends.
public enum UndoImportOutcome: Sendable, Equatable {
    /// The batch and its pins are gone.
    case removed(pins: Int)
    /// Pins of the batch were edited or commented since: nothing removed (the CLI's
    /// `--force` is not offered in the app).
    case refused(changed: Int)
    /// There is no such batch (undone elsewhere).
    case missing
    /// The store's failure.
    case failed(StoreError)
}

/// Undoing an import from the app: an import row on the Settings tab, or the Import tab's
/// last result, asks with the confirm pop-up; the runtime undoes it (`Effect.undoImport`)
/// and the outcome comes back as `AppEvent.Import.undone`.
extension AppState {
    /// The most import rows the Settings tab lists (it scrolls); an older one is undone with
    /// `pinmap undo-import`, as a row under them says (`StoreInfo.olderImports`).
    public static let importRowsShown = 10

    /// The import rows the Settings tab shows, their ids and counts in columns as wide as the
    /// widest shown (so the dates and the file names each start in one column).
    var importRowsShown: [ImportRow] {
        let shown = storeInfo.batches.prefix(Self.importRowsShown)
        let idDigits = shown.map { String($0.id).count }.max() ?? 0
        let countWidth = shown.map { DisplayWidth.of(SettingsView.batchCount($0)) }.max() ?? 0
        return shown.map { ImportRow(batch: $0, idDigits: idDigits, countWidth: countWidth) }
    }

    /// Asks whether to undo `row` (the pop-up; nothing happens before its answer).
    mutating func confirmUndoImport(_ row: ImportRow, now: Double) {
        var row = row
        // The Import tab's result knows the pins as imported; the Settings tab's last read
        // knows those left (some may have been deleted since), which an undo removes.
        if let read = storeInfo.batches.first(where: { $0.id == row.id }) { row.pins = read.pinsLeft }
        let popup = ConfirmPopup(.undoImport(row))
        presentEditing(.confirm(popup), height: popup.preferredHeight(cols: layout.cols),
                       dim: ConfirmPopup.dim, duration: ConfirmPopup.duration, now: now)
    }

    /// Keys on a Settings import row (`settingsTab.importCursor`): ↑↓ move, Enter, Space, `u`
    /// or Delete ask to undo it. Returns false for the keys of the rest of the tab.
    mutating func handleSettingsImportRow(key: Key, now: Double) -> Bool {
        let rows = importRowsShown
        guard let i = settingsTab.importCursor, rows.indices.contains(i) else { settingsTab.importCursor = nil; return false }
        switch key {
        case .down, .char("j"):
            if i + 1 < rows.count { settingsTab.importCursor = i + 1 } else { settingsTab.importCursor = nil; settingsTab.cursor = 0 }
        case .up, .char("k"): settingsTab.importCursor = max(0, i - 1)
        case .enter, .char(" "), .char("u"), .delete, .backspace: confirmUndoImport(rows[i], now: now)
        default: return false
        }
        return true
    }

    /// How an undo ended: the map, the list and the Settings tab read again; a refusal or a
    /// failure is a notice to read, a removal a toast.
    mutating func receive(undoOf row: ImportRow, _ outcome: UndoImportOutcome, now: Double, _ fx: inout Effects) {
        switch outcome {
        case .removed(let pins):
            notify(S.noticeImportUndone.text, S.msgImportUndone(row.id, pins), success: true, now: now)
            noteAfterQuit(S.msgImportUndone(row.id, pins))
            if importTab.lastImport?.id == row.id {
                // The result no longer offers `u`: it says the import is gone.
                importTab.lastImport = nil
                importTab.summary = [S.msgImportUndone(row.id, pins)]
            }
            pinsChanged(inBulk: true, &fx)
            fx.requestView(list: true)
        case .refused(let changed):
            notify(S.noticeUndoRefused(row.id), S.noticeUndoRefusedText(changed, row.id), success: false, now: now)
            noteAfterQuit(S.noticeUndoRefusedText(changed, row.id))
        case .missing:
            feedback.message = S.msgImportGone(row.id)
            if importTab.lastImport?.id == row.id { importTab.lastImport = nil }
        case .failed(let reason):
            notify(S.noticeUndoFailed(row.id), S.storeError(reason), success: false, now: now)
            noteAfterQuit(S.noticeUndoFailed(row.id), failed: true)
        }
    }
}
