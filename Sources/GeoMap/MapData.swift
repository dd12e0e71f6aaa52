import CMapData

/// A set of polylines (coastlines, borders, lake shores or rivers) decoded
/// from the embedded data, with a bounding box per polyline so drawing can
/// skip what is off screen.
///
/// Points are stored flat as `Int32` longitude/latitude pairs in units of
/// 1 / `unitsPerDegree` degree: centidegrees (100) for Natural Earth, exactly
/// as embedded; 1e-4° (10,000) for the high-resolution tiles. Consecutive
/// longitudes are unwrapped on load (a step of more than 180° is taken the
/// short way round, so a polyline may extend past ±180° instead of jumping
/// across the map).
struct PolylineSet: Sendable {
    struct Line: Sendable {
        /// First point's index into `lons`/`lats` and the number of points.
        var start: Int
        var count: Int
        /// Bounding box in units; longitudes may pass ±180° (unwrapped).
        var minLon: Int32, maxLon: Int32, minLat: Int32, maxLat: Int32
    }

    var lines: [Line] = []
    var lons: [Int32] = []
    var lats: [Int32] = []
    /// Units per degree of `lons`, `lats` and the boxes.
    let unitsPerDegree: Int32
    /// Whether drawing may pass over vertices within a dot of the last one
    /// drawn (`DotProjection.draw`). True for the high-resolution tiles: GSHHG
    /// "high" has a vertex every 100–200 m, and where it starts to be drawn a
    /// dot spans 1 km, so a dense archipelago (Åland: 59,000 points in one
    /// 200-column view) would cost 15 ms a frame drawn vertex by vertex.
    /// False for Natural Earth, whose world and region frames stay as they were.
    let skipsWithinDot: Bool

    var pointCount: Int { lons.count }

    /// An empty set in units of 1 / `unitsPerDegree` degree, to `add` lines to.
    init(unitsPerDegree: Int32, skipsWithinDot: Bool = false) {
        self.unitsPerDegree = unitsPerDegree
        self.skipsWithinDot = skipsWithinDot
    }

    /// Builds a set from polylines given in degrees (used by tests), in centidegrees.
    init(degrees polylines: [[(lon: Double, lat: Double)]]) {
        unitsPerDegree = 100; skipsWithinDot = false
        for pl in polylines {
            var line = beginLine()
            for p in pl { append(&line, lon: Int32((p.lon * 100).rounded()), lat: Int32((p.lat * 100).rounded())) }
            end(line)
        }
    }

    /// Adds one polyline given in units (a lone point is dropped).
    mutating func add(lons lineLons: [Int32], lats lineLats: [Int32]) {
        var line = beginLine()
        for (lon, lat) in zip(lineLons, lineLats) { append(&line, lon: lon, lat: lat) }
        end(line)
    }

    /// Decodes a `PMD1` blob (format in `cmapdata.h`). A truncated or
    /// malformed blob yields the polylines read before the damage, never a trap.
    init(blob: UnsafeBufferPointer<UInt8>) {
        unitsPerDegree = 100; skipsWithinDot = false
        var r = ByteReader(bytes: blob)
        guard r.u8() == 0x50, r.u8() == 0x4D, r.u8() == 0x44, r.u8() == 0x31,
              let n = r.u32(), let total = r.u32() else { return }
        lines.reserveCapacity(Int(min(n, 1 << 20)))
        lons.reserveCapacity(Int(min(total, 1 << 22)))
        lats.reserveCapacity(Int(min(total, 1 << 22)))
        for _ in 0..<n {
            guard let count = r.u32(), r.remaining >= Int(count) * 4 else { return }
            var line = beginLine()
            for _ in 0..<count {
                guard let lon = r.i16(), let lat = r.i16() else { return }
                append(&line, lon: Int32(lon), lat: Int32(lat))
            }
            end(line)
        }
    }

    private func beginLine() -> Line {
        Line(start: lons.count, count: 0, minLon: .max, maxLon: .min, minLat: .max, maxLat: .min)
    }

    /// Adds a point, unwrapping its longitude against the previous one: a
    /// step of more than 180° is taken the short way round the antimeridian.
    @inline(__always)
    private mutating func append(_ line: inout Line, lon rawLon: Int32, lat: Int32) {
        var lon = rawLon
        if line.count > 0, let prev = lons.last {
            let half = 180 * unitsPerDegree
            while lon - prev > half { lon -= 2 * half }
            while prev - lon > half { lon += 2 * half }
        }
        lons.append(lon); lats.append(lat)
        line.count += 1
        line.minLon = min(line.minLon, lon); line.maxLon = max(line.maxLon, lon)
        line.minLat = min(line.minLat, lat); line.maxLat = max(line.maxLat, lat)
    }

    /// Keeps the line if it has a segment; a lone point is dropped.
    private mutating func end(_ line: Line) {
        if line.count >= 2 {
            lines.append(line)
        } else {
            lons.removeLast(line.count); lats.removeLast(line.count)
        }
    }
}

