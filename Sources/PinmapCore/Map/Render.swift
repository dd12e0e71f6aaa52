import Frame
import GeoMap

extension AppState {
    /// The whole frame for the current state: `layout.cols` × `layout.rows` cells. A pure
    /// function of the state: the map's place names are the ones `update` placed
    /// (`map.labels`), drawn as they are.
    public func render() -> Screen { Strings.speaking(presentation.language) { renderSpeaking() } }

    private func renderSpeaking() -> Screen {
        var screen = Screen(width: layout.cols, height: layout.rows)
        let theme = Theme(color: presentation.color, categorySlots: map.categorySlots)
        if layout.isTooSmall {
            TooSmallView.draw(into: &screen, theme: theme)
            if presentation.ascii { ASCIISymbols.apply(to: &screen) }  // "30×8" → "30x8"
            return screen
        }
        switch tab {
        case .map: drawMapTab(into: &screen, theme: theme)
        case .timeline:
            TimelineView.draw(timeline, area: layout.timelineArea,
                              filtered: map.categoryFilter != nil, into: &screen, ascii: presentation.ascii, theme: theme)
        case .importer:
            ImportTabView.draw(self, area: Rect(x: 0, y: 0, width: layout.cols, height: layout.travel), into: &screen, theme: theme)
        case .settings:
            SettingsView.draw(self, area: Rect(x: 0, y: 0, width: layout.cols, height: layout.travel), into: &screen, theme: theme)
        }
        TabHintView.draw(self, into: &screen, theme: theme)
        StatusLineView.draw(self, into: &screen, theme: theme)
        TabBarView.draw(self, into: &screen, theme: theme)
        ToastView.draw(self, into: &screen, theme: theme)
        ModalView.draw(self, into: &screen, theme: theme)
        if feedback.showHelp { HelpView.draw(self, into: &screen, theme: theme) }
        if presentation.ascii { ASCIISymbols.apply(to: &screen) }
        return screen
    }

    private func drawMapTab(into screen: inout Screen, theme: Theme) {
        if let scene = map.scene {
            MapRenderer.draw(into: &screen, pane: layout.mapPane, viewport: map.viewport, markers: map.markers,
                             options: mapOptions, scene: scene, keepClear: ToastView.area(self))
        } else {
            MapRenderer.draw(into: &screen, pane: layout.mapPane, viewport: map.viewport, markers: map.markers,
                             options: mapOptions, labels: [], keepClear: ToastView.area(self))
        }
        SheetView.draw(self, into: &screen, theme: theme)
    }

    /// How the Map tab draws the map.
    var mapOptions: MapOptions {
        MapOptions(ascii: presentation.ascii, color: presentation.color, graticule: true, dimmed: sheet.detent == .large && !sheet.isDragging,
                   placeNames: presentation.placeLanguage, focus: visibleMapCentre)
    }

    /// The place names for the map as it is now, kept where `map.labels` had them when they
    /// still fit (the benchmark times this from outside).
    public func placedMapLabels() -> [PlacedLabel] {
        MapRenderer.placeLabels(pane: layout.mapPane, viewport: map.viewport, markers: map.markers, options: mapOptions,
                                previous: map.labels)
    }

    /// Places the map's names again when what they depend on changed (the view, the
    /// markers, the pane, the names' language or ASCII), so they stay where they were
    /// while the map pans; called at the end of `update`. Only on the Map tab (the names
    /// kept from it are where the next visit starts), none while the terminal is too small.
    mutating func rememberMapLabels() {
        guard tab == .map else { return }
        guard !layout.isTooSmall else { map.scene = nil; map.labelsInput = nil; return }
        let input = MapLabelsInput(viewport: map.viewport, pane: layout.mapPane, markers: map.markers, language: presentation.placeLanguage, ascii: presentation.ascii)
        guard input != map.labelsInput else { return }
        map.scene = MapRenderer.scene(pane: layout.mapPane, viewport: map.viewport, markers: map.markers, options: mapOptions,
                                      previous: map.labels, after: map.scene)
        map.labelsInput = input
    }
}

/// What the map's place names were placed for (`AppState.rememberMapLabels`).
struct MapLabelsInput: Sendable, Equatable {
    var viewport: Viewport
    var pane: Rect
    var markers: [MapMarker]
    var language: PlaceNaming.Language
    var ascii: Bool
}

/// Shown instead of the UI when the terminal is below `Layout.minCols` × `Layout.minRows`.
enum TooSmallView {
    static func draw(into screen: inout Screen, theme: Theme) {
        let need = "\(Layout.minCols)×\(Layout.minRows)"
        let lines = [S.tooSmall(need), S.tooSmallNow("\(screen.width)×\(screen.height)")]
        let shortLines = [S.tooSmallShort.text, S.tooSmallNeed(need)]
        let use = DisplayWidth.of(lines[0]) <= screen.width ? lines : shortLines
        let top = max(0, (screen.height - use.count) / 2)
        for (i, l) in use.enumerated() {
            screen.putCentered(l, in: Rect(x: 0, y: top + i, width: screen.width, height: 1), style: theme.error)
        }
    }
}
