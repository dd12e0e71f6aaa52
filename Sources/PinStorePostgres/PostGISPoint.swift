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

    /// `ewkb` as a field of `out`, made in place (an array a pin was a load's every pin's allocation).
    static func write(latitude: Double, longitude: Double, to out: PGCopyBinary) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: header.count + 16) { b in
            _ = b.initialize(from: header)
            let raw = UnsafeMutableRawPointer(b.baseAddress! + header.count)
            raw.storeBytes(of: longitude.bitPattern.littleEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: latitude.bitPattern.littleEndian, toByteOffset: 8, as: UInt64.self)
            out.raw(UnsafeBufferPointer(b))
        }
    }
}
