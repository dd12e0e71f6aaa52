import PinModel
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

    /// Size and modification time at open, to notice a file that changes while it is read.
    private let openedStat: stat

    /// Opens `path` for reading. Only regular files: a FIFO, a device or a socket is refused at
    /// once (opened non-blocking, so a FIFO without a writer cannot hang the open).
    /// - Throws: `TextDecodingError.unreadable` when it cannot be opened, is a directory or is
    ///   not a regular file.
    public init(path: String, chunkSize: Int = FileChunkSource.defaultChunkSize) throws(TextDecodingError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            // `-` is standard input to many tools; here it is a file name, and none is there.
            if errno == ENOENT && path == "-" {
                throw .unreadable(path: path, reason: "no file is named '-', and standard input is not read; save the data to a file and import that")
            }
            throw .unreadable(path: path, reason: Self.errorText())
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = Self.errorText()
            close(fd)
            throw .unreadable(path: path, reason: reason)
        }
        if let refusal = Self.refusal(mode: st.st_mode) {
            close(fd)
            throw .unreadable(path: path, reason: refusal)
        }
        self.path = path
        self.fd = fd
        self.size = Int64(st.st_size)
        self.openedStat = st
        self.chunkSize = max(1, chunkSize)
    }

    /// Why a file of this type cannot be imported, or nil for a regular file. A stream has no
    /// size and may never end: calling it "empty (0 bytes)" or blocking on it would both mislead.
    static func refusal(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a directory"
        case S_IFIFO: return "it is not a regular file but a pipe (FIFO); save the data to a file and import that"
        case S_IFCHR, S_IFBLK: return "it is not a regular file but a device; save the data to a file and import that"
        case S_IFSOCK: return "it is not a regular file but a socket; save the data to a file and import that"
        default: return "it is not a regular file; save the data to a file and import that"
        }
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
        guard filled > 0 else {
            try checkUnchanged()
            return nil
        }
        buffer.removeLast(chunkSize - filled)
        bytesRead += Int64(filled)
        return buffer
    }

    /// At the end: the bytes read match the size at open, and the size and modification time
    /// are still those at open. Otherwise the rows read are a mix of two versions of the file.
    /// - Throws: `TextDecodingError.changedWhileRead`.
    private func checkUnchanged() throws(TextDecodingError) {
        var now = stat()
        guard fstat(fd, &now) == 0 else { throw .unreadable(path: path, reason: Self.errorText()) }
        let sameTime = now.st_mtim.tv_sec == openedStat.st_mtim.tv_sec && now.st_mtim.tv_nsec == openedStat.st_mtim.tv_nsec
        guard bytesRead == size, Int64(now.st_size) == size, sameTime else {
            throw .changedWhileRead(path: path, FileChange(sizeAtStart: size, sizeNow: Int64(now.st_size), bytesRead: bytesRead))
        }
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
