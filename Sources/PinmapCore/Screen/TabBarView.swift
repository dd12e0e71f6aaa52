import Frame

/// The tab bar on the last row: equal segments, the active one reversed. Every tab keeps
/// its number (the key that shows it) at every width: a narrow segment cuts the title.
enum TabBarView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let row = state.layout.tabBarRow
        screen.fill(Rect(x: 0, y: row, width: screen.width, height: 1), with: Cell(" ", theme.tabBar))
        for tab in Tab.allCases {
            let seg = state.layout.tabSegment(tab)
            let label = self.label(tab, width: seg.count, ascii: state.presentation.ascii)
            let style = tab == state.tab ? theme.tabActive : theme.tabBar
            let rect = Rect(x: seg.lowerBound, y: row, width: seg.count, height: 1)
            if tab == state.tab { screen.fill(rect, with: Cell(" ", style)) }
            screen.putCentered(label, in: rect, style: style)
        }
    }

    /// `2 Timeline` in a segment `width` cells wide with a cell free on each side; the title
    /// cut with `…` to what is left after the number (`2 Timel…`), the number alone when
    /// fewer than two cells are.
    static func label(_ tab: Tab, width: Int, ascii: Bool) -> String {
        let number = "\(tab.rawValue + 1)"
        let room = width - 2 - (number.count + 1)
        guard room >= 2 else { return number }
        return number + " " + DisplayWidth.truncate(tab.title, to: room, ascii: ascii)
    }
}
