import CLibpq
import PinModel

/// Rows for `COPY … FROM STDIN (FORMAT binary)` (`PGConnection.copyBinary`): each field its
/// length and its bytes in the type's send format (big-endian numbers, text as UTF-8), so
/// the server parses no text (numbers, arrays) and the client escapes none. For a load of a
/// million pins, the text form's parsing of each pin's gram array was most of its COPY.
final class PGCopyBinary {
    /// The rows not sent yet: `count` bytes of `room`. Memory of its own, not an array: an
    /// array's checks on each of a row's ~30 appends were a tenth of a load's client work.
    private var bytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var room = 1 << 21
    private let send: (UnsafeBufferPointer<UInt8>) throws(StoreError) -> Void

    /// COPY's binary header: signature, flags, header extension length.
    static let header: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [0, 0, 0, 0] + [0, 0, 0, 0]

    /// - Parameters:
    ///   - header: false for rows encoded apart from the stream they go into (`PGEncodedChunks`).
    ///   - send: called with the rows so far, whole rows, when they pass a megabyte and at `flush`.
    init(header: Bool = true, send: @escaping (UnsafeBufferPointer<UInt8>) throws(StoreError) -> Void) {
        self.send = send
        bytes = .allocate(capacity: room)
        if header { Self.header.withUnsafeBufferPointer { append($0) } }
    }

    deinit { bytes.deallocate() }

    /// Starts a row of `fields` fields.
    func row(_ fields: Int) { put(UInt16(fields)) }

    /// Ends the row; sends the rows so far once they pass a megabyte.
    func endRow() throws(StoreError) {
        if count > (1 << 20) { try flush() }
    }

    func null() { put(UInt32.max) }

    func text(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            put(UInt32(utf8.count))
            append(utf8)
        }
    }

    /// A text field from UTF-8 bytes as they are.
    func text(bytes utf8: UnsafeBufferPointer<UInt8>) {
        put(UInt32(utf8.count))
        append(utf8)
    }

    /// `jsonb` from the JSON text's UTF-8 bytes (`jsonb`).
    func jsonb(bytes utf8: UnsafeBufferPointer<UInt8>) {
        put(UInt32(utf8.count + 1))
        put(UInt8(1))
        append(utf8)
    }

    func int16(_ v: Int) { put(UInt32(2)); put(UInt16(truncatingIfNeeded: v)) }
    func int32(_ v: Int) { put(UInt32(4)); put(UInt32(truncatingIfNeeded: v)) }
    func int64(_ v: Int64) { put(UInt32(8)); put(UInt64(bitPattern: v)) }
    func float8(_ v: Double) { put(UInt32(8)); put(v.bitPattern) }

    /// `jsonb`'s send format: version 1, then the JSON text.
    func jsonb(_ json: String) {
        var s = json
        s.withUTF8 { utf8 in
            put(UInt32(utf8.count + 1))
            put(UInt8(1))
            append(utf8)
        }
    }

    /// A field already in its type's send format (PostGIS reads a geometry as EWKB).
    func raw(_ field: UnsafeBufferPointer<UInt8>) {
        put(UInt32(field.count))
        append(field)
    }

    func raw(_ field: [UInt8]) { field.withUnsafeBufferPointer { raw($0) } }

    /// A field of `length` bytes already in its type's send format, written in place by `fill`.
    @inline(__always)
    func raw(length: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        put(UInt32(length))
        reserve(length)
        fill(UnsafeMutableRawPointer(bytes + count))
        count += length
    }

    /// A text field written as its scalars (`append` each), UTF-8 on the wire.
    func text(scalars: (_ append: (Unicode.Scalar) -> Void) -> Void) {
        let start = count
        put(UInt32(0))  // the field's length, filled in below
        scalars { ch in
            var buffer: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let n = withUnsafeMutableBytes(of: &buffer) { raw -> Int in
                var k = 0
                UTF8.encode(ch) { raw[k] = $0; k += 1 }
                return k
            }
            withUnsafeBytes(of: buffer) { append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<n])) }
        }
        fillLength(at: start)
    }

    /// Writes the length of the field that starts at `start` (its length's own 4 bytes).
    private func fillLength(at start: Int) {
        let length = UInt32(count - start - 4)
        for k in 0..<4 { bytes[start + k] = UInt8(truncatingIfNeeded: length >> (24 - 8 * k)) }
    }

    /// Sends what is written so far.
    func flush() throws(StoreError) {
        guard count > 0 else { return }
        try send(UnsafeBufferPointer(start: bytes, count: count))
        count = 0
    }

    /// Sends what is written so far, then `rows`: whole rows in this form, encoded elsewhere,
    /// in messages of `piece` bytes at most (the server reads a whole message before it
    /// parses a row of it: a chunk's ~600 KB in one kept it waiting on the sending thread).
    func send(encoded rows: [UInt8], piece: Int = 1 << 16) throws(StoreError) {
        try flush()
        try rows.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(StoreError) in
            var at = 0
            while at < b.count {
                let n = min(piece, b.count - at)
                try send(UnsafeBufferPointer(rebasing: b[at..<(at + n)]))
                at += n
            }
        }
    }

    /// The end of the rows (a field count of -1), sent.
    func finish() throws(StoreError) {
        put(UInt16.max)
        try flush()
    }

    @inline(__always)
    private func put<T: FixedWidthInteger>(_ v: T) {
        reserve(MemoryLayout<T>.size)
        UnsafeMutableRawPointer(bytes + count).storeBytes(of: v.bigEndian, as: T.self)
        count += MemoryLayout<T>.size
    }

    @inline(__always)
    private func append(_ b: UnsafeBufferPointer<UInt8>) {
        guard let base = b.baseAddress else { return }
        reserve(b.count)
        (bytes + count).update(from: base, count: b.count)
        count += b.count
    }

    /// Room for `n` more bytes.
    @inline(__always)
    private func reserve(_ n: Int) {
        guard count + n > room else { return }
        room = max(2 * room, count + n)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        larger.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = larger
    }
}
