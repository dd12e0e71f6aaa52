import Frame

/// Where everything sits for a terminal of `cols` × `rows` cells:
/// rows `0..<travel` hold the map with the sheet over its bottom part, then
/// the status line, then the tab bar on the last row. The sheet's bottom edge
/// is always the row above the status line, so it never covers either bar.
public struct Layout: Sendable, Equatable {
    /// Smallest terminal the UI draws in, in cells; below it a notice shows.
    public static let minCols = 30
    public static let minRows = 8

    public let cols: Int
    public let rows: Int

    public init(cols: Int, rows: Int) { self.cols = cols; self.rows = rows }

    public var isTooSmall: Bool { cols < Layout.minCols || rows < Layout.minRows }
    /// Rows between the top of the screen and the status line (the sheet's travel).
    public var travel: Int { max(0, rows - 2) }
    public var statusRow: Int { rows - 2 }
    public var tabBarRow: Int { rows - 1 }
    /// The map pane: the whole travel area (the sheet is drawn over it).
    public var mapPane: Rect { Rect(x: 0, y: 0, width: cols, height: travel) }

    /// The Timeline's area: the travel rows under the top one, which is kept empty for a
    /// toast (as the Import and Settings tabs keep theirs), so a toast never covers the month.
    public var timelineArea: Rect { Rect(x: 0, y: min(1, travel), width: cols, height: max(0, travel - 1)) }

    /// The sheet's rectangle when it is `height` rows tall.
    public func sheetRect(height: Int) -> Rect {
        let h = min(max(0, height), travel)
        return Rect(x: 0, y: travel - h, width: cols, height: h)
    }

    /// The map rows left visible above a sheet of `height` rows.
    public func visibleMap(sheetHeight: Int) -> Rect {
        Rect(x: 0, y: 0, width: cols, height: travel - min(travel, sheetHeight))
    }

    /// The tab under column `col` of the tab bar (equal segments).
    public func tab(atCol col: Int) -> Tab? {
        guard cols > 0, col >= 0, col < cols else { return nil }
        let n = Tab.allCases.count
        return Tab(rawValue: min(n - 1, col * n / cols))
    }

    /// The column range of `tab`'s segment in the tab bar.
    public func tabSegment(_ tab: Tab) -> Range<Int> {
        let n = Tab.allCases.count
        return (tab.rawValue * cols / n)..<((tab.rawValue + 1) * cols / n)
    }
}
