import Foundation
import Glibc
import PinStore

/// The one check every command runs before it writes a file it was asked to write
/// (`export -o`, `import --rejects`): the output must not be the store (or its `-wal`, `-shm`,
/// `-journal`), an input, or another output of the same command. Compared by device and inode
/// when the file exists, and by resolved path (symbolic links, `..`) always, never as strings.
enum OutputPaths {
    /// - Parameters:
    ///   - outputs: (option, path) of every file the command will write.
    ///   - store: the store's path, if the command opens one.
    ///   - inputs: files the command reads.
    /// - Throws: `CLIError.failure` naming the option and what the path is; nothing was written.
    static func check(_ outputs: [(option: String, path: String)], store: String?, inputs: [String]) throws(CLIError) {
        var taken: [(what: String, id: FileID)] = []
        if let store {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let what = suffix.isEmpty ? "the store" : "the store's \(suffix.dropFirst()) file"
                taken += FileID.all(store + suffix).map { (what, $0) }
            }
        }
        for input in inputs { taken += FileID.all(input).map { ("the input file", $0) } }
        for (option, path) in outputs {
            let ids = FileID.all(path)
            if let clash = taken.first(where: { t in ids.contains(t.id) }) {
                throw .failure("\(option) \(MessageText.quotedPath(path)) is \(clash.what); refusing to overwrite it (nothing was written). Choose another file")
            }
            taken += ids.map { ("another output of this command", $0) }
        }
    }
}

/// One way to name a file: its device and inode (when it exists), or its resolved path.
private enum FileID: Equatable {
    case inode(dev: UInt64, ino: UInt64)
    case resolved(String)

    /// Every identity of `path`: its inode if it exists, and its resolved path.
    static func all(_ path: String) -> [FileID] {
        var ids: [FileID] = []
        var st = stat()
        if stat(path, &st) == 0 { ids.append(.inode(dev: UInt64(st.st_dev), ino: UInt64(st.st_ino))) }
        if let r = resolved(path) { ids.append(.resolved(r)) }
        return ids
    }

    /// `path` with symbolic links and `.`/`..` resolved; for a file not yet there, its folder's
    /// resolved path plus its name.
    private static func resolved(_ path: String) -> String? {
        if let r = realpath(path, nil) { defer { free(r) }; return String(cString: r) }
        let folder = PathParts.folder(path)
        let dir = folder.isEmpty ? "." : folder
        let name = PathParts.name(path)
        guard let r = realpath(dir, nil) else { return nil }
        defer { free(r) }
        return String(cString: r) + "/" + name
    }
}
