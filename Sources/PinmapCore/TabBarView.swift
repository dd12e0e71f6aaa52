import Frame

/// The tab bar on the last row: equal segments, the active one reversed.
enum TabBarView {
    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let row = state.layout.tabBarRow
        screen.fill(Rect(x: 0, y: row, width: screen.width, height: 1), with: Cell(" ", theme.tabBar))
        for tab in Tab.allCases {
            let seg = state.layout.tabSegment(tab)
            let full = "\(tab.rawValue + 1) \(tab.title)"
            let label = DisplayWidth.of(full) + 1 < seg.count ? full
                : DisplayWidth.truncate(tab.title, to: max(1, seg.count - 1), ellipsis: false)
            let style = tab == state.tab ? theme.tabActive : theme.tabBar
            let rect = Rect(x: seg.lowerBound, y: row, width: seg.count, height: 1)
            if tab == state.tab { screen.fill(rect, with: Cell(" ", style)) }
            screen.putCentered(label, in: rect, style: style)
        }
    }
}
