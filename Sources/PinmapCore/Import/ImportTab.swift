import Frame
import PinModel

/// What the Import tab learned from a file before importing it (read by the runtime:
/// `Effect.previewImport`): the same detection the importer uses (encoding, delimiter,
/// column mapping) and the first rows as they would be read.
public struct ImportPreview: Sendable, Equatable {
    /// A row as the importer would read it.
    public enum Row: Sendable, Equatable {
        case pin(title: String, latitude: Double, longitude: Double, category: String)
        /// A rejected row and its first issue.
        case rejected(RowIssue?)
    }

    public var path: String
    public var format: String
    public var encoding: String
    public var delimiter: String
    /// Role → header used, e.g. "latitude" → "lat".
    public var columns: [ColumnRole: String]
    /// Source columns that will be kept as each pin's properties.
    public var properties: [String]
    /// The first rows: title and coordinates, or the reason a row is rejected.
    public var rows: [Row]
    /// File size in bytes.
    public var size: Int64
    /// The coordinate reference system the coordinates come from (`EPSG:5186, Korea 2000 /
    /// Central Belt 2010`); nil for WGS84 longitude, latitude.
    public var coordinateSystem: String?
    public init(path: String, format: String, encoding: String, delimiter: String,
                columns: [ColumnRole: String], properties: [String] = [], rows: [Row], size: Int64,
                coordinateSystem: String? = nil) {
        self.path = path; self.format = format; self.encoding = encoding; self.delimiter = delimiter
        self.columns = columns; self.properties = properties; self.rows = rows; self.size = size
        self.coordinateSystem = coordinateSystem
    }
}

/// The Import tab: type or paste a path (Tab completes it, ↑↓ or a click picks a file of
/// the folder), Enter previews it, Enter again imports it with a progress bar, and the
/// tab tells the result (a notice or a toast too when the user went to another tab).
public struct ImportTabState: Sendable, Equatable {
    public var field = TextField("")
    /// True while the path field takes the keys (printable keys are text).
    public var editing = true
    /// The user typed into the field, or entered it (`e`, `i`, a paste): until then the keys
    /// that work everywhere (`globalKeys`, Tab) keep their meaning in the empty field.
    public var entered = false
    public var preview: ImportPreview?
    /// The file-level error of the last preview or import, if any.
    public var error: String?
    /// Import progress 0…1 while an import runs, else nil.
    public var progress: Double?
    /// The import committed and the pins it left are being indexed (from its
    /// `.importer(.written)` to its result): the tab says so, not the folder's files.
    public var indexingCommitted = false
    /// The last import's summary lines.
    public var summary: [String] = [] { didSet { summaryScroll = 0 } }
    /// The import the summary is of, while it can be undone (`u`).
    public var lastImport: ImportRow?
    /// Summary lines (as wrapped) scrolled off the top: ↑/↓, PgUp/PgDn reach every reason.
    public var summaryScroll = 0
    /// The home folder (`~`) and the folder Pinmap started in (relative paths): initial
    /// state from the runner, so `update` reads no environment.
    public var home: String?
    public var cwd = "/"
    /// The folder of the typed path as last listed, and the folder last asked for.
    public var folder: FolderListing?
    var requestedFolder: String?
    /// Tab was pressed: complete once the folder's fresh listing arrives.
    var completesOnListing = false
    /// Index of the picked file in `folder.files`.
    public var pick: Int?
    public init() {}

    /// Keys that keep their global meaning while the path field does not take the keys, or
    /// is empty and not entered (quit, help, the tabs); any other character typed then
    /// starts a new path.
    static let globalKeys: Set<Character> = ["q", "?", "1", "2", "3", "4"]

    /// The path changed, or a new preview or import starts: what was shown for the last
    /// file (preview, error, result) no longer applies.
    /// A preview failed (`error`) while the folder's files are listed: ↑/↓ pick another.
    /// The folder's files are listed (no preview, no import under way): before a result, or
    /// while a new path is typed after one (Enter, `e`), whose hint offers ↑↓ and a click to
    /// pick a file. The result was drawn there instead, so ↑↓ picked from a hidden list and a
    /// click did nothing; it shows again on Esc.
    var listsFiles: Bool { progress == nil && preview == nil && (summary.isEmpty || editing) }

