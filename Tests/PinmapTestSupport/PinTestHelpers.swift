import Frame
import PinmapCore
import PinmapRuntime

/// Helpers for the pin editing tests (form, pop-up, detail, search).
extension AppRunner {
    /// Types `s` one character at a time, as the terminal delivers keys.
    public func type(_ s: String, at t: Double = 0) { for c in s { char(c, at: t) } }

    /// Selects the listed pin titled `title` by walking the list with j from the top.
    public func selectListed(_ title: String) {
        guard let i = state.list.pins.firstIndex(where: { $0.title == title }) else { return }
        key(.home)
        for _ in 0..<i { char("j") }
    }

    /// Selects the listed pin titled `title` with a click on its row (the list must show
    /// it), then gives the map the focus back with `m`: a selection the user chose, which
    /// stays while the map has the keys.
    public func clickListed(_ title: String) {
        guard let i = state.list.pins.firstIndex(where: { $0.title == title }) else { return }
        let row = state.layout.sheetRect(height: state.sheet.height).y + SheetView.headerRows + i - state.list.scroll
        mouse(.press, col: 10, row: row)
        mouse(.release, col: 10, row: row)
        char("m")
    }

    /// Keeps only the categories `keep` with the filter sheet (`f`, then j and space on each
    /// row to hide, Esc), as a user would.
    public func filterCategories(keeping keep: Set<String>) {
        char("f")
        let names = state.map.categoryCounts.map(\.name)
        for (i, name) in names.enumerated() {
            if !keep.contains(name) { char(" ") }
            if i < names.count - 1 { char("j") }
        }
        key(.escape)
    }

    /// Scrolls the list `notches` wheel notches down (3 rows each), the pointer over its
    /// first row: the list moves, nothing is selected.
    public func wheelList(down notches: Int) {
        let row = state.layout.sheetRect(height: state.sheet.height).y + SheetView.headerRows
        for _ in 0..<notches { mouse(.press, .wheelDown, col: 10, row: row) }
    }

    /// The text of cells `cols` on `row` (continuation cells skipped), trailing spaces trimmed.
    public func cells(row: Int, _ cols: Range<Int>) -> String {
        let f = frame()
        var s = ""
        for x in cols where !f[x, row].isContinuation { s += f[x, row].text }
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }

    /// The modal's card rectangle now, or nil.
    public var card: Rect? { state.feedback.modal?.presentation.rect(cols: state.layout.cols, rows: state.layout.rows, now: state.clock) }
}

public enum Expect {
    /// `s` where `Screen.putCentered` puts it on a row `width` cells wide.
    public static func centered(_ s: String, width: Int) -> String {
        String(repeating: " ", count: max(0, (width - DisplayWidth.of(s)) / 2)) + s
    }

    /// A modal card's top row: a rule with the grabber in the middle.
    public static func grabberRow(width: Int) -> String {
        let bar = " " + String(repeating: "━", count: 8) + " "
        let left = (width - 10) / 2
        return String(repeating: "─", count: left) + bar + String(repeating: "─", count: width - left - 10)
    }

    /// `left` padded with spaces to `col` cells, then `right`.
    public static func spread(_ left: String, _ right: String, rightAt col: Int) -> String {
        left + String(repeating: " ", count: max(0, col - DisplayWidth.of(left))) + right
    }
}
