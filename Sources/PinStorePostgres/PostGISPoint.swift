/// A point as PostGIS reads it in COPY's text form: hex EWKB (little-endian, SRID 4326),
/// the value `ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)` gives, bit for bit.
enum PostGISPoint {
    /// Byte order 1 (little-endian), type 1 (point) with the SRID flag, SRID 4326.
    private static let header = "0101000020E6100000"
    private static let digits = Array("0123456789ABCDEF".utf8)

    static func ewkbHex(latitude: Double, longitude: Double) -> String {
        var bytes = [UInt8](header.utf8)
        bytes.reserveCapacity(header.utf8.count + 32)
        for value in [longitude, latitude] {
            var bits = value.bitPattern
            for _ in 0..<8 {
                bytes.append(digits[Int(bits >> 4 & 0xF)])
                bytes.append(digits[Int(bits & 0xF)])
                bits >>= 8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