    var picksAnotherFile: Bool { error != nil && preview == nil && folder?.files.isEmpty == false }

    mutating func clearShownFile() {
        preview = nil
        error = nil
        summary = []
    }

    /// The typed path, resolved (`ImportPaths.resolve`).
    public var resolvedPath: String { ImportPaths.resolve(field.text, home: home, cwd: cwd) }

    /// The folder the typed path is in (the current folder while nothing is typed).
    var typedFolder: String {
        let typed = ImportPaths.unquote(trimmedText(field.text))
        if typed.isEmpty { return cwd }
        return typed.hasSuffix("/") ? ImportPaths.resolve(String(typed.dropLast()), home: home, cwd: cwd)
                                    : ImportPaths.split(resolvedPath).folder
    }

    /// The typed text up to its last `/` (what a completion or a pick keeps).
    var typedPrefix: String {
        let typed = ImportPaths.unquote(trimmedText(field.text))
        guard let slash = typed.lastIndex(of: "/") else { return "" }
        return String(typed[...slash])
    }
}

extension AppState {
    /// Keys on the Import tab. Returns false when the key is not the tab's
    /// (then the global bindings apply).
    mutating func handleImportTab(key: Key, _ fx: inout Effects) -> Bool {
        if isImporting {
            // The import runs on the write worker: Esc stops it (rolled back, nothing kept),
            // or drops it while it waits for an indexing under way, which goes on; the tabs,
            // help and q work as anywhere; nothing else starts another.
            if key == .escape { fx.add(.cancelImport); return true }
            if case .char(let c) = key, ImportTabState.globalKeys.contains(c) { return false }
            return !(key == .tab || key == .backTab || key == .ctrl("c"))
        }
        if importTab.editing {
            switch key {
            case .ctrl("c"): quit = true; return true
            case .char(let c) where ImportTabState.globalKeys.contains(c) && !importTab.entered && importTab.field.text.isEmpty:
                return false  // `3` then `4` shows Settings, not "File: 4"
            case .escape: endImportPathEditing(); return true
            // `e` and `i` enter the field (as outside it): not typed before the path's start.
            case .char(let c) where (c == "e" || c == "i") && !importTab.entered:
                importTab.entered = true
                return true
            case .enter:
                guard !trimmedText(importTab.field.text).isEmpty else { importTab.error = S.importNeedPathText; return true }
                endImportPathEditing()
                fx.add(.previewImport(path: importTab.resolvedPath))
                return true
            case .tab:
                if importTab.field.text.isEmpty { return false }
                // Read the folder again (files come and go), then complete (`receive(listing:)`).
                importTab.completesOnListing = true
                importTab.requestedFolder = importTab.typedFolder
                fx.add(.listFolder(path: importTab.typedFolder))
                return true
            case .backTab: return false
            case .up, .down:
                pickImportFile(step: key == .down ? 1 : -1)
                return true
            default:
                if importTab.field.handle(key), case .char = key { importTab.entered = true }
                importTab.clearShownFile()
                importTab.pick = nil
                return true
            }
        }
        switch key {
        case .enter, .char("y"):
            // Only a shown preview imports; after a result or an error Enter starts a new
            // path, so it never imports the last file again by accident.
            guard let p = importTab.preview else { startNewImportPath(); return true }
            // The bar shows at once; the worker's `importStarted` follows (after any write
            // already queued).
            importTab.clearShownFile()
            importTab.progress = 0
            fx.add(.runImport(path: p.path))
            return true
        case .char("e"), .char("i"):
            importTab.editing = true
            importTab.entered = true
            return true
        case .char("u") where importTab.lastImport != nil && !importTab.summary.isEmpty:
            confirmUndoImport(importTab.lastImport!, now: clock)  // ImportUndo.swift
            return true
        case .up, .down where importTab.picksAnotherFile:
            // The file could not be previewed and its folder is still listed, the file marked:
            // ↑/↓ pick another into the field, as while typing (Enter then previews it). They
            // did nothing, and the Enter that followed cleared the path and the listing.
            importTab.editing = true
            importTab.entered = true
            pickImportFile(step: key == .down ? 1 : -1)
            return true
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard !importTab.summary.isEmpty else { return false }
            scrollImportSummary(key)
            return true
        case .char(let c) where !ImportTabState.globalKeys.contains(c):
            // Typing (`/`, `~`, a letter) starts a new path with that character.
            startNewImportPath()
            importTab.clearShownFile()
            _ = importTab.field.handle(key)
            importTab.entered = true
            return true
        default: return false
        }
    }

