import PinModel
import Frame

/// What part of the world a map pane shows: a centre and a zoom, in an
/// equirectangular projection (longitude and latitude map linearly to
/// columns and rows).
///
/// Terminal cells are about twice as tall as wide, so one row spans twice as
/// many degrees as one column: `degreesPerRow = 2 × degreesPerColumn`, which
/// keeps shapes near the equator in proportion. At zoom 1 the full 360° of
/// longitude fit the pane's width; every doubling of `zoom` halves the
/// degrees per column. The centre of the pane is the point between the
/// middle two columns/rows (`pane.x + width / 2`, `pane.y + height / 2`).
///
/// Screen coordinates are absolute cells (the pane's origin included) and
/// fractional: the cell holding a point is `(Int(floor(col)), Int(floor(row)))`.
public struct Viewport: Sendable, Equatable {
    /// Zoom limits for zooming in and out (keys, wheel, `--zoom`): 1 (whole
    /// world width) to 2^14 (≈ 1 m per column on a 200-column pane, far beyond
    /// the data's 0.01° resolution).
    public static let zoomRange: ClosedRange<Double> = 1...16384

    /// The lowest zoom `fit` goes to: below 1 the world is narrower than the
    /// pane, which a short map above a tall sheet needs to show all latitudes.
    public static let fitZoomFloor = 0.125

    /// The point at the pane's centre. Longitude is kept in [-180, 180]. Latitude
    /// is any finite number: past a pole only when a sheet covers the pane's lower
    /// part and the world is fitted into the few rows above it (the pane's centre is
    /// then far below the visible map); panning stops at the poles.
    public var center: GeoPoint {
        didSet { center = Viewport.normalized(center) }
    }

    /// 1 = the whole world's width fits the pane; ×2 per step; kept within
    /// `fitZoomFloor...zoomRange.upperBound` (only `fit` goes below 1).
    public var zoom: Double {
        didSet { zoom = Viewport.clampZoom(zoom) }
    }

    public init(center: GeoPoint = GeoPoint(latitude: 20, longitude: 0), zoom: Double = 1) {
        self.center = Viewport.normalized(center)
        self.zoom = Viewport.clampZoom(zoom)
    }

    /// The whole world, centred at 20°N so the inhabited latitudes fill the pane.
    public static let world = Viewport()

    // MARK: Scale

    /// Degrees of longitude one column spans: `360 / (paneWidth × zoom)`.
    /// A pane narrower than one column counts as one column.
    public func degreesPerColumn(paneWidth: Int) -> Double {
        360 / (Double(max(1, paneWidth)) * zoom)
    }

    /// Degrees of latitude one row spans: twice `degreesPerColumn`.
    public func degreesPerRow(paneWidth: Int) -> Double {
        2 * degreesPerColumn(paneWidth: paneWidth)
    }

    // MARK: Projection

    /// The screen position of `p` (absolute cells, fractional). Longitude is
    /// taken on the copy of the world nearest to the centre, so a point at
    /// 179°W appears just right of a centre at 179°E.
    public func cell(for p: GeoPoint, pane: Rect) -> (col: Double, row: Double) {
        let dpc = degreesPerColumn(paneWidth: pane.width)
        let dLon = Viewport.nearestDelta(p.longitude - center.longitude)
        let dLat = p.latitude - center.latitude
        return (centerCol(pane) + dLon / dpc, centerRow(pane) - dLat / (2 * dpc))
    }

    /// The point at screen position (`col`, `row`), the inverse of
    /// `cell(for:pane:)`. Latitude is clamped to [-90, 90]; longitude is
    /// wrapped into [-180, 180].
    public func point(col: Double, row: Double, pane: Rect) -> GeoPoint {
        let dpc = degreesPerColumn(paneWidth: pane.width)
        let lon = center.longitude + (col - centerCol(pane)) * dpc
        let lat = center.latitude - (row - centerRow(pane)) * 2 * dpc
        return GeoPoint(latitude: GeoMath.clampLatitude(lat), longitude: GeoMath.wrapLongitude(lon))
    }

    /// True when screen position (`col`, `row`) is on the world the map draws: within
    /// 180° of longitude of the centre (one copy of the world; below zoom 1 the
    /// columns beyond are blank margin) and between the poles. `point(col:row:pane:)`
    /// would wrap or clamp a position off it into a coordinate that is not there.
    public func isOnMap(col: Double, row: Double, pane: Rect) -> Bool {
        let dpc = degreesPerColumn(paneWidth: pane.width)
        let dLon = (col - centerCol(pane)) * dpc
        let lat = center.latitude - (row - centerRow(pane)) * 2 * dpc
        return abs(dLon) <= 180 && abs(lat) <= 90
    }

