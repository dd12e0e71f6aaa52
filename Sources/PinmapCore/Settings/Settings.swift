import Foundation
import Frame
import PinModel
import GeoMap

/// Facts about the store for the Settings tab (loaded by the runner).
public struct StoreInfo: Sendable, Equatable {
    public var path: String = ""
    /// True when `path` names a server (`postgresql://user@host:port/database`, never a
    /// password) rather than a file.
    public var isServer = false
    /// File size in bytes (database plus write-ahead log).
    public var sizeBytes: Int64 = 0
    public var pinCount: Int = 0
    /// Recent import batches, newest first (at most `AppState.importRowsShown`).
    public var batches: [RecentImport] = []
    /// True when the store holds import batches older than `batches`.
    public var olderImports = false
    public init() {}
}

/// The Settings tab's rows that can be changed, in order.
public enum SettingRow: Int, CaseIterable, Sendable {
    case sensitivity, reducedMotion, mapMode, color, placeNames
    /// Not a setting: exports every pin (←/→ choose the format, Enter writes the file).
    case export
}

/// Drag sensitivities offered (× rows dragged), as in the SwiftUI seed design.
let sensitivitySteps: [Double] = [0.5, 1, 2]

extension AppState {
    /// Changes the setting on `row` one step (`forward` or back); returns the
    /// effect that persists it.
    mutating func changeSetting(_ row: SettingRow, forward: Bool) -> Effect? {
        switch row {
        case .sensitivity:
            let i = sensitivitySteps.firstIndex(of: sheet.sensitivity) ?? 1
            let n = sensitivitySteps.count
            let j = min(n - 1, max(0, i + (forward ? 1 : -1)))  // stops at the ends: × 2 never wraps to × 0.5
            if j == i { feedback.message = S.stSensitivityEnd(SettingsView.formatSensitivity(sheet.sensitivity)); return nil }
            sheet.sensitivity = sensitivitySteps[j]
        case .reducedMotion:
            sheet.reducedMotion.toggle()
        case .mapMode:
            // Braille in a non-UTF-8 locale would be `?`; the forced ASCII is not the user's choice: not saved.
            if presentation.ascii && !presentation.localeIsUTF8 { feedback.message = S.msgBrailleNeedsUTF8.text; return nil }
            presentation.ascii.toggle()
        case .color:
            if !presentation.colorAvailable { feedback.message = S.msgColourOff.text; return nil }
            presentation.color.toggle()
        case .placeNames:
            presentation.placeLanguage = presentation.placeLanguage == .english ? .korean : .english
            map.scene = nil
        case .export:
            let all = ExportFormat.allCases
            let i = all.firstIndex(of: settingsTab.exportFormat) ?? 0
            settingsTab.exportFormat = all[((i + (forward ? 1 : -1)) % all.count + all.count) % all.count]
        }
        return persisting(row)
    }

    /// The effect that saves the setting on `row` as it is now (nil for the export row, which
    /// is no setting): its key and how its value is written, in one place.
    func persisting(_ row: SettingRow) -> Effect? {
        switch row {
        case .sensitivity: .persist(key: SettingKey.sensitivity, value: String(sheet.sensitivity))
        case .reducedMotion: .persist(key: SettingKey.reducedMotion, value: sheet.reducedMotion ? "1" : "0")
        case .mapMode: .persist(key: SettingKey.mapMode, value: presentation.ascii ? "ascii" : "braille")
        case .color: .persist(key: SettingKey.color, value: presentation.color ? "1" : "0")
        case .placeNames: .persist(key: SettingKey.placeNames, value: presentation.placeLanguage == .korean ? "ko" : "en")
        case .export: nil
        }
    }

    /// A setting's save failed: one that failed because the store could not be reached is
    /// kept to be saved again once it is back (the UI already shows the change, and the
    /// status line, saying "reconnecting…", may have had no room for the failure).
    mutating func settingNotSaved(key: String, _ error: StoreError) {
        let row = SettingRow.allCases.first { row in
            if case .persist(let k, _)? = persisting(row) { k == key } else { false }
        }
        if let row, error.meansUnreachable { settingsTab.unsaved.insert(row) }
    }

