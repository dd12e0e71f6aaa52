import Frame

/// What `MapRenderer.draw` works out before it draws a view: the markers laid out on the
/// pane, the pins' titles beside them and the place names around them. Worked out once
/// (`MapRenderer.scene`) by a caller that keeps it between frames (the app, when the view
/// or the markers change), then drawn as it is (`MapRenderer.draw(…, scene:)`): a crowded
/// street frame lays out some 7,000 markers, and doing it again for every frame drawn
/// cost as much as drawing them.
public struct MapScene: Sendable {
    /// The place names placed (what the next placement keeps where they were).
    public let labels: [PlacedLabel]
    let laid: MarkerLayout.Laid
    let titles: [PlacedPinTitle]
    /// The side of its marker each pin's title is on, by pin id (what the next scene keeps).
    let titleSides: [Int64: PinTitles.Side]
    /// What it was worked out for: the options with colour and dimming cleared (only
    /// drawing reads those).
    let markers: [MapMarker]
    let viewport: Viewport
    let pane: Rect
    let options: MapOptions

    /// Whether this scene is the one `draw` would work out for these arguments.
    func fits(markers: [MapMarker], viewport: Viewport, pane: Rect, options: MapOptions) -> Bool {
        Self.layoutOptions(options) == self.options && pane == self.pane && viewport == self.viewport
            && markers == self.markers
    }

    /// `options` as far as laying out reads them (colour and dimming are drawing's).
    static func layoutOptions(_ options: MapOptions) -> MapOptions {
        var o = options
        o.color = true
        o.dimmed = false
        return o
    }
}

extension MapRenderer {
    /// Lays out the view as `draw` would and places its names, keeping `previous` where they
    /// still fit (`placeLabels`), and the pins' titles on the side of their marker `earlier`
    /// had them while they fit there whole (a one-step pan moved "Jeongseok Airport ●" to
    /// "● Jeongseok Airport" once the right side had room): for `draw(…, scene:)`.
    public static func scene(pane: Rect, viewport: Viewport, markers: [MapMarker], options: MapOptions,
                             previous: [PlacedLabel], after earlier: MapScene? = nil) -> MapScene {
        guard !pane.isEmpty else {
            return MapScene(labels: [], laid: MarkerLayout.Laid(slots: [], labels: []), titles: [], titleSides: [:],
                            markers: markers, viewport: viewport, pane: pane, options: MapScene.layoutOptions(options))
        }
        let laid = MarkerLayout.layout(markers, viewport: viewport, pane: pane, ascii: options.ascii)
        // The graticule's labels are laid out as `draw` lays them, on a scratch screen.
        var scratch = Screen(width: pane.maxX, height: pane.maxY)
        var (occupancy, titles) = occupy(laid, markers: markers, viewport: viewport, pane: pane, options: options,
                                        keptTitleSides: earlier?.titleSides ?? [:], screen: &scratch)
        var labels: [PlacedLabel] = []
        if let language = options.placeNames {
            labels = LabelPlacer.place(viewport: viewport, pane: pane, naming: PlaceNaming(language: language, ascii: options.ascii),
                                       occupancy: &occupancy, previous: previous,
                                       pinTitles: PinTitleEcho.all(laid, titles: titles, markers: markers))
        }
        let sides = Dictionary(titles.map { (markers[laid.slots[$0.slot].index].id, $0.side) }, uniquingKeysWith: { a, _ in a })
        return MapScene(labels: labels, laid: laid, titles: titles, titleSides: sides, markers: markers,
                        viewport: viewport, pane: pane, options: MapScene.layoutOptions(options))
    }

    /// Draws as `draw(…, labels: scene.labels, keepClear:)` does, taking the layout from
    /// `scene` when it was worked out for these arguments (else working it out again, as
    /// `draw` does). A degree label dropped for `keepClear` only frees cells: the scene's
    /// place names still keep off them.
    public static func draw(into screen: inout Screen, pane: Rect, viewport: Viewport, markers: [MapMarker],
                            options: MapOptions, scene: MapScene, keepClear: Rect? = nil) {
        guard scene.fits(markers: markers, viewport: viewport, pane: pane, options: options) else {
            draw(into: &screen, pane: pane, viewport: viewport, markers: markers, options: options, labels: scene.labels,
                 keepClear: keepClear)
            return
        }
        guard !pane.isEmpty else { return }
        screen.fill(pane, with: .blank)
        paint(rasterize(pane: pane, viewport: viewport, graticule: options.graticule), into: &screen, pane: pane, options: options)
        if options.graticule {
            _ = drawGraticuleLabels(scene.laid, titles: scene.titles, viewport: viewport, pane: pane, options: options,
                                    keepClear: keepClear, screen: &screen)
        }
        drawMarkers(scene.laid, into: &screen, pane: pane, options: options)
        drawPinTitles(scene.titles, scene.laid, into: &screen, options: options, keepClear: keepClear)
        drawLabels(scene.labels, into: &screen, options: options, keepClear: keepClear)
        if options.dimmed { screen.restyle(pane) { $0.dimmedForBackdrop } }
    }
}
