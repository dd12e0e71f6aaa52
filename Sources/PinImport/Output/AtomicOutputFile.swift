import PinModel
import Glibc
import Support

/// Why an output file could not be written: the path and the system's reason.
public struct OutputFileError: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
}

/// An output file written all at once or not at all: the bytes go to a temporary file in the
/// same folder (`.NAME.XXXXXX`), which `commit()` flushes to disk and renames over `path`.
/// Until then `path` is untouched, so a failure (disk full, Ctrl-C, a crash) never leaves a
/// half-written file, and never truncates what was there before. Non-regular targets that
/// exist (`/dev/null`, a terminal) are written directly: they cannot be replaced by a rename.
/// Buffered (1 MiB); the first write error is kept and thrown by `flush()` / `commit()`.
///
/// The file it replaces is checked when it starts, before it flushes and right before the
/// rename, as it is at that moment: it must not be one of the `protected` files (the store
/// and its journals, an input, another output), and the user must be allowed to write it (a
/// rename would replace a read-only file the user may not write, as `cp` and a shell's `>`
/// refuse to). A replaced file keeps its mode (and, where the system lets us, its owner).
public final class AtomicOutputFile {
    public let path: String
    private let protected: ProtectedPaths
    private let tempPath: String?
    /// The temporary file's entry in `TemporaryFiles` (removed by an interrupt handler).
    private var ticket: Int?
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var failure: String?
    private static let bufferSize = 1 << 20

    /// Creates the temporary file next to `path` (with the permissions a new file would get,
    /// or those of the file it will replace). A symbolic link is followed, a dangling one too:
    /// its target is written, as a shell's `>` does.
    /// - Parameter protected: the files `path` must not be.
    /// - Throws: `OutputFileError` when the folder is missing or not writable, or `path` is a
    ///   directory, a pipe without a reader, a read-only file or a protected one.
    public init(path: String, protected: ProtectedPaths = .none) throws(OutputFileError) {
        self.path = ResolvedPath.of(path) ?? path
        self.protected = protected
        let path = self.path
        try Self.checkTarget(path, protected: protected)
        var st = stat()
        if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw OutputFileError(path: path, reason: "it is a directory") }
            // Non-blocking open: a FIFO without a reader fails (ENXIO) instead of hanging.
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw OutputFileError(path: path, reason: Self.errorText()) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            tempPath = nil
            return
        }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((dir + "." + name + ".XXXXXX").utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputFileError(path: path, reason: Self.errorText()) }
        tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        ticket = tempPath.flatMap(TemporaryFiles.note)
        keepMode(of: path)
    }

    /// The temporary file's mode: that of the file it replaces (its owner too, where allowed),
    /// else what `open(…, 0666)` would give (the umask applies; mkstemp makes 0600).
    private func keepMode(of path: String) {
        var old = stat()
        if stat(path, &old) == 0 {
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
            fchmod(fd, old.st_mode & 0o777)
            return
        }
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
    }

    /// Refuses `path` when it is a protected file, or a file the user may not write
    /// (`ReplaceableFile`).
    private static func checkTarget(_ path: String, protected: ProtectedPaths) throws(OutputFileError) {
        if let what = protected.clash(with: path) {
            throw OutputFileError(path: path, reason: "it is \(what); refusing to overwrite it")
        }
        if let why = ReplaceableFile.refusal(path) { throw OutputFileError(path: path, reason: why) }
    }

    deinit {
        if fd >= 0 { discard() }
    }

    /// Appends `text` (UTF-8).
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { drain() }
    }

    /// Writes what is buffered and forces it to disk.
    /// - Throws: `OutputFileError` for the first failed write (e.g. the disk is full).
    public func flush() throws(OutputFileError) {
        if fd >= 0 { try Self.checkTarget(path, protected: protected) }
        drain()
        if failure == nil, tempPath != nil, fsync(fd) != 0 { failure = Self.errorText() }
        if let failure { throw OutputFileError(path: path, reason: failure) }
    }

    /// Flushes, then puts the file in place (renames the temporary file over `path`).
    /// - Throws: `OutputFileError`; the temporary file is removed and `path` left as it was.
    public func commit() throws(OutputFileError) {
        do { try flush() } catch { discard(); throw error }
        close(fd)
        fd = -1
        guard let tempPath else { return }
        defer { TemporaryFiles.forget(ticket) }
        do { try Self.checkTarget(path, protected: protected) } catch { unlink(tempPath); throw error }
        if rename(tempPath, path) != 0 {
            let reason = Self.errorText()
            unlink(tempPath)
            throw OutputFileError(path: path, reason: reason)
        }
    }

    /// Drops everything written: removes the temporary file; `path` is left as it was.
    public func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        if let tempPath { unlink(tempPath) }
        TemporaryFiles.forget(ticket)
    }

    private func drain() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, fd >= 0 else { return }
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = Self.errorText()
                return
            }
            offset += n
        }
    }

    static func errorText() -> String {
        errno == ENOSPC ? "the disk is full" : String(cString: strerror(errno))
    }
}