    /// The store is back: the settings changed while it was away are saved, as they are now.
    mutating func resaveSettings(_ fx: inout Effects) {
        for row in settingsTab.unsaved.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let e = persisting(row) { fx.add(e) }
        }
        settingsTab.unsaved = []
    }

    /// Keys on the Settings tab; false when the key is not the tab's (the global bindings apply).
    mutating func handleSettings(key: Key, now: Double, _ fx: inout Effects) -> Bool {
        settingsTab.scrollHeld = nil  // keys scroll to follow the cursor
        if settingsTab.importCursor != nil { return handleSettingsImportRow(key: key, now: now) }  // ImportUndo.swift
        // A `where` guards only the pattern it follows: both keys need it.
        let reachesImports = settingsTab.cursor == 0 && !importRowsShown.isEmpty
        switch key {
        case .down, .char("j"): settingsTab.cursor = min(SettingRow.allCases.count - 1, settingsTab.cursor + 1)
        case .up where reachesImports, .char("k") where reachesImports:
            settingsTab.importCursor = importRowsShown.count - 1  // up to the imports above
        case .up, .char("k"): settingsTab.cursor = max(0, settingsTab.cursor - 1)
        case .enter where settingsTab.cursor == SettingRow.export.rawValue:
            fx.add(.exportPins(settingsTab.exportFormat))
        case .enter, .char(" "), .right, .char("l"):
            if let e = changeSetting(SettingRow(rawValue: settingsTab.cursor) ?? .sensitivity, forward: true) { fx.add(e) }
        case .left, .char("h"):
            if let e = changeSetting(SettingRow(rawValue: settingsTab.cursor) ?? .sensitivity, forward: false) { fx.add(e) }
        default: return false
        }
        return true
    }
}

/// Draws the Settings tab: store facts, the sheet and map settings, attributions. Long rows
/// wrap (a setting's value under its value column); when the rows do not fit above the key
/// hint they scroll so the cursor's row stays in view.
public enum SettingsView {
    /// One row of the tab: text, style, indent.
    private struct Row { var text: String; var style: Style; var indent: Int }

