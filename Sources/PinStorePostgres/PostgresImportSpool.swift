import Foundation
import Glibc
import PinModel

/// The pins a streamed import has sent so far, kept where the duplicate check can read them
/// back by id (`StoredPinLookup.fields(id:)`): the server cannot show them yet (they are
/// still being `COPY`ed on other connections), and holding them in memory would cost what
/// the file holds. Each chunk of pins goes to a temporary file, unlinked at once (nothing is
/// left behind, whatever ends the process): its texts as they are, then a record of each
/// pin's fixed part; memory holds 8 bytes a pin, where its record is. Read only for a row
/// whose digest matches an earlier one of the file.
final class PostgresImportSpool {
    private let fd: Int32
    /// By pin: where its record is in the file.
    private var offsets: [Int64] = []
    private var size: Int64 = 0
    /// The records of the chunk being appended (`record`), written after its texts.
    private var records: [UInt8] = []
    /// One pin's record: where its texts start in the file, their five lengths, latitude and
    /// longitude (big-endian).
    private static let recordSize = 44
    /// The id of the first pin appended; the others follow one by one.
    let firstID: Int64
    /// The date a pin without one was stored with (its batch's time).
    private let undated: String

    /// - Throws: `StoreError` when the temporary folder takes no file.
    init(firstID: Int64, undated: String, expectedRows: Int) throws(StoreError) {
        self.firstID = firstID
        self.undated = undated
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-spool-\(UUID().uuidString)").path
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError("cannot write a temporary file in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))")
        }
        unlink(path)
        offsets.reserveCapacity(expectedRows)
        records.reserveCapacity(4_096 * Self.recordSize)
    }

    deinit { close(fd) }

    /// Keeps the next pins (their texts in `text`, as `EncodedPinRow.append` laid them out):
    /// two writes a chunk, not a copy of each pin's texts (those were a third of this).
    /// - Throws: `StoreError` when the disk is full.
    func append(_ rows: [EncodedPinRow], text: [UInt8]) throws(StoreError) {
        let textAt = size
        try write(text)
        records.removeAll(keepingCapacity: true)
        records.reserveCapacity(rows.count * Self.recordSize)
        var at = size
        for row in rows {
            offsets.append(at)
            at += Int64(Self.recordSize)
            let e = row.ends
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.recordSize) { head in
                let raw = UnsafeMutableRawPointer(head.baseAddress!)
                raw.storeBytes(of: UInt64(textAt + Int64(row.start)).bigEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: UInt32(e.0 - row.start).bigEndian, toByteOffset: 8, as: UInt32.self)
                raw.storeBytes(of: UInt32(e.1 - e.0).bigEndian, toByteOffset: 12, as: UInt32.self)
                raw.storeBytes(of: UInt32(e.2 - e.1).bigEndian, toByteOffset: 16, as: UInt32.self)
                raw.storeBytes(of: UInt32(e.3 - e.2).bigEndian, toByteOffset: 20, as: UInt32.self)
                raw.storeBytes(of: UInt32(e.4 - e.3).bigEndian, toByteOffset: 24, as: UInt32.self)
                raw.storeBytes(of: row.latitude.bitPattern.bigEndian, toByteOffset: 28, as: UInt64.self)
                raw.storeBytes(of: row.longitude.bitPattern.bigEndian, toByteOffset: 36, as: UInt64.self)
                records.append(contentsOf: UnsafeBufferPointer(head))
            }
        }
        try write(records)
    }

    /// Writes `bytes` at the end of the file.
    /// - Throws: `StoreError` when the disk is full.
    private func write(_ bytes: [UInt8]) throws(StoreError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(size) + off_t(done)) }
            guard n > 0 else { throw StoreError("cannot write the import's temporary file: \(String(cString: strerror(errno)))") }
            done += n
        }
        size += Int64(bytes.count)
    }

    /// The fields of pin `id`, nil when it is not one appended.
    func fields(id: Int64) throws(StoreError) -> StoredPinFields? {
        let k = Int(id - firstID)
        guard k >= 0, k < offsets.count else { return nil }
        let record = try read(at: offsets[k], count: Self.recordSize)
        func number<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
            record[at..<(at + MemoryLayout<T>.size)].reduce(T(0)) { $0 << 8 | T($1) }
        }
        let lengths = (0..<5).map { Int(number(8 + 4 * $0, UInt32.self)) }
        let bytes = try read(at: Int64(number(0, UInt64.self)), count: lengths.reduce(0, +))
        var at = 0
        var texts: [String] = []
        for length in lengths {
            texts.append(String(decoding: bytes[at..<(at + length)], as: UTF8.self))
            at += length
        }
        return StoredPinFields(title: texts[0], description: texts[1], category: texts[2],
                               latitude: Double(bitPattern: number(28, UInt64.self)),
                               longitude: Double(bitPattern: number(36, UInt64.self)),
                               createdAt: texts[3].isEmpty ? undated : texts[3], properties: texts[4])
    }

    /// `count` bytes of the file from `offset`.
    private func read(at offset: Int64, count: Int) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let n = count == 0 ? 0 : bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offset)) }
        guard n == count else { throw StoreError("cannot read the import's temporary file: \(String(cString: strerror(errno)))") }
        return bytes
    }
}
