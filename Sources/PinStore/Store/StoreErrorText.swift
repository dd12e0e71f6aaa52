import CSQLite
import Foundation
import Support

/// Turns an SQLite result code into words a user can act on. The one place that decides
/// what a failing SQLite call says: no SQL text and no SQLite jargon reach the user.
enum StoreErrorText {
    /// The busy timeout every connection uses (`sqlite3_busy_timeout`), in milliseconds.
    static let busyTimeoutMilliseconds: Int32 = 5000

    /// The failure of a call that returned `code` (extended codes allowed) on the store at
    /// `path`: its `message` and, for what the UI words in its own language, its kind.
    static func error(code: Int32, sqliteMessage: String, path: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            let holder = LockHolder.find(path: path)
            return StoreError(busy(holder), code: code,
                              kind: .busy(holder: holder?.name, pid: holder?.pid, seconds: Int(busyTimeoutMilliseconds / 1000)))
        default:
            return StoreError(message(code: code, sqliteMessage: sqliteMessage, path: path), code: code, kind: kind(code: code, path: path))
        }
    }

    /// The kind of `message(code:…)`'s failures that the UI words itself; nil for the rest.
    static func kind(code: Int32, path: String) -> StoreError.Kind? {
        switch code & 0xFF {
        case SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN:
            if !folderWritable(path) { return .readOnlyFolder(folder: folder(of: path)) }
            return code & 0xFF == SQLITE_READONLY ? .readOnlyStore(path: path) : nil
        case SQLITE_FULL: return .diskFull(path: path)
        default: return nil
        }
    }

    /// A user message for result `code` (extended codes allowed) on the store at `path`.
    /// - Parameter sqliteMessage: SQLite's own text, kept only where it says something
    ///   about the data (constraints) rather than about SQL.
    static func message(code: Int32, sqliteMessage: String, path: String) -> String {
        let shown = MessageText.quotedPath(path)
        switch code & 0xFF {
        case SQLITE_READONLY:
            return readOnly(path: path)
        case SQLITE_FULL:
            return "the disk is full: \(shown) cannot grow; free some space and try again (nothing was changed)"
        case SQLITE_BUSY, SQLITE_LOCKED:
            return busy(path: path)
        case SQLITE_IOERR:
            if !folderWritable(path) { return readOnly(path: path) }
            return "a disk input/output error while reading or writing \(shown); check the disk"
        case SQLITE_CANTOPEN:
            if !folderWritable(path) { return readOnly(path: path) }
            return "cannot open \(shown): \(String(cString: strerror(errno)))"
        case SQLITE_CORRUPT:
            return "the store \(shown) is damaged (its pages are not consistent); restore it from a backup"
        case SQLITE_NOTADB:
            return "it is not an SQLite database (nothing was changed); choose another --db path"
        case SQLITE_NOMEM:
            return "out of memory"
        case SQLITE_INTERRUPT:
            return "stopped"
        case SQLITE_CONSTRAINT, SQLITE_TOOBIG, SQLITE_MISMATCH, SQLITE_RANGE:
            return MessageText.bounded(sqliteMessage)
        default:
            return "the store \(shown) failed: \(String(cString: sqlite3_errstr(code)))"
        }
    }

    /// A write refused because the file or its folder cannot be written.
    /// What `path` is when it exists but is not a regular file (links followed): "a pipe
    /// (FIFO)", "a device", "a socket", "a folder"; nil for a regular file or none. SQLite
    /// would otherwise call a pipe or `/dev/null` "a disk I/O error".
    static func notRegularFile(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "a special file"
        }
    }

    /// What a store's journal file (`-wal`, `-shm`, `-journal`) is when it is not a regular
    /// file of its own: "a symbolic link", "a pipe (FIFO)" …; nil when it is one or is absent.
    static func notPlainJournal(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        if (st.st_mode & S_IFMT) == S_IFLNK { return "a symbolic link" }
        return notRegularFile(path)
    }

    static func readOnly(path: String) -> String {
        let dir = folder(of: path)
        if !folderWritable(path) {
            return "the folder \(MessageText.quotedPath(dir)) is read-only: pinmap needs to write the store and its journal there; use a writable folder"
        }
        return "the store \(MessageText.quotedPath(path)) is read-only; make it writable or copy it"
    }

    /// A store another process keeps locked past the busy timeout.
    static func busy(path: String) -> String { busy(LockHolder.find(path: path)) }

    /// A store `holder` (nil: unknown) keeps locked past the busy timeout.
    static func busy(_ holder: LockHolder?) -> String {
        let seconds = busyTimeoutMilliseconds / 1000
        if let holder {
            return "the store is busy: another \(holder.name) (pid \(holder.pid)) is writing to it; waited \(seconds) s; try again when it finishes"
        }
        return "the store is busy: another process is writing to it; waited \(seconds) s; try again when it finishes"
    }

    static func folder(of path: String) -> String {
        let dir = PathParts.folder(path)
        return dir.isEmpty ? "." : dir
    }

    static func folderWritable(_ path: String) -> Bool {
        path == ":memory:" || access(folder(of: path), W_OK) == 0
    }
}

/// The process holding a POSIX lock on a store (or its `-shm`), from `/proc/locks` (Linux);
/// read-only, so asking never disturbs SQLite's own locks.
struct LockHolder {
    var pid: Int32
    /// "pinmap import", or the program's name.
    var name: String

    static func find(path: String) -> LockHolder? {
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let inodes = [path, path + "-shm"].compactMap(inode)
        let me = getpid()
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 6, let pid = Int32(f[4]), pid != me,
                  let ino = f[5].split(separator: ":").last.flatMap({ UInt64($0) }), inodes.contains(ino) else { continue }
            return LockHolder(pid: pid, name: programName(pid))
        }
        return nil
    }

    private static func inode(_ path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    /// "pinmap import" from the holder's command line, else its program name, else "process".
    private static func programName(_ pid: Int32) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "process" }
        return name(arguments: data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    }

    /// The holder named from its command line: "pinmap import" (a command), "pinmap" (the
    /// terminal UI, whose first argument is an option: `pinmap --db PATH`), else the
    /// program's name, else "process".
    static func name(arguments args: [String]) -> String {
        guard let first = args.first else { return "process" }
        let program = (first as NSString).lastPathComponent
        let safe = program.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
        guard safe else { return "process" }
        if program == "pinmap", args.count > 1, !args[1].hasPrefix("-"),
           args[1].allSatisfy({ $0.isLetter || $0 == "-" }), args[1].count < 20 {
            return "pinmap \(args[1])"
        }
        return String(program.prefix(40))
    }
}