    /// Scrolls the import's result by a line, a page or to an end (`ImportTabView.summaryRoom`).
    private mutating func scrollImportSummary(_ key: Key) {
        let area = Rect(x: 0, y: 0, width: layout.cols, height: layout.travel)
        let room = ImportTabView.summaryRoom(self, area: area)
        let last = max(0, ImportTabView.summaryLines(self, area: area).count - room)
        let page = max(1, room - 1)
        let step: Int
        switch key {
        case .up: step = -1
        case .down: step = 1
        case .pageUp: step = -page
        case .pageDown: step = page
        case .home: step = -importTab.summaryScroll
        default: step = last
        }
        importTab.summaryScroll = min(last, max(0, importTab.summaryScroll + step))
    }

    /// Empties the path field and gives it the keys (the folder's files are listed in place of
    /// the result, which Esc shows again and typing clears);
    /// the tab keys, `q` and `?` keep their meaning until something is typed.
    mutating func startNewImportPath() {
        importTab.field = TextField("")
        importTab.pick = nil
        importTab.editing = true
        importTab.entered = false
    }

    /// The path field gives the keys back (a preview or an import follows, or Esc).
    mutating func endImportPathEditing() {
        importTab.editing = false
        importTab.entered = false
    }

    /// Enter on a folder's path (`data`, `/tmp`): the path becomes the folder (`data/`), so
    /// the tab lists that folder's files, not its parent's, and the field takes ↑/↓ to pick
    /// one, as after typing the `/`. Not when the field was typed into since.
    mutating func openTypedImportFolder() {
        guard !importTab.editing else { return }
        let typed = trimmedText(importTab.field.text)
        if !typed.hasSuffix("/") {
            // Unquoted, its backslashes escaped: `resolve` reads the text back as the same path.
            let plain = ImportPaths.unquote(typed).reduce(into: "") { out, c in out += c == "\\" ? "\\\\" : String(c) }
            importTab.field = TextField(plain + "/")
        }
        importTab.pick = nil
        importTab.editing = true
        importTab.entered = true
    }

    /// Tab: completes the last part of the typed path among the folder's entries.
    mutating func completeImportPath() {
        guard let folder = importTab.folder, folder.path == importTab.typedFolder else { return }
        let typedName = trimmedText(importTab.field.text).hasSuffix("/") ? "" : ImportPaths.split(importTab.resolvedPath).name
        guard let done = ImportPaths.complete(typedName, in: folder.entries) else {
            feedback.message = S.importNoMatch(typedName)
            return
        }
        importTab.field = TextField(importTab.typedPrefix + done.text)
        importTab.clearShownFile()
    }

    /// ↑/↓: puts the next or previous importable file of the folder into the field.
    mutating func pickImportFile(step: Int) {
        guard let files = importTab.folder?.files, !files.isEmpty else { return }
        let next = importTab.pick.map { ($0 + step + files.count) % files.count } ?? (step > 0 ? 0 : files.count - 1)
        chooseImportFile(next)
    }

    /// Puts file `index` of the listed folder into the field.
    mutating func chooseImportFile(_ index: Int) {
        guard let folder = importTab.folder, folder.files.indices.contains(index) else { return }
        importTab.pick = index
        let prefix = importTab.typedFolder == folder.path ? importTab.typedPrefix : folder.path + "/"
        importTab.field = TextField(prefix + folder.files[index].name)
        importTab.clearShownFile()
    }

    /// A folder's listing arrived: shown, and a pending Tab completes from it.
    mutating func receive(listing: FolderListing) {
        importTab.folder = listing
        if importTab.pick.map({ $0 >= listing.files.count }) ?? false { importTab.pick = nil }
        // A pending Tab completes from its own folder: the folders passed while typing are read
        // first (one lane, in order), and their answers must not use it up.
        if importTab.completesOnListing && listing.path == importTab.typedFolder {
            importTab.completesOnListing = false
            completeImportPath()
        }
    }