    static func draw(_ s: AppState, area: Rect, into screen: inout Screen, theme: Theme) {
        let (rows, _) = self.rows(s, area: area, theme: theme)
        let offset = scroll(s, area: area)
        var lines = TextLines(area: Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - 1)))
        for r in rows.dropFirst(offset) { lines.line(r.text, r.style, indent: r.indent, into: &screen) }
    }

    /// The tab's rows and the index of the cursor's row among them.
    private static func rows(_ s: AppState, area: Rect, theme: Theme) -> ([Row], Int) {
        var rows: [Row] = []
        let width = TextLines(area: area).width()
        func line(_ text: String, _ style: Style = .plain, indent: Int = 2) { rows.append(Row(text: text, style: style, indent: indent)) }
        func wrapped(_ text: String, _ style: Style) {
            for l in TextWrap.lines(text, width: width, ascii: s.presentation.ascii) { line(l, style) }
        }
        line(S.stStore.text, theme.title)
        storeNameLines(s, width: width).forEach { line($0) }
        // Never read (the store unreachable since the tab opened): not "0 B 0 pins, none yet".
        line(s.storeInfoRead ? S.stSize(formatBytes(s.storeInfo.sizeBytes), s.storeInfo.pinCount) : S.stSizeNotRead.text)
        line(S.stImports(!s.storeInfoRead ? S.stNotRead.text : s.storeInfo.batches.isEmpty ? S.stNoImports.text : ""))
        var cursor = rows.count
        // An import row is chosen like a setting (↑ from the first setting): Enter undoes it.
        for (i, b) in s.importRowsShown.enumerated() {
            let selected = s.settingsTab.importCursor == i
            if selected { cursor = rows.count }
            line((selected ? "▸ " : "  ") + b.line, selected ? theme.selectedRow : theme.muted, indent: 2)
        }
        if s.storeInfo.olderImports { line("  " + S.stOlderImports.text, theme.muted, indent: 2) }
        line("")
        line(S.stSettings.text, theme.title)
        let values: [(String, String)] = [
            (S.stSensitivity.text, S.stSensitivityValue(formatSensitivity(s.sheet.sensitivity))),
            (S.stReducedMotion.text, s.sheet.reducedMotion ? S.stReducedOn.text : S.stReducedOff.text),
            (S.stMapMode.text, s.presentation.ascii ? S.stMapASCII.text : S.stMapBraille.text),
            (S.stColour.text, s.presentation.colorAvailable ? (s.presentation.color ? S.stOn.text : S.stOff.text) : S.stColourUnavailable.text),
            (S.stPlaceNames.text, s.presentation.placeLanguage == .korean ? S.stPlaceKorean.text : S.stPlaceEnglish.text),
            // A server's store has no folder: the file goes into the current one.
            (S.stExport.text, exportFormats(s) + "  " + (s.storeInfo.isServer ? S.stExportHintServer : S.stExportHint).text),
        ]
        for (i, v) in values.enumerated() {
            let selected = s.settingsTab.importCursor == nil && i == s.settingsTab.cursor
            if selected { cursor = rows.count }
            // Export, the last row, wraps its long hint under its value column (so a click's
            // row still names its setting); the other values are short.
            let valueWidth = max(1, width - (valueColumn - 2))
            let valueLines = i == values.count - 1 && DisplayWidth.of(v.1) > valueWidth
                ? TextWrap.lines(v.1, width: valueWidth, ascii: s.presentation.ascii) : [v.1]
            for (j, value) in valueLines.enumerated() {
                let head = j == 0 ? (selected ? "▸ " : "  ") + DisplayWidth.pad(v.0, to: 18) : String(repeating: " ", count: 20)
                line(head + value, selected ? theme.selectedRow : .plain)
            }
        }
        line(S.stDetent(s.sheet.detent.label), theme.muted)
        line("")
        line(S.stData.text, theme.title)
        wrapped(S.stNaturalEarth.text, theme.muted)
        wrapped(S.stGeoNames.text, theme.muted)
        wrapped(S.stGSHHG.text, theme.muted)
        wrapped(S.stSamples.text, theme.muted)
        return (rows, cursor)
    }

    /// Rows scrolled off the top: none while everything fits above the key hint, else just
    /// enough to show the cursor's row and the one after it; on the last setting, to the end,
    /// so the rows below the settings (the data credits) can be reached.
    static func scroll(_ s: AppState, area: Rect) -> Int {
        let (rows, cursor) = self.rows(s, area: area, theme: Theme(color: false))
        let visible = max(1, area.height - 2)  // row 0 is the toast's, the last the key hint's
        guard rows.count > visible else { return 0 }
        let end = rows.count - visible
        // After a click the page stays put while the cursor's row is still in view.
        if let held = s.settingsTab.scrollHeld, (0...end).contains(held), (held..<held + visible).contains(cursor) { return held }
        if s.settingsTab.importCursor == nil && s.settingsTab.cursor == SettingRow.allCases.count - 1 { return min(end, cursor) }
        return max(0, min(cursor + 2 - visible, end))
    }

    /// The lines naming the store (`StoreNameLines`): one, or more for a server's long URI.
    private static func storeNameLines(_ s: AppState, width: Int) -> [String] {
        StoreNameLines.lines(s.storeInfo, width: width, ascii: s.presentation.ascii)
    }

    /// The screen row of the first changeable setting (`SettingRow` 0) in `area`: after
    /// the first row, the store's title, name (`storeNameLines`), size and "imports" lines, its
    /// import batches (up to `AppState.importRowsShown`, and a line naming older ones), a blank
    /// line and the title, less the rows scrolled off.
    public static func firstSettingRow(_ s: AppState, area: Rect) -> Int {
        firstImportRow(s, area: area) + s.importRowsShown.count + (s.storeInfo.olderImports ? 1 : 0) + 2
    }

    /// A recent import as the Settings tab lists it: `#3  2026-12-01T10:02  45 pins  places.csv`,
    /// or `0 of 2 pins left` once pins of it were deleted (what an undo would remove, as
    /// `pinmap imports` counts it; the bundled sample pins' batch named in the UI's language).
    /// A batch can also hold more pins than it imported: `pinmap copy` brings a pin of a batch
    /// the store has already (the same file and time) into it, an edited one beside the
    /// original. Then `45 imported, 46 now in it` (not "46 of 45 pins left").
    /// `idDigits`: the digits of the widest id listed with it; a shorter id is right-aligned
    /// to it (` #9` under `#10`), so the dates and counts of every row line up. Every
    /// language's line starts with `#` and the id, so the spaces go before it.
    /// `countWidth`: the display width of the widest count listed with it (`batchCount`);
    /// a narrower one is right-aligned to it (`   1 pin` over `5000 pins`, `핀 1개` two cells a
    /// syllable), so every row's file name starts in one column.
    public static func batchLine(_ b: RecentImport, idDigits: Int = 0, countWidth: Int = 0) -> String {
        let pad = String(repeating: " ", count: max(0, idDigits - String(b.id).count))
        let count = batchCount(b)
        let countPad = String(repeating: " ", count: max(0, countWidth - DisplayWidth.of(count)))
        return pad + S.stBatch(b.id, b.importedAt.prefix(16), countPad + count, batchName(b))
    }

    /// The pins of an import as its row counts them: `45 pins`, `0 of 2 pins left` once pins
    /// of it were deleted, `45 imported, 46 now in it` once it holds more (see `batchLine`).
    static func batchCount(_ b: RecentImport) -> String {
        if b.pinsLeft > b.imported { return S.stBatchGrown(b.imported, b.pinsLeft) }
        return b.pinsLeft == b.imported ? S.stBatchPins(b.imported) : S.stBatchLeft(b.pinsLeft, b.imported)
    }

    /// The imported file's name (the bundled sample pins' batch named in the UI's language).
    static func batchName(_ b: RecentImport) -> String {
        let sample = " (bundled sample pins)"  // SamplePins' batch label, in every store
        let name = (b.file as NSString).lastPathComponent
        return name.hasSuffix(sample) ? String(name.dropLast(sample.count)) + " " + S.stSampleBatch.text : name
    }

    /// The screen row of the first import row in `area` (the first row, then the store's
    /// title, name, size and "imports" lines above it).
    static func firstImportRow(_ s: AppState, area: Rect) -> Int {
        area.y + 4 + storeNameLines(s, width: TextLines(area: area).width()).count - scroll(s, area: area)
    }

    /// Decimal units (1 kB = 1,000 bytes), as the import's progress bar counts.
    static func formatBytes(_ b: Int64) -> String {
        if b < 1_000 { return "\(b) B" }
        if b < 1_000_000 { return String(format: "%.1f kB", Double(b) / 1e3) }
        return String(format: "%.1f MB", Double(b) / 1e6)
    }

    /// The column where a setting's value starts (after the cursor mark and the padded label).
    public static let valueColumn = 2 + 2 + 18

    /// `csv [geojson] gpx kml`: the export formats, the chosen one in brackets.
    public static func exportFormats(_ s: AppState) -> String {
        ExportFormat.allCases.map { $0 == s.settingsTab.exportFormat ? "[\($0.rawValue)]" : $0.rawValue }.joined(separator: " ")
    }

    /// The export format whose word in `exportFormats` is drawn at column `col` (brackets
    /// included), or nil between words and outside them.
    static func exportFormat(_ s: AppState, atCol col: Int) -> ExportFormat? {
        var x = valueColumn
        for f in ExportFormat.allCases {
            let width = DisplayWidth.of(f == s.settingsTab.exportFormat ? "[\(f.rawValue)]" : f.rawValue)
            if (x..<x + width).contains(col) { return f }
            x += width + 1
        }
        return nil
    }

    static func formatSensitivity(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
