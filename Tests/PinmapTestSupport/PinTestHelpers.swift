import Frame
import PinmapCore
import PinmapRuntime

/// Helpers for the pin editing tests (form, pop-up, detail, search).
extension AppRunner {
    /// Types `s` one character at a time, as the terminal delivers keys.
    public func type(_ s: String, at t: Double = 0) { for c in s { char(c, at: t) } }

    /// Selects the listed pin titled `title` by walking the list with j from the top.
    public func selectListed(_ title: String) {
        guard let i = state.listed.firstIndex(where: { $0.title == title }) else { return }
        key(.home)
        for _ in 0..<i { char("j") }
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
    public var card: Rect? { state.modal?.presentation.rect(cols: state.layout.cols, rows: state.layout.rows, now: state.clock) }
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
