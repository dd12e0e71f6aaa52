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

    /// `header`'s first 8 bytes as one word (in memory order), then its ninth.
    private static let headerWord = header.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }, headerLast = header[8]

    /// `ewkb` as a field of `out`, written in place with four stores (an array a pin was a
    /// load's every pin's allocation; copying the header from one, two calls of `memmove`).
    static func write(latitude: Double, longitude: Double, to out: PGCopyBinary) {
        out.raw(length: header.count + 16) { p in
            p.storeBytes(of: headerWord, toByteOffset: 0, as: UInt64.self)
            p.storeBytes(of: headerLast, toByteOffset: 8, as: UInt8.self)
            p.storeBytes(of: longitude.bitPattern.littleEndian, toByteOffset: 9, as: UInt64.self)
            p.storeBytes(of: latitude.bitPattern.littleEndian, toByteOffset: 17, as: UInt64.self)
        }
    }
}
