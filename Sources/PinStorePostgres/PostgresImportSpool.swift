import Foundation
import Glibc
import PinModel

/// The pins a streamed import has sent so far, kept where the duplicate check can read them
/// back by id (`StoredPinLookup.fields(id:)`): the server cannot show them yet (they are
/// still being `COPY`ed on other connections), and holding them in memory would cost what
/// the file holds. Each pin's fields go to a temporary file, unlinked at once (nothing is
/// left behind, whatever ends the process); memory holds 8 bytes a pin, its place there.
/// Read only for a row whose digest matches an earlier one of the file.
final class PostgresImportSpool {
    private let fd: Int32
    private var offsets: [Int64] = []
    private var size: Int64 = 0
    private var buffer: [UInt8] = []
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
        buffer.reserveCapacity(1 << 20)
    }

    deinit { close(fd) }

    /// Keeps the next pin's fields (its texts in `text`, as `EncodedPinRow.append` laid them
    /// out): five lengths, the coordinates, the texts.
    func append(_ row: EncodedPinRow, text: UnsafeBufferPointer<UInt8>) {
        offsets.append(size + Int64(buffer.count))
        let e = row.ends
        // One append of the fixed part, written in place (seven appends of a few bytes each
        // were a third of this).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { head in
            let raw = UnsafeMutableRawPointer(head.baseAddress!)
            raw.storeBytes(of: UInt32(e.0 - row.start).bigEndian, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: UInt32(e.1 - e.0).bigEndian, toByteOffset: 4, as: UInt32.self)
            raw.storeBytes(of: UInt32(e.2 - e.1).bigEndian, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: UInt32(e.3 - e.2).bigEndian, toByteOffset: 12, as: UInt32.self)
            raw.storeBytes(of: UInt32(e.4 - e.3).bigEndian, toByteOffset: 16, as: UInt32.self)
            raw.storeBytes(of: row.latitude.bitPattern.bigEndian, toByteOffset: 20, as: UInt64.self)
            raw.storeBytes(of: row.longitude.bitPattern.bigEndian, toByteOffset: 28, as: UInt64.self)
            buffer.append(contentsOf: UnsafeBufferPointer(head))
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[Int(row.start)..<Int(e.4)]))
    }

    /// Writes what `append` kept in memory.
    /// - Throws: `StoreError` when the disk is full.
    func flush() throws(StoreError) {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(size) + off_t(done)) }
            guard n > 0 else { throw StoreError("cannot write the import's temporary file: \(String(cString: strerror(errno)))") }
            done += n
        }
        size += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    /// The fields of pin `id`, nil when it is not one appended.
    func fields(id: Int64) throws(StoreError) -> StoredPinFields? {
        let k = Int(id - firstID)
        guard k >= 0, k < offsets.count else { return nil }
        try flush()
        let end = k + 1 < offsets.count ? offsets[k + 1] : size
        var bytes = [UInt8](repeating: 0, count: Int(end - offsets[k]))
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offsets[k])) }
        guard n == bytes.count else { throw StoreError("cannot read the import's temporary file: \(String(cString: strerror(errno)))") }
        func number<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
            bytes[at..<(at + MemoryLayout<T>.size)].reduce(T(0)) { $0 << 8 | T($1) }
        }
        var at = 36
        var texts: [String] = []
        for k in 0..<5 {
            let length = Int(number(4 * k, UInt32.self))
            texts.append(String(decoding: bytes[at..<(at + length)], as: UTF8.self))
            at += length
        }
        return StoredPinFields(title: texts[0], description: texts[1], category: texts[2],
                               latitude: Double(bitPattern: number(20, UInt64.self)),
                               longitude: Double(bitPattern: number(28, UInt64.self)),
                               createdAt: texts[3].isEmpty ? undated : texts[3], properties: texts[4])
    }
}
