import Frame
import GeoMap
import PinModel

/// The view kept through a run of resizes (`ResizeAnchor`), and the view changes that act on
/// it while the run is open: a zoom key, the wheel, `0` and `F` at a size too small to hold
/// the view change the anchored view, so that going back to the old size shows exactly
/// their change (one `-` is one halving at every width, never a clamp to the narrow one).
extension AppState {
    /// The anchor of the run of resizes, while the viewport is still the one it produced.
    var liveResizeAnchor: ResizeAnchor? {
        map.resizeAnchor.flatMap { $0.produced == map.viewport ? $0 : nil }
    }

    /// The live anchor while the current size cannot hold its view: no map columns or rows,
    /// or a scale clamped to the zoom limits at this width. Only then do view changes act on
    /// the anchor; at any other size they act on the viewport as usual (the wheel about the
    /// pointer), and the next resize anchors what they left.
    var heldResizeAnchor: ResizeAnchor? {
        guard let anchor = liveResizeAnchor, anchor.fit == nil else { return nil }
        let width = layout.mapPane.width
        guard width > 0, settledVisibleMap.height > 0 else { return anchor }
        if anchor.wholeWorld { return nil }  // a map with rows shows the world fitted: it holds it
        let shown = map.viewport.degreesPerColumn(paneWidth: width)
        return abs(shown - anchor.degreesPerColumn) > 1e-9 * anchor.degreesPerColumn ? anchor : nil
    }

    /// Shows `anchor`'s view at the current size and keeps it as the run's anchor.
    mutating func apply(_ anchor: ResizeAnchor, _ fx: inout Effects) {
        let width = layout.mapPane.width
        if width > 0 { map.viewport.zoom = 360 / (Double(width) * anchor.degreesPerColumn) }
        if width > 0, settledVisibleMap.height > 0 { centerInVisibleMap(anchor.centre, &fx) }
        if anchor.wholeWorld {
            fitWorld(centredOn: anchor.centre.longitude, &fx)
        } else if let box = anchor.fit {
            fitInVisibleMap(box, &fx)
        }
        var kept = anchor
        kept.produced = map.viewport
        map.resizeAnchor = kept
    }

    /// `+`/`-` or the wheel (`factor` 2 or 0.5) at a size that cannot hold the anchored view
    /// (`heldResizeAnchor`): the anchored scale changes by `factor`, within the zoom limits at
    /// the anchor's width, about the anchored centre (a map too small to show is no place to
    /// zoom about).
    /// - Returns: false when no such anchor is held (the caller zooms the viewport itself).
    mutating func zoomAnchored(by factor: Double, _ fx: inout Effects) -> Bool {
        guard var anchor = heldResizeAnchor else { return false }
        var scaled = Viewport(center: anchor.centre, zoom: anchor.zoom)
        let before = scaled.zoom
        scaled.zoom(by: factor, about: nil, pane: Rect(x: 0, y: 0, width: anchor.width, height: 1))
        if scaled.zoom == before {
            feedback.message = factor > 1 ? S.msgClosestZoom.text : S.msgWholeWorld.text
            return true
        }
        anchor.degreesPerColumn = 360 / (Double(anchor.width) * scaled.zoom)
        anchor.wholeWorld = false
        apply(anchor, &fx)
        fx.requestView(list: true)
        return true
    }

    /// `0` or `F` (`box`; nil: the whole world) at a size that cannot hold the anchored view:
    /// runs `fit`, and each later size fits the same again, as the key would have there.
    mutating func fitAnchored(_ box: LatLonBox?, _ fit: (inout AppState) -> Void) {
        let held = heldResizeAnchor
        fit(&self)
        guard var anchor = held else { return }
        anchor.wholeWorld = box == nil
        // Set for the world too: its scale at the anchor's size is not known here, so a zoom
        // key after it acts on the viewport (`heldResizeAnchor` holds no fitted anchor).
        anchor.fit = box ?? LatLonBox(south: -90, west: -180, north: 90, east: 180)
        if box == nil { anchor.centre = GeoPoint(latitude: 0, longitude: 0) }
        anchor.produced = map.viewport
        map.resizeAnchor = anchor
    }
}
