import Glibc

/// A stream of byte chunks, read one at a time so memory stays constant in the input's size.
public protocol ByteChunkSource {
    /// The next chunk (never empty), or nil at the end of the input.
    /// - Throws: `TextDecodingError` when the input cannot be read or decoded.
    mutating func nextChunk() throws(TextDecodingError) -> [UInt8]?
}

/// Chunks of an in-memory byte array; `chunkSize` lets tests cut input at every position.
public struct ArrayChunkSource: ByteChunkSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var position = 0

    /// - Parameters:
    ///   - bytes: the whole input.
    ///   - chunkSize: bytes per chunk (at least 1).
    public init(_ bytes: [UInt8], chunkSize: Int = 1 << 20) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public mutating func nextChunk() throws(TextDecodingError) -> [UInt8]? {
        guard position < bytes.count else { return nil }
        let end = min(bytes.count, position + chunkSize)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// Raw chunks of a file read with POSIX `read(2)`. A class because it owns the file descriptor.
public final class FileChunkSource: ByteChunkSource {
    /// The default chunk: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    public let path: String
    /// File size in bytes at open time (for progress).
    public let size: Int64
    /// Bytes returned so far.
    public private(set) var bytesRead: Int64 = 0
    private let fd: Int32
    private let chunkSize: Int

    /// Opens `path` for reading.
    /// - Throws: `TextDecodingError.unreadable` when it cannot be opened or is a directory.
    public init(path: String, chunkSize: Int = FileChunkSource.defaultChunkSize) throws(TextDecodingError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: Self.errorText()) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = Self.errorText()
            close(fd)
            throw .unreadable(path: path, reason: reason)
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .unreadable(path: path, reason: "is a directory")
        }
        self.path = path
        self.fd = fd
        self.size = Int64(st.st_size)
        self.chunkSize = max(1, chunkSize)
    }

    deinit { close(fd) }

    public func nextChunk() throws(TextDecodingError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var filled = 0
        while filled < chunkSize {
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(fd, base + filled, chunkSize - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: Self.errorText())
            }
            if n == 0 { break }
            filled += n
        }
        guard filled > 0 else { return nil }
        buffer.removeLast(chunkSize - filled)
        bytesRead += Int64(filled)
        return buffer
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