    /// The visible region: one box, or two when the view crosses the
    /// antimeridian (the part west of it first, ending at 180, then the part
    /// from -180). Latitudes are clamped to [-90, 90]. At zoom 1 the box spans
    /// all longitudes.
    public func boundingBoxes(pane: Rect) -> [LatLonBox] {
        let span = visibleSpan(pane: pane)
        let south = GeoMath.clampLatitude(span.south), north = GeoMath.clampLatitude(span.north)
        if span.east - span.west >= 360 {
            return [LatLonBox(south: south, west: -180, north: north, east: 180)]
        }
        if span.west < -180 {
            return [LatLonBox(south: south, west: span.west + 360, north: north, east: 180),
                    LatLonBox(south: south, west: -180, north: north, east: span.east)]
        }
        if span.east > 180 {
            return [LatLonBox(south: south, west: span.west, north: north, east: 180),
                    LatLonBox(south: south, west: -180, north: north, east: span.east - 360)]
        }
        return [LatLonBox(south: south, west: span.west, north: north, east: span.east)]
    }

    /// The pane's edges in degrees without wrapping or clamping: `west` may be
    /// below -180 and `east` above 180 near the antimeridian, `south`/`north`
    /// may pass the poles.
    func visibleSpan(pane: Rect) -> (south: Double, west: Double, north: Double, east: Double) {
        let dpc = degreesPerColumn(paneWidth: pane.width)
        let halfW = Double(pane.width) / 2 * dpc, halfH = Double(pane.height) / 2 * 2 * dpc
        return (center.latitude - halfH, center.longitude - halfW,
                center.latitude + halfH, center.longitude + halfW)
    }

    // MARK: Navigation

    /// Moves the view by `columns` cells east (negative: west) and `rows`
    /// cells south (negative: north), like scrolling: the map content moves
    /// the other way. A mouse drag of (dx, dy) cells is `pan(columns: -dx,
    /// rows: -dy)`. Longitude wraps; latitude stops at the poles.
    public mutating func pan(columns: Double, rows: Double, pane: Rect) {
        let dpc = degreesPerColumn(paneWidth: pane.width)
        let lat = center.latitude - rows * 2 * dpc
        center = GeoPoint(latitude: min(max(lat, min(-90, center.latitude)), max(90, center.latitude)),
                          longitude: center.longitude + columns * dpc)
    }

    /// Multiplies the zoom by `factor` (2 = one step in, 0.5 = one step out),
    /// clamped to `zoomRange` (a zoom below 1 left by `fit` does not go lower). With `about` (absolute cells) the point under
    /// that cell stays under it, as with a mouse wheel; without it the centre
    /// stays. Non-positive or non-finite factors are ignored.
    public mutating func zoom(by factor: Double, about: (col: Double, row: Double)?, pane: Rect) {
        guard factor.isFinite, factor > 0 else { return }
        let oldDpc = degreesPerColumn(paneWidth: pane.width)
        zoom = max(zoom * factor, min(zoom, Viewport.zoomRange.lowerBound))
        guard let about else { return }
        let newDpc = degreesPerColumn(paneWidth: pane.width)
        // Offsets from the centre in cells; the geographic point under the
        // pointer is centre + offset × old scale and must equal
        // newCentre + offset × new scale.
        let dx = about.col - centerCol(pane), dy = about.row - centerRow(pane)
        center = GeoPoint(latitude: center.latitude - dy * 2 * (oldDpc - newDpc),
                          longitude: center.longitude + dx * (oldDpc - newDpc))
    }

    /// Centres on `box` and picks the largest zoom that shows it whole, with
    /// `margin` cells (columns, rows; one by default) left free on every side. A box
    /// with `west > east` is taken to cross the antimeridian. Boxes smaller than 0.02°
    /// (the data's resolution, e.g. a single pin) are treated as 0.02° wide and high.
    public mutating func fit(_ box: LatLonBox, pane: Rect, margin: (cols: Int, rows: Int) = (1, 1)) {
        let south = GeoMath.clampLatitude(min(box.south, box.north))
        let north = GeoMath.clampLatitude(max(box.south, box.north))
        var span = box.east - box.west
        if span < 0 { span += 360 }
        span = min(360, span)
        let width = max(0.02, span), height = max(0.02, north - south)
        let usableCols = Double(max(1, pane.width - 2 * margin.cols)), usableRows = Double(max(1, pane.height - 2 * margin.rows))
        let dpcNeeded = max(width / usableCols, height / (2 * usableRows))
        center = GeoPoint(latitude: (south + north) / 2, longitude: box.west + span / 2)
        zoom = 360 / (Double(max(1, pane.width)) * dpcNeeded)
    }

    // MARK: Helpers

    func centerCol(_ pane: Rect) -> Double { Double(pane.x) + Double(pane.width) / 2 }
    func centerRow(_ pane: Rect) -> Double { Double(pane.y) + Double(pane.height) / 2 }

    /// A longitude difference folded into [-180, 180).
    static func nearestDelta(_ d: Double) -> Double {
        guard d.isFinite else { return 0 }
        if d >= -180 && d < 180 { return d }
        var r = (d + 180).truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        return r - 180
    }

    static func clampZoom(_ z: Double) -> Double {
        guard z.isFinite else { return zoomRange.lowerBound }
        return min(zoomRange.upperBound, max(fitZoomFloor, z))
    }

    static func normalized(_ p: GeoPoint) -> GeoPoint {
        let lat = p.latitude.isFinite ? p.latitude : 0, lon = GeoMath.wrapLongitude(p.longitude)
        return (lat == p.latitude && lon == p.longitude) ? p : GeoPoint(latitude: lat, longitude: lon)
    }
}
