/// The points of one GeoPackage geometry blob (OGC 12-128r18 §2.1.3): the `GP` header —
/// magic, version, flags (byte order, envelope size, empty), `srs_id`, envelope — then a
/// WKB (ISO 19125) Point or MultiPoint, 2D or with Z, M or ZM (ISO codes 1001…3004, and
/// EWKB's high flag bits, which some writers use), or a GeometryCollection of them and others.
struct GeoPackageGeometry: Equatable {
    /// One position: x (easting or longitude), y, and z when the geometry has one.
    struct Position: Equatable {
        var x: Double, y: Double, z: Double?
    }

    /// What the blob holds.
    enum Shape: Equatable {
        /// Its positions (one for a Point; none for an empty geometry or `POINT EMPTY`).
        case points([Position])
        /// Another geometry type (`LineString`, `Polygon`, …), named.
        case other(String)
        /// A GeometryCollection's points (of its Points and MultiPoints, nested collections
        /// too) and the names of its other members, in order (`LineString`).
        case collection([Position], skipped: [String])
    }

    /// The `srs_id` written in the header.
    var srsID: Int32
    var shape: Shape

    /// Why a blob cannot be read: a phrase for the row's issue.
    struct Failure: Error, Equatable { var reason: String }

    /// Parses `blob`.
    /// - Throws: `Failure` for a missing `GP` magic, a cut header or WKB, an unknown byte order.
    init(_ blob: [UInt8]) throws(Failure) {
        guard blob.count >= 8, blob[0] == 0x47, blob[1] == 0x50 else {
            throw Failure(reason: "not a GeoPackage geometry (no \"GP\" header)")
        }
        let flags = blob[3]
        let littleHeader = flags & 1 == 1
        srsID = Int32(bitPattern: UInt32(Self.u32(blob, 4, little: littleHeader)))
        let envelope: Int
        switch (flags >> 1) & 7 {
        case 0: envelope = 0
        case 1: envelope = 32
        case 2, 3: envelope = 48
        case 4: envelope = 64
        default: throw Failure(reason: "the geometry header's envelope code \((flags >> 1) & 7) is invalid")
        }
        let start = 8 + envelope
        guard blob.count >= start else { throw Failure(reason: "the geometry header is cut short") }
        if flags & 0x10 != 0 || blob.count == start {  // the empty-geometry flag
            shape = .points([])
            return
        }
        var reader = WKBReader(bytes: blob, offset: start)
        shape = try reader.geometry()
    }

    /// A bare WKB or EWKB geometry (as PostGIS and CARTO write it into CSV, in hex): its
    /// shape, and the SRID an EWKB one carries.
    /// - Throws: `Failure` for a cut geometry or an unknown byte order.
    static func wkb(_ bytes: [UInt8]) throws(Failure) -> (srid: Int32?, shape: Shape) {
        var reader = WKBReader(bytes: bytes, offset: 0)
        let shape = try reader.geometry()
        // Another type is named without being read through: only a point's end is known.
        if case .points = shape, reader.offset != bytes.count {
            throw Failure(reason: "the WKB geometry has \(bytes.count - reader.offset) bytes after its end")
        }
        return (reader.srid, shape)
    }

    fileprivate static func u32(_ b: [UInt8], _ i: Int, little: Bool) -> UInt32 {
        let v = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
        return little ? v : v.byteSwapped
    }
}

/// Reads WKB Points and MultiPoints, and the points of a GeometryCollection (reading through
/// its other members to find the next); names any other type.
private struct WKBReader {
    let bytes: [UInt8]
    var offset: Int
    /// The SRID an EWKB geometry carries (its SRID flag), once read.
    var srid: Int32?

    private static let names = [1: "Point", 2: "LineString", 3: "Polygon", 4: "MultiPoint", 5: "MultiLineString",
                                6: "MultiPolygon", 7: "GeometryCollection", 8: "CircularString", 9: "CompoundCurve",
                                10: "CurvePolygon", 11: "MultiCurve", 12: "MultiSurface", 15: "PolyhedralSurface",
                                16: "TIN", 17: "Triangle"]

    mutating func geometry() throws(GeoPackageGeometry.Failure) -> GeoPackageGeometry.Shape {
        let (little, base, dims, hasZ) = try header()
        switch base {
        case 1:
            return .points(try point(little: little, dims: dims, hasZ: hasZ).map { [$0] } ?? [])
        case 4:
            let n = try count(little)
            var positions: [GeoPackageGeometry.Position] = []
            positions.reserveCapacity(min(n, 1 << 20))
            for _ in 0..<n {
                let (l, b, d, z) = try header()
                guard b == 1 else { throw .init(reason: "a MultiPoint holds a \(Self.names[b] ?? "type \(b)")") }
                if let p = try point(little: l, dims: d, hasZ: z) { positions.append(p) }
            }
            return .points(positions)
        case 7:
            return try collection(little)
        default:
            return .other(Self.names[base] ?? "geometry type \(base)")
        }
    }