/// Little-endian reads from a byte buffer; each returns nil past the end.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    var remaining: Int { bytes.count - offset }

    mutating func u8() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        let v = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        offset += 4
        return v
    }

    mutating func u16() -> UInt16? {
        guard remaining >= 2 else { return nil }
        let v = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        offset += 2
        return v
    }

    mutating func i32() -> Int32? { u32().map { Int32(bitPattern: $0) } }

    /// The next `n` bytes (a view into the buffer).
    mutating func bytes(_ n: Int) -> UnsafeBufferPointer<UInt8>? {
        guard remaining >= n else { return nil }
        defer { offset += n }
        return UnsafeBufferPointer(rebasing: bytes[offset..<offset + n])
    }

    mutating func i16() -> Int16? {
        guard remaining >= 2 else { return nil }
        let v = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        offset += 2
        return Int16(bitPattern: v)
    }
}

/// The embedded map layers, decoded on first use. `static let` globals are
/// initialised lazily and exactly once, thread-safely, so no lock is needed;
/// the high-resolution tiles are decoded one by one as views need them.
///
/// Zoom bands (by degrees of longitude per column, so a wider pane switches
/// at a lower zoom, as it shows more): Natural Earth 1:110m coastlines and
/// borders for the world, 1:50m for a region, and from city zoom on GSHHG
/// "high" shorelines, lake shores and WDBII rivers with the 1:50m borders.
enum MapData {
    /// Which lines to draw.
    enum Detail: Sendable { case coarse110m, fine50m, high }

    /// Use 1:50m when one column spans less than this many degrees of
    /// longitude; 1:110m above it. With a braille dot half a column wide, the
    /// switch happens when a dot gets finer than 0.5°, about the spacing of
    /// 1:110m vertices: zoom ≥ 3.6 on a 100-column pane, ≥ 1.8 on 200 columns.
    static let fineDetailDegreesPerColumn = 1.0

    /// Use the high-resolution tiles below this many degrees per column
    /// (about 2 km: a dot of 1 km is finer than the 0.01° rounding and the
    /// few-km vertex spacing of 1:50m): zoom ≥ 180 on 100 columns, ≥ 90 on 200.
    static let highDetailDegreesPerColumn = 0.02

    static func detail(for viewport: Viewport, paneWidth: Int) -> Detail {
        let dpc = viewport.degreesPerColumn(paneWidth: paneWidth)
        if dpc < highDetailDegreesPerColumn { return .high }
        return dpc < fineDetailDegreesPerColumn ? .fine50m : .coarse110m
    }

    /// The four embedded Natural Earth layers.
    enum Layer: CaseIterable, Sendable { case coastline110m, borders110m, coastline50m, borders50m }

    static let coastline110m = decode(.coastline110m)
    static let borders110m = decode(.borders110m)
    static let coastline50m = decode(.coastline50m)
    static let borders50m = decode(.borders50m)

    /// The polylines a view draws, by theme role.
    struct Lines {
        var coast: [PolylineSet] = []
        var borders: [PolylineSet] = []
        var lakes: [PolylineSet] = []
        var rivers: [PolylineSet] = []
    }

    /// The lines of `detail` for a view spanning `south...north` and the
    /// unwrapped longitudes `west...east` (degrees). At `.high` only the
    /// tiles the view overlaps are decoded, each once (`tileCache`).
    static func lines(_ detail: Detail, south: Double, west: Double, north: Double, east: Double) -> Lines {
        switch detail {
        case .coarse110m: return Lines(coast: [coastline110m], borders: [borders110m])
        case .fine50m: return Lines(coast: [coastline50m], borders: [borders50m])
        case .high:
            var lines = Lines(borders: [borders50m])
            guard let tiles = detailTiles else { return lines }
            for key in tiles.keys(south: south, west: west, north: north, east: east) {
                let t = tileCache.tile(key) { tiles.decode(key: $0) }
                if !t.coast.lines.isEmpty { lines.coast.append(t.coast) }
                if !t.lakes.lines.isEmpty { lines.lakes.append(t.lakes) }
                if !t.rivers.lines.isEmpty { lines.rivers.append(t.rivers) }
            }
            return lines
        }
    }

    /// The embedded GSHHG/WDBII tiles (`cmapdetail.h`): only the header is read here.
    static let detailTiles: TiledLines? = {
        var len: UInt = 0
        guard let p = pinmap_detail(&len) else { return nil }
        return TiledLines(bytes: UnsafeBufferPointer(start: p, count: Int(len)))
    }()

    /// The tiles decoded so far.
    static let tileCache = TileCache()

    /// Decodes a layer from its blob (each call decodes afresh; the static
    /// lets above keep the result).
    static func decode(_ layer: Layer) -> PolylineSet {
        var len: UInt = 0
        let p: UnsafePointer<UInt8>?
        switch layer {
        case .coastline110m: p = pinmap_coastline_110m(&len)
        case .borders110m: p = pinmap_borders_110m(&len)
        case .coastline50m: p = pinmap_coastline_50m(&len)
        case .borders50m: p = pinmap_borders_50m(&len)
        }
        guard let p else { return PolylineSet(degrees: []) }
        return PolylineSet(blob: UnsafeBufferPointer(start: p, count: Int(len)))
    }
}
