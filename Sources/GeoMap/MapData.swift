import CMapData

/// A set of polylines (coastlines or borders) decoded from the embedded
/// Natural Earth data, with a bounding box per polyline so drawing can skip
/// what is off screen.
///
/// Points are stored flat in centidegrees (degrees × 100) as `Int16`
/// longitude/latitude pairs, exactly as embedded. Consecutive longitudes are
/// unwrapped on load (a step of more than 180° is taken the short way round,
/// so a polyline may extend past ±180° instead of jumping across the map).
struct PolylineSet: Sendable {
    struct Line: Sendable {
        /// First point's index into `lons`/`lats` and the number of points.
        var start: Int
        var count: Int
        /// Bounding box in centidegrees; longitudes may pass ±18000 (unwrapped).
        var minLon: Int32, maxLon: Int32, minLat: Int32, maxLat: Int32
    }

    var lines: [Line] = []
    var lons: [Int32] = []
    var lats: [Int32] = []

    var pointCount: Int { lons.count }

    /// Builds a set from polylines given in degrees (used by tests and as the
    /// target of the binary decoder).
    init(degrees polylines: [[(lon: Double, lat: Double)]]) {
        for pl in polylines {
            add(pl.map { (Int32(($0.lon * 100).rounded()), Int32(($0.lat * 100).rounded())) })
        }
    }

    /// Decodes a `PMD1` blob (format in `cmapdata.h`). A truncated or
    /// malformed blob yields the polylines read before the damage, never a trap.
    init(blob: UnsafeBufferPointer<UInt8>) {
        var r = ByteReader(bytes: blob)
        guard r.u8() == 0x50, r.u8() == 0x4D, r.u8() == 0x44, r.u8() == 0x31,
              let n = r.u32(), let total = r.u32() else { return }
        lines.reserveCapacity(Int(n))
        lons.reserveCapacity(Int(min(total, 1 << 22)))
        lats.reserveCapacity(Int(min(total, 1 << 22)))
        var pts: [(Int32, Int32)] = []
        for _ in 0..<n {
            guard let count = r.u32(), r.remaining >= Int(count) * 4 else { return }
            pts.removeAll(keepingCapacity: true)
            for _ in 0..<count {
                guard let lon = r.i16(), let lat = r.i16() else { return }
                pts.append((Int32(lon), Int32(lat)))
            }
            add(pts)
        }
    }

    private mutating func add(_ pts: [(Int32, Int32)]) {
        guard pts.count >= 2 else { return }
        var line = Line(start: lons.count, count: pts.count,
                        minLon: .max, maxLon: .min, minLat: .max, maxLat: .min)
        var prevLon = pts[0].0
        for (i, (rawLon, lat)) in pts.enumerated() {
            var lon = rawLon
            if i > 0 {
                // Unwrap: take the short way round the antimeridian.
                while lon - prevLon > 18000 { lon -= 36000 }
                while prevLon - lon > 18000 { lon += 36000 }
            }
            prevLon = lon
            lons.append(lon); lats.append(lat)
            line.minLon = min(line.minLon, lon); line.maxLon = max(line.maxLon, lon)
            line.minLat = min(line.minLat, lat); line.maxLat = max(line.maxLat, lat)
        }
        lines.append(line)
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

    mutating func i16() -> Int16? {
        guard remaining >= 2 else { return nil }
        let v = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        offset += 2
        return Int16(bitPattern: v)
    }
}

/// The embedded map layers, decoded on first use. `static let` globals are
/// initialised lazily and exactly once, thread-safely, so no lock is needed.
enum MapData {
    /// Which Natural Earth scale to draw.
    enum Detail: Sendable { case coarse110m, fine50m }

    /// Use 1:50m when one column spans less than this many degrees of
    /// longitude; 1:110m above it. With a braille dot half a column wide, the
    /// switch happens when a dot gets finer than 0.5°, about the spacing of
    /// 1:110m vertices: zoom ≥ 3.6 on a 100-column pane, ≥ 1.8 on 200 columns.
    static let fineDetailDegreesPerColumn = 1.0

    static func detail(for viewport: Viewport, paneWidth: Int) -> Detail {
        viewport.degreesPerColumn(paneWidth: paneWidth) < fineDetailDegreesPerColumn ? .fine50m : .coarse110m
    }

    static let coastline110m = load(pinmap_coastline_110m)
    static let borders110m = load(pinmap_borders_110m)
    static let coastline50m = load(pinmap_coastline_50m)
    static let borders50m = load(pinmap_borders_50m)

    static func coastline(_ d: Detail) -> PolylineSet { d == .fine50m ? coastline50m : coastline110m }
    static func borders(_ d: Detail) -> PolylineSet { d == .fine50m ? borders50m : borders110m }

    private static func load(_ accessor: (UnsafeMutablePointer<UInt>?) -> UnsafePointer<UInt8>?) -> PolylineSet {
        var len: UInt = 0
        guard let p = accessor(&len) else { return PolylineSet(degrees: []) }
        return PolylineSet(blob: UnsafeBufferPointer(start: p, count: Int(len)))
    }
}
