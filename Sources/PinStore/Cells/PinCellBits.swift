/// The bit-level pieces of the pin cell tile format (`PinCellTile`): unsigned LEB128
/// varints for the header, and a little-endian bit stream (each field's lowest bit first)
/// for the records; `PinCellTileReader` reads the fields.
enum PinCellBits {
    /// Bits needed to hold every value 0…`v` (0 for `v` = 0).
    @inline(__always)
    static func width(_ v: UInt64) -> Int { 64 - v.leadingZeroBitCount }

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

/// Writes fields one after the other into zeroed bytes as a little-endian bit stream
/// (`PinCellTileReader` reads them back), 8 bytes at a time.
struct PinCellBitWriter {
    private let buf: UnsafeMutableRawBufferPointer
    /// The next byte to write, and the bits gathered for it and the 7 after it.
    private var byte: Int
    private var acc: UInt64 = 0
    private var used = 0

    init(_ buf: UnsafeMutableRawBufferPointer, byte: Int) {
        self.buf = buf
        self.byte = byte
    }

    /// Appends `v` (below 2^`width`; `width` 0…64).
    @inline(__always)
    mutating func write(_ v: UInt64, width: Int) {
        guard width > 0 else { return }
        acc |= v &<< UInt64(used)
        guard used + width >= 64 else { used += width; return }
        buf.storeBytes(of: acc.littleEndian, toByteOffset: byte, as: UInt64.self)
        byte += 8
        used = used + width - 64  // the bits of `v` that did not fit
        acc = used > 0 ? v &>> UInt64(width - used) : 0
    }

    /// Writes the bits still gathered.
    mutating func finish() {
        var j = 0
        while j * 8 < used {
            buf[byte + j] = UInt8(truncatingIfNeeded: acc >> UInt64(8 * j))
            j += 1
        }
        byte += j
        acc = 0
        used = 0
    }
}