    /// Asks the runner for the folder of the typed path when it changed, or when the tab
    /// is entered again (Import tab only).
    mutating func requestImportFolderIfNeeded(_ fx: inout Effects) {
        guard tab == .importer else { importTab.requestedFolder = nil; return }
        let folder = importTab.typedFolder
        guard folder != importTab.requestedFolder else { return }
        importTab.requestedFolder = folder
        fx.add(.listFolder(path: folder))
    }

    /// A click on a listed file picks it and previews it.
    mutating func clickImportFile(row: Int, _ fx: inout Effects) {
        let top = ImportTabView.fileListTop(self, area: Rect(x: 0, y: 0, width: layout.cols, height: layout.travel))
        guard importTab.preview == nil, importTab.listsFiles, let files = importTab.folder?.files, files.indices.contains(row - top) else { return }
        chooseImportFile(row - top)
        endImportPathEditing()
        fx.add(.previewImport(path: importTab.resolvedPath))
    }
}

/// Draws the Import tab.
public enum ImportTabView {
    /// The screen row of the first listed file (under the field, an error line, a title).
    public static func fileListTop(_ s: AppState, area: Rect) -> Int {
        area.y + 7 + errorLines(s, area: area).count
    }

    /// The last error, wrapped to the tab's width (it is never cut). The tab's texts quote
    /// what was typed (a URI pasted as a path), so each passes through `PasswordMask` (the
    /// summary's lines once, in `ImportResultText.summary`).
    static func errorLines(_ s: AppState, area: Rect) -> [String] {
        guard let e = s.importTab.error else { return [] }
        return TextWrap.lines("✗ " + PasswordMask.masked(e), width: max(1, area.width - 3), ascii: s.presentation.ascii)
    }

    static func draw(_ s: AppState, area: Rect, into screen: inout Screen, theme: Theme) {
        let t = s.importTab
        var lines = TextLines(area: area)
        func line(_ text: String, _ style: Style = .plain, indent: Int = 2) {
            lines.line(text, style, indent: indent, into: &screen)
        }
        line(S.importTitleText, theme.title)
        lines.skip(2)  // the keys are on the tab's hint line (TabHintView)
        let label = S.importFile.text
        screen.put(label, col: area.x + 2, row: lines.row, style: theme.title)
        let boxX = area.x + 2 + DisplayWidth.of(label)
        let boxW = max(4, area.width - boxX - 2)
        // A server's URI typed or pasted here shows `****` for its password, as every line under it.
        TextFieldView.draw(t.field, in: Rect(x: boxX, y: lines.row, width: boxW, height: 1), focused: t.editing,
                           ascii: s.presentation.ascii, hidingPasswords: true, into: &screen)
        lines.skip(2)
        for e in errorLines(s, area: area) { line(e, theme.error) }
        if t.progress != nil, case .indexing(_, let fraction)? = s.loads.job {
            // Queued on the write lane behind the indexing (a store opened with a backlog):
            // not a bar stuck at 0 %.
            lines.wrapped(S.importWaitsForIndexing(Int(fraction * 100)), theme.hint, ascii: s.presentation.ascii, into: &screen)
        } else if let p = t.progress {
            let width = max(10, min(50, area.width - 20))
            let done = Int((Double(width) * p).rounded())
            line(S.importing.text + "  [" + String(repeating: s.presentation.ascii ? "#" : "█", count: done)
                 + String(repeating: s.presentation.ascii ? "." : "░", count: width - done) + "]  \(Int(p * 100)) %", theme.hint)
            // The rows are read: the map's index and the commit take a few seconds more at 1M.
            if p >= 1 { line(S.importCommitting.text, theme.muted) }
        }
        if let p = t.preview {
            line(ImportResultText.preview(format: p.format, encoding: p.encoding, delimiter: p.delimiter, size: p.size), theme.title)
            lines.wrapped(ImportResultText.columns(p.columns), theme.muted, ascii: s.presentation.ascii, into: &screen)
            if let crs = p.coordinateSystem { lines.wrapped(S.importCRS(crs), theme.muted, ascii: s.presentation.ascii, into: &screen) }
            if !p.properties.isEmpty {
                let kept = S.importKept.text + p.properties.map { "\"\($0)\"" }.joined(separator: ", ")
                // Wrapped when the first rows still fit under it, else one line cut with "…".
                let wrappedRows = TextWrap.lines(kept, width: lines.width(), ascii: s.presentation.ascii).count
                if lines.row + wrappedRows + 1 + p.rows.count <= area.maxY - 1 {
                    lines.wrapped(kept, theme.muted, ascii: s.presentation.ascii, into: &screen)
                } else {
                    line(kept, theme.muted)
                }
            }
            line(p.rows.isEmpty ? S.importNoDataRows.text : S.importFirstRows.text, theme.muted)  // a header-only file says so
            for text in ImportResultText.rows(p.rows, ascii: s.presentation.ascii) { line("  " + text, .plain) }
        } else if t.indexingCommitted, case .indexing(let pins, let fraction)? = s.loads.job {
            lines.wrapped(S.importIndexingCommitted(pins, Int(fraction * 100)), theme.hint, ascii: s.presentation.ascii, into: &screen)
        } else if t.listsFiles, let folder = t.folder {
            drawFiles(s, folder, lines: &lines, into: &screen, theme: theme)
        }
        if !t.summary.isEmpty && !(t.listsFiles && t.folder != nil) {
            lines.skip(1)
            drawSummary(s, area: area, lines: &lines, into: &screen, theme: theme)
        }
    }

