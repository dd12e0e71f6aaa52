import Frame

/// The one-line key hint at the bottom of the Timeline, Import and Settings tabs (the Map
/// tab's sheet header and status line say what its keys do).
enum TabHintView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let hint: S
        switch state.tab {
        case .map: return
        case .timeline: hint = .hintTimeline
        case .importer:
            let t = state.importTab
            // While an import runs: how to stop it, then (rows read) that it is committing.
            hint = t.progress.map { $0 < 1 ? .hintImportRunning : .hintImportCommitting }
                ?? (t.editing ? .hintImportEditing
                    : t.preview != nil ? .hintImport
                    : t.picksAnotherFile ? .hintImportPickAnother
                    : t.lastImport != nil && !t.summary.isEmpty ? .hintImportResultUndo : .hintImportResult)
        case .settings: hint = state.settingsTab.importCursor == nil ? .hintSettings : .hintSettingsImport
        }
        let row = state.layout.travel - 1
        guard row > 0 else { return }
        screen.fill(Rect(x: 0, y: row, width: screen.width, height: 1), with: Cell(" ", .plain))
        // Whole items give way from the end when it does not fit (TextWrap.hint).
        let text = " " + TextWrap.hint(hint.text, to: screen.width - 1, ascii: state.presentation.ascii)
        screen.put(text, col: 0, row: row, style: theme.hint, maxWidth: screen.width)
    }
}
