import Frame

/// What the Import tab learned from a file before importing it: the same
/// detection the importer uses (encoding, delimiter, column mapping) and the
/// first rows as they would be read.
public struct ImportPreview: Sendable, Equatable {
    public var path: String
    public var format: String
    public var encoding: String
    public var delimiter: String
    /// Role → header used, e.g. "latitude" → "lat".
    public var columns: [String: String]
    /// Source columns that will be kept as each pin's properties (issue #12).
    public var properties: [String]
    /// The first rows: title and coordinates, or the reason a row is rejected.
    public var rows: [String]
    /// File size in bytes.
    public var size: Int64
    public init(path: String, format: String, encoding: String, delimiter: String,
                columns: [String: String], properties: [String] = [], rows: [String], size: Int64) {
        self.path = path; self.format = format; self.encoding = encoding; self.delimiter = delimiter
        self.columns = columns; self.properties = properties; self.rows = rows; self.size = size
    }
}

/// The Import tab: type or paste a path, Enter previews it, Enter again
/// imports it with a progress bar, and a notice sheet tells the result.
public struct ImportTabState: Sendable, Equatable {
    public var field = TextField("")
    /// True while the path field takes the keys (printable keys are text).
    public var editing = true
    public var preview: ImportPreview?
    /// The file-level error of the last preview or import, if any.
    public var error: String?
    /// Import progress 0…1 while an import runs, else nil.
    public var progress: Double?
    /// The last import's summary lines.
    public var summary: [String] = []
    public init() {}
}

extension AppState {
    /// Keys on the Import tab. Returns nil when the key is not the tab's
    /// (then the global bindings apply).
    mutating func handleImportTab(key: Key) -> [Effect]? {
        if importTab.editing {
            switch key {
            case .ctrl("c"): quit = true; return []
            case .escape: importTab.editing = false; return []
            case .enter:
                let path = importTab.field.text.trimmingSpaces
                guard !path.isEmpty else { importTab.error = "Type the path of a CSV or GeoJSON file first"; return [] }
                importTab.editing = false
                return [.previewImport(path: ImportTabState.expandHome(path))]
            case .tab, .backTab: return nil
            default:
                _ = importTab.field.handle(key)
                importTab.preview = nil
                importTab.error = nil
                return []
            }
        }
        switch key {
        case .enter, .char("y"):
            guard let p = importTab.preview else { importTab.editing = true; return [] }
            return [.runImport(path: p.path)]
        case .char("e"), .char("i"), .char("/"):
            importTab.editing = true
            return []
        default: return nil
        }
    }
}

extension ImportTabState {
    /// `~/x` → `$HOME/x` (paths are typed as in a shell).
    static func expandHome(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = ProcessEnvironment.home else { return path }
        return home + path.dropFirst(1)
    }
}

/// Draws the Import tab.
enum ImportTabView {
    static func draw(_ s: AppState, area: Rect, into screen: inout Screen, theme: Theme) {
        let t = s.importTab
        var lines = TextLines(area: area)
        func line(_ text: String, _ style: Style = .plain, indent: Int = 2) {
            lines.line(text, style, indent: indent, into: &screen)
        }
        line("Import pins from a CSV or GeoJSON file", theme.title)
        line(t.editing ? "Type or paste a path, Enter previews it · Esc leaves the field"
                       : (t.preview == nil ? "e edits the path" : "Enter or y imports · e edits the path"), theme.muted)
        lines.skip(1)
        let label = "File: "
        screen.put(label, col: area.x + 2, row: lines.row, style: theme.title)
        let boxX = area.x + 2 + DisplayWidth.of(label)
        let boxW = max(4, area.width - boxX - 2)
        let shown = t.field.display(width: boxW, ascii: s.ascii)
        screen.fill(Rect(x: boxX, y: lines.row, width: boxW, height: 1), with: Cell(" ", Style(underline: true)))
        screen.put(shown.text, col: boxX, row: lines.row, style: Style(underline: true), maxWidth: boxW)
        if t.editing { FormView.showCursor(at: boxX + shown.cursorCol, row: lines.row, into: &screen) }
        lines.skip(2)
        if let e = t.error { line("✗ " + e, theme.error) }
        if let p = t.progress {
            let width = max(10, min(50, area.width - 20))
            let done = Int((Double(width) * p).rounded())
            line("Importing  [" + String(repeating: s.ascii ? "#" : "█", count: done)
                 + String(repeating: s.ascii ? "." : "░", count: width - done) + "]  \(Int(p * 100)) %", theme.hint)
        }
        if let p = t.preview {
            line("\(p.format) · encoding \(p.encoding)" + (p.delimiter.isEmpty ? "" : " · delimiter \(p.delimiter)")
                 + " · \(SettingsView.formatBytes(p.size))", theme.title)
            let cols = p.columns.sorted { $0.key < $1.key }.map { "\($0.key) ← \"\($0.value)\"" }.joined(separator: ", ")
            line("columns: " + cols, theme.muted)
            if !p.properties.isEmpty {
                line("kept as properties: " + p.properties.map { "\"\($0)\"" }.joined(separator: ", "), theme.muted)
            }
            line("first rows:", theme.muted)
            for r in p.rows { line("  " + r, .plain) }
        }
        if !t.summary.isEmpty {
            lines.skip(1)
            for l in t.summary { line(l, .plain) }
        }
    }
}
