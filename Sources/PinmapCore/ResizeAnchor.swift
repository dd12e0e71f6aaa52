import GeoMap

/// The view a run of resizes keeps: the scale (degrees of longitude per column), the centre
/// of the visible map and whether the whole world was fitted, as they were before the first
/// resize of the run, with the viewport the last resize produced.
///
/// Why: a terminal 1 or 2 columns wide cannot hold the scale (the zoom is clamped to its
/// range) nor show a centre (no map rows), so a scale or centre read back from it was lost
/// (z722 came back as z164). While the viewport is still the one a resize produced, the
/// next resize starts from the anchor instead; any other change of the view starts a new run.
struct ResizeAnchor: Equatable {
    var degreesPerColumn: Double
    var centre: GeoPoint
    var wholeWorld: Bool
    /// The viewport after the last resize of the run.
    var produced: Viewport
}
