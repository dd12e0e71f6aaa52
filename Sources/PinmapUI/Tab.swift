/// The tab bar's tabs, left to right (as in iOS, the bar sits at the bottom).
public enum Tab: Int, CaseIterable, Sendable {
    case map, timeline, importer, settings

    public var title: String {
        switch self {
        case .map: return "Map"
        case .timeline: return "Timeline"
        case .importer: return "Import"
        case .settings: return "Settings"
        }
    }

    /// The `--tab` name on the command line.
    public var name: String { self == .importer ? "import" : title.lowercased() }

    public init?(name: String) {
        guard let t = Tab.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = t
    }

    func next(_ step: Int) -> Tab {
        let n = Tab.allCases.count
        return Tab(rawValue: ((rawValue + step) % n + n) % n) ?? .map
    }
}

/// Which pane receives navigation keys (arrows, hjkl, PgUp/PgDn). Shown in the
/// status line and by the highlighted pane title; `m` toggles it, a click on
/// the map or the list moves it there.
public enum Focus: String, Sendable {
    case map, list
}
