import Sheet

/// The tab bar's tabs, left to right (as in iOS, the bar sits at the bottom).
public enum Tab: Int, CaseIterable, Sendable {
    case map, timeline, importer, settings

    public var title: String {
        switch self {
        case .map: return S.tabMap.text
        case .timeline: return S.tabTimeline.text
        case .importer: return S.tabImport.text
        case .settings: return S.tabSettings.text
        }
    }

    /// The `--tab` name on the command line (English in every language).
    public var name: String { ["map", "timeline", "import", "settings"][rawValue] }

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

    /// The focus as the interface names it.
    public var label: String { self == .map ? S.focusMap.text : S.focusList.text }
}

extension Detent {
    /// The detent as the interface names it (`rawValue` is the stored setting).
    public var label: String {
        switch self {
        case .small: return S.detentSmall.text
        case .medium: return S.detentMedium.text
        case .large: return S.detentLarge.text
        }
    }
}
