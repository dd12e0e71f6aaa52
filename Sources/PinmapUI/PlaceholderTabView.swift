import Frame

/// Tabs not built yet say what they will hold.
enum PlaceholderTabView {
    static func draw(_ tab: Tab, state: AppState, into screen: inout Screen, theme: Theme) {
        let area = Rect(x: 0, y: 0, width: screen.width, height: state.layout.travel)
        let lines: [String]
        switch tab {
        case .timeline: lines = ["Timeline", "", "A month calendar with a marker on each day that has pins;",
                                 "pick a day to list its pins, Enter jumps to the pin on the map."]
        case .importer: lines = ["Import", "", "Bring pins from a CSV or GeoJSON file:",
                                 "pinmap import FILE  (on the command line, for now)"]
        case .settings: lines = ["Settings", "", "Store: \(state.storePath)",
                                 "Sheet: \(state.sheet.detent.rawValue), drag sensitivity \(state.sheet.sensitivity)",
                                 "Map: \(state.ascii ? "ASCII" : "braille")  ·  colour \(state.color ? "on" : "off")",
                                 "", "Map data: Natural Earth (public domain)"]
        case .map: lines = []
        }
        let top = max(0, (area.height - lines.count) / 2)
        for (i, l) in lines.enumerated() {
            screen.putCentered(l, in: Rect(x: 0, y: top + i, width: area.width, height: 1), style: i == 0 ? theme.title : .plain)
        }
    }
}