    /// The summary's lines wrapped to the tab's width.
    static func summaryLines(_ s: AppState, area: Rect) -> [String] {
        s.importTab.summary.flatMap { TextWrap.lines($0, width: TextLines(area: area).width(), ascii: s.presentation.ascii) }
    }

    /// Rows the summary may use: from under the field and error lines to above the key hint.
    static func summaryRoom(_ s: AppState, area: Rect) -> Int {
        max(1, area.maxY - 1 - (fileListTop(s, area: area) + (s.importTab.progress == nil ? 0 : 1)))
    }

    /// The summary from `summaryScroll`; when it does not all fit, its last row says how many
    /// lines are above and below and which keys scroll (every reason stays reachable).
    private static func drawSummary(_ s: AppState, area: Rect, lines: inout TextLines, into screen: inout Screen, theme: Theme) {
        let all = summaryLines(s, area: area)
        let room = summaryRoom(s, area: area)
        guard all.count > room else { return all.forEach { lines.line($0, into: &screen) } }
        let top = min(s.importTab.summaryScroll, all.count - room)
        let shown = all[top..<min(all.count, top + room - 1)]
        for l in shown { lines.line(l, into: &screen) }
        let below = all.count - top - shown.count
        lines.line(S.importScroll(top, below), theme.muted, into: &screen)
    }

    /// The importable files of the typed path's folder, the picked one highlighted.
    private static func drawFiles(_ s: AppState, _ folder: FolderListing, lines: inout TextLines, into screen: inout Screen, theme: Theme) {
        let files = folder.files
        let sentence: (String) -> String = folder.missing ? { S.importNoFolder($0) } : files.isEmpty ? { S.importNoFiles($0) } : { S.importFilesHere($0) }
        // The path gives way in the middle so the sentence's own words stay (in any language).
        let pathRoom = lines.width() - DisplayWidth.of(sentence(""))
        let place = TextWrap.middle(SafeText.sanitize(PasswordMask.masked(folder.path), ascii: s.presentation.ascii), to: max(3, pathRoom), ascii: s.presentation.ascii)
        lines.line(sentence(place), theme.muted, into: &screen)
        let room = max(0, lines.area.maxY - 1 - lines.row)  // the last row holds the key hint
        for (i, f) in files.prefix(room).enumerated() {
            let picked = i == s.importTab.pick
            let mark = picked ? (s.presentation.ascii ? "> " : "▸ ") : "  "
            lines.line(mark + SafeText.sanitize(PasswordMask.masked(f.name), ascii: s.presentation.ascii), picked ? theme.selectedRow : .plain, into: &screen)
        }
    }
}
