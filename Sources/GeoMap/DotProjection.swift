import Frame

/// The viewport's equirectangular projection expressed in braille dots of one
/// pane: dot x = (longitude − west) × dotsPerDegree, dot y = (north −
/// latitude) × dotsPerDegree. Dots are square in degrees because a cell is 2
/// dots wide and 4 high while a row spans 2 × the degrees of a column.
struct DotProjection {
    /// Unwrapped longitude at the pane's left edge (may be below -180).
    let west: Double
    /// Unwrapped longitude at the pane's right edge (may be above 180).
    let east: Double
    /// Latitude at the pane's top edge (may pass 90).
    let north: Double
    /// Latitude at the pane's bottom edge (may pass -90).
    let south: Double
    /// Dots per degree, both axes: 2 / degreesPerColumn.
    let dotsPerDegree: Double

    init(viewport: Viewport, pane: Rect) {
        let span = viewport.visibleSpan(pane: pane)
        west = span.west; east = span.east; north = span.north; south = span.south
        dotsPerDegree = 2 / viewport.degreesPerColumn(paneWidth: pane.width)
    }

    @inline(__always) func x(lon: Double) -> Double { (lon - west) * dotsPerDegree }
    @inline(__always) func y(lat: Double) -> Double { (north - lat) * dotsPerDegree }

    /// Whole-world shifts (degrees of longitude) a polyline may be drawn at.
    /// The view is at most 360° wide and centred within [-180, 180], so −360,
    /// 0 and +360 cover every case.
    static let shifts: [Double] = [-360, 0, 360]

    /// True when the longitude range `[minLon, maxLon]` (unwrapped, degrees)
    /// moved by `shift` overlaps the view.
    @inline(__always) func shows(minLon: Double, maxLon: Double, shift: Double) -> Bool {
        maxLon + shift >= west && minLon + shift <= east
    }

    /// Draws every polyline of `set` that overlaps the view into `canvas`,
    /// once per world copy it shows up in. Polylines whose bounding box misses
    /// the view are skipped without touching their points. When the set
    /// `skipsWithinDot`, a vertex less than a dot from the last one drawn is
    /// passed over (the line moves by under a dot; a polyline's last vertex
    /// is always drawn, so tiles still join).
    func draw(_ set: PolylineSet, into canvas: inout DotCanvas) {
        let skips = set.skipsWithinDot
        let units = Double(set.unitsPerDegree)
        let w = Int32(((west - 360) * units).rounded(.down)), e = Int32(((east + 360) * units).rounded(.up))
        let s = Int32((max(-91, south) * units).rounded(.down)), n = Int32((min(91, north) * units).rounded(.up))
        let scale = dotsPerDegree * (1 / units)  // for units 100 the same double as × 0.01
        set.lons.withUnsafeBufferPointer { lons in
            set.lats.withUnsafeBufferPointer { lats in
                for line in set.lines {
                    // Cheap reject on latitude and on the widest longitude window.
                    guard line.maxLat >= s, line.minLat <= n, line.maxLon >= w, line.minLon <= e else { continue }
                    let lo = Double(line.minLon) / units, hi = Double(line.maxLon) / units
                    for off in DotProjection.shifts where shows(minLon: lo, maxLon: hi, shift: off) {
                        // x = (lon/units + off - west) × dpd, done in units.
                        let x0 = (off - west) * dotsPerDegree, y0 = north * dotsPerDegree
                        var px = x0 + Double(lons[line.start]) * scale
                        var py = y0 - Double(lats[line.start]) * scale
                        let last = line.start + line.count - 1
                        for i in (line.start + 1)...last {
                            let qx = x0 + Double(lons[i]) * scale, qy = y0 - Double(lats[i]) * scale
                            if skips, i < last, abs(qx - px) < 1, abs(qy - py) < 1 { continue }
                            canvas.line(px, py, qx, qy)
                            px = qx; py = qy
                        }
                    }
                }
            }
        }
    }
}
