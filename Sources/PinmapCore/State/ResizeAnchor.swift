import GeoMap
import PinModel

/// The view a run of resizes keeps: the scale (degrees of longitude per column), the centre
/// of the visible map and whether the whole world was fitted, as they were before the first
/// resize of the run, with the viewport the last resize produced.
///
/// Why: a terminal 1 or 2 columns wide cannot hold the scale (the zoom is clamped to its
/// range) nor show a centre (no map rows), so a scale or centre read back from it was lost
/// (z722 came back as z164). While the viewport is still the one a resize produced, the
/// next resize starts from the anchor instead; any other change of the view starts a new run.
///
/// Zoom keys, the wheel, `0` and `F` while a run is open act on the anchor too (see
/// `AppState+ResizeAnchor.swift`): at 40 columns, `-` from z16384 at 100 columns was clamped
/// in the narrow window's units and came back as z3277, not z8192.
struct ResizeAnchor: Equatable {
    var degreesPerColumn: Double
    var centre: GeoPoint
    var wholeWorld: Bool
    /// The map pane's width (columns) the scale was taken at: the zoom limits are counted there.
    var width: Int
    /// A box fitted (`F`, or `0`: the world) during the run: each later size fits it again.
    var fit: LatLonBox? = nil
    /// The viewport after the last resize of the run.
    var produced: Viewport

    /// The zoom the scale is at the anchor's width.
    var zoom: Double { 360 / (Double(width) * degreesPerColumn) }
}
