/// The bit-level pieces of the pin cell tile format (`PinCellTile`): unsigned LEB128
/// varints for the header, and a little-endian bit stream (each field's lowest bit first)
/// for the records; `PinCellTileReader` reads the fields.
enum PinCellBits {
    /// Bits needed to hold every value 0…`v` (0 for `v` = 0).
    @inline(__always)
    static func width(_ v: UInt64) -> Int { 64 - v.leadingZeroBitCount }

    /// Writes the low `width` bits (0…64) of `v` at bit `bit` of `buf`, whose bits there
    /// are still 0 (`PinCellTileReader` reads them back).
    @inline(__always)
    static func put(_ buf: UnsafeMutableRawBufferPointer, bit: Int, _ v: UInt64, width: Int) {
        guard width > 0 else { return }
        if width > 32 {
            put(buf, bit: bit, v & 0xFFFF_FFFF, width: 32)
            put(buf, bit: bit + 32, v >> 32, width: width - 32)
            return
        }
        let byte = bit >> 3, shift = UInt64(bit & 7)
        let field = (v & ((1 << UInt64(width)) - 1)) << shift  // ≤ 39 bits
        if byte + 8 <= buf.count {
            let old = buf.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
            buf.storeBytes(of: old | field.littleEndian, toByteOffset: byte, as: UInt64.self)
        } else {
            var j = 0
            while byte + j < buf.count && j < 5 {
                buf[byte + j] |= UInt8(truncatingIfNeeded: field >> UInt64(8 * j))
                j += 1
            }
        }
    }

    /// Reads an unsigned LEB128 varint at `offset`, moving `offset` past it; nil when it
    /// runs past `bytes` or over 10 bytes.
    static func varint(_ p: UnsafeRawPointer, bytes: Int, offset: inout Int) -> UInt64? {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes && shift < 70 {
            let b = p.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
        return nil
    }

    /// Appends `v` as an unsigned LEB128 varint.
    static func appendVarint(_ v: UInt64, to out: inout [UInt8]) {
        var v = v
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }
}
