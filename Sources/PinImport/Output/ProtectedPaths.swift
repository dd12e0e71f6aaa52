import Glibc
import PinModel
import Support

/// The files a command must never write over: its store with the store's `-wal`, `-shm` and
/// `-journal` (whether they exist yet or not), its inputs, and its other outputs.
///
/// Why at the moment of writing: the store's `-wal` and `-shm` appear only once SQLite opens
/// it, so a check made before that passed `--rejects LINK` with LINK a symbolic link to the
/// future `-wal`, and the rejects file was then renamed over the live WAL (the import's pins
/// were lost). `AtomicOutputFile` asks `clash(with:)` when it starts, before it flushes and
/// right before its rename, each time comparing the files as they are then.
///
/// Compared by device and inode when a file exists, and always by resolved path: symbolic
/// links (a dangling one counts as the file it points to), `.` and `..`, never as strings.
public struct ProtectedPaths: Sendable {
    private var entries: [(what: String, path: String)] = []

    /// Nothing protected.
    public static let none = ProtectedPaths()

    private init() {}

    /// - Parameters:
    ///   - store: the store's path, if the command opens one (`:memory:` has no files).
    ///   - inputs: files the command reads.
    public init(store: String?, inputs: [String]) {
        if let store, store != ":memory:" {
            // SQLite (its unix VFS, without SQLITE_OPEN_NOFOLLOW) follows every symbolic link
            // in the store's path and names the journals after the resolved path: with
            // `--db LINK`, the WAL is TARGET-wal, never LINK-wal, which SQLite cannot create
            // (so writing LINK-wal harms nothing, and is allowed). The literal spelling is
            // kept only when the path cannot be resolved (its folder is missing).
            let journalBase = ResolvedPath.of(store) ?? store
            entries.append(("the store", store))
            for suffix in ["-wal", "-shm", "-journal"] {
                entries.append(("the store's \(suffix.dropFirst()) file", journalBase + suffix))
            }
        }
        entries += inputs.map { ("the input file", $0) }
    }

    /// These paths and `output`, as "another output of this command".
    public func adding(output: String) -> ProtectedPaths {
        var copy = self
        copy.entries.append(("another output of this command", output))
        return copy
    }

    /// What `path` is, when it is one of the protected files now ("the store's wal file");
    /// nil when writing it harms none of them.
    public func clash(with path: String) -> String? {
        guard !entries.isEmpty else { return nil }
        let ids = FileIdentity.all(path)
        return entries.first { entry in FileIdentity.all(entry.path).contains { ids.contains($0) } }?.what
    }
}

/// One way to name a file: its device and inode (when it exists), or its resolved path.
public enum FileIdentity: Equatable {
    case inode(dev: UInt64, ino: UInt64)
    case resolved(String)

    /// Whether `a` and `b` name the same file now: by device and inode, or by resolved path
    /// (`./db/../p.sqlite`, a symbolic or a hard link to it), never as strings.
    public static func same(_ a: String, _ b: String) -> Bool {
        let ids = all(b)
        return all(a).contains { ids.contains($0) }
    }

    /// Every identity of `path` as the file system has it now.
    static func all(_ path: String) -> [FileIdentity] {
        var ids: [FileIdentity] = []
        var st = stat()
        if stat(path, &st) == 0 { ids.append(.inode(dev: UInt64(st.st_dev), ino: UInt64(st.st_ino))) }
        if let r = ResolvedPath.of(path) { ids.append(.resolved(r)) }
        return ids
    }
}

/// A path with its symbolic links and `.`/`..` resolved, whether the file exists or not.
public enum ResolvedPath {
    /// The absolute path `path` names: `realpath` for a file that exists; for a symbolic
    /// link whose target does not exist yet, that target (resolved the same way); for any
    /// other missing file, its folder's resolved path plus its name. Nil when the folder does
    /// not exist or the links loop.
    public static func of(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {  // Linux's own limit on links in a row
            if let r = realpath(current, nil) { defer { free(r) }; return String(cString: r) }
            guard let target = linkTarget(current) else { return missing(current) }
            current = target.hasPrefix("/") ? target : folderOf(current) + "/" + target
        }
        return nil
    }

    /// The text of the symbolic link `path`, or nil when it is not one.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func missing(_ path: String) -> String? {
        guard let r = realpath(folderOf(path), nil) else { return nil }
        defer { free(r) }
        let folder = String(cString: r)
        return (folder == "/" ? "" : folder) + "/" + PathParts.name(path)
    }

    private static func folderOf(_ path: String) -> String {
        let folder = PathParts.folder(path)
        return folder.isEmpty ? "." : folder
    }
}
