import PinModel
import Frame

/// Which places may be named at a scale, in rank order.
struct Eligibility {
    let viewport: Viewport, pane: Rect, g: Gazetteer
    let degreesPerColumn: Double
    let minIsolationKm: Double

    init(viewport: Viewport, pane: Rect, g: Gazetteer) {
        self.viewport = viewport; self.pane = pane; self.g = g
        degreesPerColumn = viewport.degreesPerColumn(paneWidth: pane.width)
        minIsolationKm = LabelPlacer.isolationColumns * degreesPerColumn * 111.32
    }

    var showsCountries: Bool { degreesPerColumn >= LabelPlacer.countryMinDegreesPerColumn }

    func allows(_ key: PlacedLabel.Key) -> Bool {
        switch key {
        case .country(let i): return showsCountries && i < g.countries.count && countryFits(g.countries[i])
        case .city(let i): return i < g.cities.count && g.cities[i].isolationKm >= minIsolationKm
        }
    }

    /// A country is named once its largest part is at least 3 columns wide.
    func countryFits(_ c: Gazetteer.Country) -> Bool {
        var span = c.box.east - c.box.west
        if span < 0 { span += 360 }
        return span / degreesPerColumn >= 3
    }

    /// Countries by area (largest first), then the cities above the
    /// isolation threshold (the gazetteer keeps them in that order) whose
    /// point is in the pane.
    func ranked() -> [PlacedLabel.Key] {
        var keys: [PlacedLabel.Key] = []
        if showsCountries {
            let order = g.countries.indices.filter { countryFits(g.countries[$0]) && inPane(g.countries[$0].labelPoint) }
                .sorted { area(g.countries[$0].box) > area(g.countries[$1].box) }
            keys += order.map { .country($0) }
        }
        keys += visibleCities().map { .city($0) }
        return keys
    }

    /// Cities above the threshold whose point is in the pane, in rank order.
    /// Zoomed out, few cities pass the threshold: walk the ranked list until
    /// they stop. Zoomed in, many pass but few are in view: read the 1°
    /// cells the view covers instead.
    private func visibleCities() -> [Int] {
        let span = viewport.visibleSpan(pane: pane)
        let cells = (span.north - span.south + 2) * (span.east - span.west + 2)
        var found: [Int] = []
        if cells < 2_000 {
            let grid = CityGrid.shared
            for row in CityGrid.row(max(-90, span.south))...CityGrid.row(min(90, span.north)) {
                for col in Int((span.west + 180).rounded(.down))...Int((span.east + 180).rounded(.down)) {
                    for i in grid.cities(row: row, col: col) where g.cities[Int(i)].isolationKm >= minIsolationKm {
                        let c = g.cities[Int(i)]
                        if inPane(GeoPoint(latitude: c.latitude, longitude: c.longitude)) { found.append(Int(i)) }
                    }
                }
            }
            return found.sorted()
        }
        for (i, c) in g.cities.enumerated() {
            if c.isolationKm < minIsolationKm { break }
            if inPane(GeoPoint(latitude: c.latitude, longitude: c.longitude)) { found.append(i) }
        }
        return found
    }

    private func inPane(_ p: GeoPoint) -> Bool {
        let pos = viewport.cell(for: p, pane: pane)
        return pos.col >= Double(pane.x) && pos.col < Double(pane.maxX) && pos.row >= Double(pane.y) && pos.row < Double(pane.maxY)
    }

    private func area(_ b: LatLonBox) -> Double {
        var span = b.east - b.west
        if span < 0 { span += 360 }
        return span * (b.north - b.south)
    }
}