    /// A GeometryCollection's members after its header: their points, and the others named.
    private mutating func collection(_ little: Bool) throws(GeoPackageGeometry.Failure) -> GeoPackageGeometry.Shape {
        let n = try length(little, each: 9)
        var positions: [GeoPackageGeometry.Position] = []
        var skipped: [String] = []
        for _ in 0..<n {
            let start = offset
            let (l, base, dims, _) = try header()
            switch base {
            case 1, 4, 7:
                offset = start
                switch try geometry() {
                case .points(let p): positions += p
                case .collection(let p, let s): positions += p; skipped += s
                case .other: break
                }
            default:
                try skipBody(base: base, little: l, dims: dims)
                skipped.append(Self.names[base] ?? "geometry type \(base)")
            }
        }
        return .collection(positions, skipped: skipped)
    }

    /// Reads past the body of a geometry other than a point whose header was read: a curve's
    /// points, a polygon's rings, a multi-geometry's or compound's members.
    private mutating func skipBody(base: Int, little: Bool, dims: Int) throws(GeoPackageGeometry.Failure) {
        switch base {
        case 2, 8:  // LineString, CircularString: points
            offset += try length(little, each: 8 * dims) * 8 * dims
        case 3, 17:  // Polygon, Triangle: rings of points
            for _ in 0..<(try length(little, each: 4)) { offset += try length(little, each: 8 * dims) * 8 * dims }
        case 5, 6, 9, 10, 11, 12, 15, 16:  // members with their own headers
            for _ in 0..<(try length(little, each: 9)) {
                let (l, b, d, _) = try header()
                if b == 1 { offset += 8 * d } else if b == 7 { _ = try collection(l) } else { try skipBody(base: b, little: l, dims: d) }
            }
        default:
            throw .init(reason: "a GeometryCollection holds a geometry of unknown type \(base)")
        }
        guard offset <= bytes.count else { throw .init(reason: "the WKB geometry is cut short") }
    }

    /// A count of elements of at least `each` bytes; more than the bytes left hold is a damaged blob.
    private mutating func length(_ little: Bool, each: Int) throws(GeoPackageGeometry.Failure) -> Int {
        guard offset + 4 <= bytes.count else { throw .init(reason: "the WKB geometry is cut short") }
        let n = Int(GeoPackageGeometry.u32(bytes, offset, little: little))
        offset += 4
        guard n <= (bytes.count - offset) / max(each, 1) else { throw .init(reason: "the WKB geometry is cut short") }
        return n
    }

    /// Byte order, base type (1 Point … 17 Triangle), number of ordinates of the next
    /// geometry and whether the third is Z (not M).
    private mutating func header() throws(GeoPackageGeometry.Failure) -> (Bool, Int, Int, Bool) {
        guard offset + 5 <= bytes.count else { throw .init(reason: "the WKB geometry is cut short") }
        let order = bytes[offset]
        guard order <= 1 else { throw .init(reason: "the WKB byte order \(order) is neither 0 nor 1") }
        let little = order == 1
        let raw = GeoPackageGeometry.u32(bytes, offset + 1, little: little)
        offset += 5
        // EWKB's SRID flag: four bytes of SRID follow the type (the position was read from
        // them, 4 bytes early).
        if raw & 0x2000_0000 != 0 {
            guard offset + 4 <= bytes.count else { throw .init(reason: "the WKB geometry is cut short") }
            if srid == nil { srid = Int32(bitPattern: GeoPackageGeometry.u32(bytes, offset, little: little)) }
            offset += 4
        }
        // EWKB: Z and M as flag bits; ISO: thousands (1000 Z, 2000 M, 3000 ZM).
        var dims = 2
        if raw & 0x8000_0000 != 0 { dims += 1 }
        if raw & 0x4000_0000 != 0 { dims += 1 }
        let iso = Int(raw & 0x0FFF_FFFF)
        switch iso / 1000 {
        case 1, 2: dims += 1
        case 3: dims += 2
        default: break
        }
        let hasZ = raw & 0x8000_0000 != 0 || iso / 1000 == 1 || iso / 1000 == 3
        return (little, iso % 1000, dims, hasZ)
    }

    private mutating func count(_ little: Bool) throws(GeoPackageGeometry.Failure) -> Int {
        guard offset + 4 <= bytes.count else { throw .init(reason: "the WKB geometry is cut short") }
        defer { offset += 4 }
        let n = Int(GeoPackageGeometry.u32(bytes, offset, little: little))
        // Each point takes at least 21 bytes: a count beyond that is a damaged blob.
        guard n <= (bytes.count - offset) / 21 else { throw .init(reason: "the MultiPoint's count \(n) exceeds its bytes") }
        return n
    }

    /// A position; nil for `POINT EMPTY` (NaN ordinates).
    private mutating func point(little: Bool, dims: Int, hasZ: Bool) throws(GeoPackageGeometry.Failure) -> GeoPackageGeometry.Position? {
        guard offset + 8 * dims <= bytes.count else { throw .init(reason: "the WKB point is cut short") }
        var values: [Double] = []
        for k in 0..<dims {
            let i = offset + 8 * k
            var bits: UInt64 = 0
            for j in 0..<8 { bits |= UInt64(bytes[i + j]) << (8 * UInt64(j)) }
            values.append(Double(bitPattern: little ? bits : bits.byteSwapped))
        }
        offset += 8 * dims
        if values[0].isNaN && values[1].isNaN { return nil }
        // The third ordinate is Z unless the type is M only (ISO 2000s, or EWKB's M flag alone).
        return GeoPackageGeometry.Position(x: values[0], y: values[1], z: hasZ ? values[2] : nil)
    }
}
