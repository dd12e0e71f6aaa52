import Frame

/// The one-line key hint at the bottom of the Timeline, Import and Settings tabs (the Map
/// tab's sheet header and status line say what its keys do).
enum TabHintView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let hint: S
        switch state.tab {
        case .map: return
        case .timeline: hint = .hintTimeline
        case .importer: hint = state.importTab.editing ? .hintImportEditing : .hintImport
        case .settings: hint = .hintSettings
        }
        let row = state.layout.travel - 1
        guard row > 0 else { return }
        screen.fill(Rect(x: 0, y: row, width: screen.width, height: 1), with: Cell(" ", .plain))
        screen.put(" " + hint.text, col: 0, row: row, style: theme.hint, maxWidth: screen.width)
    }
}
