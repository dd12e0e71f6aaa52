/// The bit-level pieces of the pin cell tile format (`PinCellTile`): unsigned LEB128
/// varints for the header, and a little-endian bit stream (each field's lowest bit first,
/// fields back to back) for the records.
enum PinCellBits {
    /// Bits needed to hold every value 0…`v` (0 for `v` = 0).
    @inline(__always)
    static func width(_ v: UInt64) -> Int { 64 - v.leadingZeroBitCount }

    /// The `width`-bit field (0…64) starting at bit `bit` of the `bytes` bytes at `p`.
    /// Bits past the end read as 0. One unaligned 8-byte load unless the field is near
    /// the end or wider than 56 bits.
    @inline(__always)
    static func read(_ p: UnsafeRawPointer, bytes: Int, bit: Int, width: Int) -> UInt64 {
        guard width > 0 else { return 0 }
        let byte = bit >> 3, shift = bit & 7
        var v: UInt64
        if byte + 8 <= bytes {
            v = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: byte, as: UInt64.self)) >> UInt64(shift)
        } else {
            v = 0
            var j = 0
            while byte + j < bytes && j < 8 {
                v |= UInt64(p.load(fromByteOffset: byte + j, as: UInt8.self)) << UInt64(8 * j)
                j += 1
            }
            v >>= UInt64(shift)
        }
        if shift + width > 64, byte + 8 < bytes {
            v |= UInt64(p.load(fromByteOffset: byte + 8, as: UInt8.self)) << UInt64(64 - shift)
        }
        return width >= 64 ? v : v & ((1 << UInt64(width)) - 1)
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

/// Appends fields to a byte array as a little-endian bit stream (`PinCellBits.read`
/// reads them back). Call `finish` after the last field.
struct PinCellBitWriter {
    private var acc: UInt64 = 0
    private var used = 0

    /// Appends the low `width` bits (0…64) of `v`.
    @inline(__always)
    mutating func write(_ v: UInt64, width: Int, to out: inout [UInt8]) {
        if width > 32 {
            write(v & 0xFFFF_FFFF, width: 32, to: &out)
            write(v >> 32, width: width - 32, to: &out)
            return
        }
        guard width > 0 else { return }
        // `used` < 8 here, so the field fits in the accumulator.
        acc |= (v & ((1 << UInt64(width)) - 1)) << UInt64(used)
        used += width
        while used >= 8 {
            out.append(UInt8(truncatingIfNeeded: acc))
            acc >>= 8
            used -= 8
        }
    }

    /// Appends the last partial byte, if any.
    mutating func finish(to out: inout [UInt8]) {
        if used > 0 { out.append(UInt8(truncatingIfNeeded: acc)) }
        acc = 0
        used = 0
    }
}
