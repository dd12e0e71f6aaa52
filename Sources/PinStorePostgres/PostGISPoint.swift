/// A point as PostGIS reads it in COPY's binary form: EWKB (little-endian, SRID 4326), the
/// value `ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)` gives, bit for bit.
enum PostGISPoint {
    /// Byte order 1 (little-endian), type 1 (point) with the SRID flag, SRID 4326.
    private static let header: [UInt8] = [0x01, 0x01, 0x00, 0x00, 0x20, 0xE6, 0x10, 0x00, 0x00]

    static func ewkb(latitude: Double, longitude: Double) -> [UInt8] {
        var bytes = header
        bytes.reserveCapacity(header.count + 16)
        withUnsafeBytes(of: longitude.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: latitude.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
