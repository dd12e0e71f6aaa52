import Frame
import GeoMap

extension AppState {
    /// The whole frame for the current state: `layout.cols` × `layout.rows` cells.
    public func render() -> Screen { renderWithLabels().screen }

    /// Renders and keeps the map's place labels for the next frame, so
    /// labels stay where they were while the map pans.
    public mutating func renderRememberingLabels() -> Screen {
        let (screen, labels, seconds) = renderWithLabels()
        if tab == .map { mapLabels = labels; labelSeconds = seconds }
        return screen
    }

    /// The frame, the place labels drawn on the map (none off the Map tab)
    /// and the seconds their placement took.
    func renderWithLabels() -> (screen: Screen, labels: [PlacedLabel], seconds: Double) {
        var screen = Screen(width: layout.cols, height: layout.rows)
        var labels: [PlacedLabel] = [], seconds = 0.0
        let theme = Theme(color: color, categorySlots: categorySlots)
        if layout.isTooSmall {
            TooSmallView.draw(into: &screen, theme: theme)
            if ascii { ASCIISymbols.apply(to: &screen) }  // "30×8" → "30x8"
            return (screen, labels, seconds)
        }
        switch tab {
        case .map: (labels, seconds) = drawMapTab(into: &screen, theme: theme)
        case .timeline:
            TimelineView.draw(timeline, area: Rect(x: 0, y: 0, width: layout.cols, height: layout.travel),
                              filtered: categoryFilter != nil, into: &screen, ascii: ascii, theme: theme)
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
        if showHelp { HelpView.draw(self, into: &screen, theme: theme) }
        if ascii { ASCIISymbols.apply(to: &screen) }
        return (screen, labels, seconds)
    }

    private func drawMapTab(into screen: inout Screen, theme: Theme) -> (labels: [PlacedLabel], seconds: Double) {
        let options = MapOptions(ascii: ascii, color: color, graticule: true, dimmed: sheet.detent == .large && !sheet.isDragging,
                                 placeNames: placeLanguage, focus: visibleMapCentre)
        let drawn = MapRenderer.drawTimingLabels(into: &screen, pane: layout.mapPane, viewport: viewport, markers: markers,
                                                 options: options, previousLabels: mapLabels)
        SheetView.draw(self, into: &screen, theme: theme)
        return (drawn.labels, drawn.labelSeconds)
    }
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
