import PinModel
import CZlib

/// The entries of a zip archive (PKWARE APPNOTE 6.3: the end record, the central directory and
/// local headers, which no library on the system reads for us) and one entry's bytes, inflated
/// with zlib's raw inflate. Stored (method 0) and deflated (method 8) entries; no Zip64, no
/// encryption. Extraction refuses a zip bomb: more than `maxInflatedSize` bytes, or more than
/// `maxRatio` times the compressed size once past 1 MiB.
struct ZipArchive {
    struct Entry {
        var name: String
        var method: Int
        var flags: Int
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    /// Why the archive or an entry cannot be read: a sentence for people.
    struct Failure: Error { var reason: String }

    static let maxInflatedSize = 256 << 20
    static let maxRatio = 200

    let bytes: [UInt8]
    let entries: [Entry]

    /// Reads the central directory.
    /// - Throws: `Failure` when there is no end record or the directory is cut short.
    init(bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        let n = bytes.count
        guard n >= 22 else { throw Failure(reason: "not a zip archive (too short)") }
        var end = -1
        var i = n - 22
        while i >= max(0, n - 22 - 65_535) {
            if Self.u32(bytes, i) == 0x0605_4B50 { end = i; break }
            i -= 1
        }
        guard end >= 0 else { throw Failure(reason: "not a zip archive (no end of central directory record)") }
        let count = Self.u16(bytes, end + 10)
        let offset = Self.u32(bytes, end + 16)
        if count == 0xFFFF || offset == 0xFFFF_FFFF { throw Failure(reason: "Zip64 archives are not supported") }
        var list: [Entry] = []
        var p = offset
        for _ in 0..<count {
            guard p + 46 <= n, Self.u32(bytes, p) == 0x0201_4B50 else {
                throw Failure(reason: "the zip central directory is damaged (at byte \(p))")
            }
            let nameLength = Self.u16(bytes, p + 28)
            let skip = nameLength + Self.u16(bytes, p + 30) + Self.u16(bytes, p + 32)
            guard p + 46 + nameLength <= n else { throw Failure(reason: "the zip central directory is cut short") }
            list.append(Entry(
                name: String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                method: Self.u16(bytes, p + 10), flags: Self.u16(bytes, p + 8),
                compressedSize: Self.u32(bytes, p + 20), uncompressedSize: Self.u32(bytes, p + 24),
                localHeaderOffset: Self.u32(bytes, p + 42)))
            p += 46 + skip
        }
        entries = list
    }

    /// The bytes of `entry`.
    /// - Throws: `Failure` for an encrypted entry, another method, damaged data, or a zip bomb.
    func extract(_ entry: Entry) throws(Failure) -> [UInt8] {
        if entry.flags & 1 != 0 { throw Failure(reason: "\(entry.name) is encrypted") }
        let h = entry.localHeaderOffset
        guard h + 30 <= bytes.count, Self.u32(bytes, h) == 0x0403_4B50 else {
            throw Failure(reason: "the zip entry \(entry.name) has no local header (damaged archive)")
        }
        let start = h + 30 + Self.u16(bytes, h + 26) + Self.u16(bytes, h + 28)
        guard start + entry.compressedSize <= bytes.count else {
            throw Failure(reason: "the zip entry \(entry.name) is cut short (damaged archive)")
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        if entry.uncompressedSize > Self.maxInflatedSize { throw bomb(entry) }
        switch entry.method {
        case 0: return Array(data)
        case 8: return try inflate(data, entry)
        default: throw Failure(reason: "the zip entry \(entry.name) uses compression method \(entry.method) (only stored and deflated are read)")
        }
    }

    private func bomb(_ entry: Entry) -> Failure {
        Failure(reason: "refused \(entry.name): it would inflate to more than \(Self.maxInflatedSize >> 20) MiB or more than \(Self.maxRatio) times its compressed size of \(entry.compressedSize) bytes (a zip bomb?)")
    }

    /// Raw inflate (no zlib header: window bits −15), stopping at the limits.
    private func inflate(_ data: ArraySlice<UInt8>, _ entry: Entry) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(reason: "zlib could not start inflating \(entry.name)")
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        out.reserveCapacity(min(entry.uncompressedSize, Self.maxInflatedSize))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = Array(data)
        let limit = Self.maxInflatedSize
        let ratioLimit = max(1 << 20, entry.compressedSize * Self.maxRatio)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inp in
            stream.next_in = inp.baseAddress
            stream.avail_in = UInt32(inp.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = UInt32(c.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    out.append(contentsOf: c[0..<(c.count - Int(stream.avail_out))])
                }
            } while status == Z_OK && out.count <= limit && out.count <= ratioLimit
        }
        if out.count > limit || out.count > ratioLimit { throw bomb(entry) }
        guard status == Z_STREAM_END else {
            throw Failure(reason: "the zip entry \(entry.name) is damaged (zlib status \(status))")
        }
        return out
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> Int {
        guard i + 2 <= b.count else { return 0 }
        return Int(b[i]) | Int(b[i + 1]) << 8
    }

    private static func u32(_ b: [UInt8], _ i: Int) -> Int {
        guard i + 4 <= b.count else { return 0 }
        return Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }
}
