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

    /// Builds a set from polylines given in degrees (used by tests).
    init(degrees polylines: [[(lon: Double, lat: Double)]]) {
        for pl in polylines {
            var line = beginLine()
            for p in pl { append(&line, lon: Int32((p.lon * 100).rounded()), lat: Int32((p.lat * 100).rounded())) }
            end(line)
        }
    }

    /// Decodes a `PMD1` blob (format in `cmapdata.h`). A truncated or
    /// malformed blob yields the polylines read before the damage, never a trap.
    init(blob: UnsafeBufferPointer<UInt8>) {
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
            while lon - prev > 18000 { lon -= 36000 }
            while prev - lon > 18000 { lon += 36000 }
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

    /// The four embedded layers.
    enum Layer: CaseIterable, Sendable { case coastline110m, borders110m, coastline50m, borders50m }

    static let coastline110m = decode(.coastline110m)
    static let borders110m = decode(.borders110m)
    static let coastline50m = decode(.coastline50m)
    static let borders50m = decode(.borders50m)

    static func coastline(_ d: Detail) -> PolylineSet { d == .fine50m ? coastline50m : coastline110m }
    static func borders(_ d: Detail) -> PolylineSet { d == .fine50m ? borders50m : borders110m }

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
