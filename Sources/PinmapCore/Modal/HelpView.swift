import Foundation
import Frame
import PinModel

/// The `?` overlay: the current tab's keys first, then the keys that work everywhere and
/// the mouse, all from `KeyBindings` (one table, so help never drifts). One column that
/// scrolls (↑↓ PgUp PgDn); any other key closes it.
public enum HelpView {
    /// A help line: a key label and its text; an empty label makes a section title.
    public struct Line: Equatable, Sendable {
        /// The key's label ("" for a section title) and what it does.
        public internal(set) var key: String
        public internal(set) var text: String
        init(_ key: String, _ text: String) { self.key = key; self.text = text }
    }

    /// Every line of help for `tab`, in order.
    public static func lines(for tab: Tab) -> [Line] {
        var out: [Line] = []
        func section(_ title: S, _ items: [Line]) {
            guard !items.isEmpty else { return }
            out.append(Line("", title.text))
            out += items
        }
        let bindings = { (s: S) in KeyBindings.all.filter { $0.sectionKey == s }.map { Line($0.label, $0.help) } }
        let help = { (items: [KeyHelp]) in items.map { Line($0.label, $0.help.text) } }
        switch tab {
        case .map:
            for s in [S.helpMap, .helpPins, .helpSheet, .helpFocus] { section(s, bindings(s)) }
            section(.helpSearch, help(KeyBindings.searchHelp))
            section(.helpConflict, help(KeyBindings.conflictHelp))
        case .timeline: section(.helpTimeline, help(KeyBindings.tabHelp(.timeline)))
        case .importer: section(.helpImport, help(KeyBindings.tabHelp(.importer)))
        case .settings: section(.helpSettings, help(KeyBindings.tabHelp(.settings)))
        }
        // The Import tab's path field takes 1–4, q and ? as text: say when they work.
        section(tab == .importer ? .helpGeneralOutsideField : .helpGeneral, bindings(.helpGeneral))
        section(.helpMouse, help(KeyBindings.mouseHelp))
        return out
    }

    /// Rows of help lines the box shows at `screen` size.
    public static func visibleRows(rows: Int) -> Int { max(1, rows - 4) }  // all the height there is, less the border

    /// The largest useful scroll offset.
    static func maxScroll(tab: Tab, rows: Int) -> Int { max(0, lines(for: tab).count - visibleRows(rows: rows)) }

    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let items = lines(for: state.tab)
        let width = min(screen.width - 2, 90)
        let rows = visibleRows(rows: screen.height)
        let height = min(rows, items.count) + 2
        // Centred in the rows above the status line and the tab bar, which it never covers.
        let box = Rect(x: (screen.width - width) / 2, y: max(0, (Layout(cols: screen.width, rows: screen.height).travel - height) / 2),
                       width: width, height: height)
        screen.fill(box, with: Cell(" ", .plain))
        drawBorder(box, into: &screen, ascii: state.presentation.ascii, theme: theme)
        let scroll = min(state.feedback.helpScroll, maxScroll(tab: state.tab, rows: screen.height))
        let title = " " + trimmedText(S.helpTitle.text) + " "
        screen.putCentered(DisplayWidth.truncate(title, to: width - 2), in: Rect(x: box.x, y: box.y, width: width, height: 1), style: theme.title)
        if scroll + rows < items.count {
            screen.put(" \(scroll + rows)/\(items.count) ", col: box.maxX - 12, row: box.maxY - 1, style: theme.muted)
        }
        let inner = box.inset(dx: 2, dy: 1)
        let keyWidth = 12
        for (i, item) in items.dropFirst(scroll).prefix(rows).enumerated() {
            let y = inner.y + i
            if item.key.isEmpty {
                screen.put(item.text, col: inner.x, row: y, style: theme.title, maxWidth: inner.width)
            } else {
                screen.put(DisplayWidth.pad(item.key, to: keyWidth), col: inner.x, row: y, style: theme.key, maxWidth: keyWidth)
                screen.put(item.text, col: inner.x + keyWidth + 1, row: y, style: .plain, maxWidth: inner.width - keyWidth - 1)
            }
        }
    }

    static func drawBorder(_ r: Rect, into screen: inout Screen, ascii: Bool, theme: Theme) {
        let h = ascii ? "-" : "─", v = ascii ? "|" : "│"
        let corners = ascii ? ["+", "+", "+", "+"] : ["╭", "╮", "╰", "╯"]
        for x in r.x..<r.maxX {
            screen[x, r.y] = Cell(h, theme.sheetBorder)
            screen[x, r.maxY - 1] = Cell(h, theme.sheetBorder)
        }
        for y in r.y..<r.maxY {
            screen[r.x, y] = Cell(v, theme.sheetBorder)
            screen[r.maxX - 1, y] = Cell(v, theme.sheetBorder)
        }
        screen[r.x, r.y] = Cell(corners[0], theme.sheetBorder)
        screen[r.maxX - 1, r.y] = Cell(corners[1], theme.sheetBorder)
        screen[r.x, r.maxY - 1] = Cell(corners[2], theme.sheetBorder)
        screen[r.maxX - 1, r.maxY - 1] = Cell(corners[3], theme.sheetBorder)
    }
}
