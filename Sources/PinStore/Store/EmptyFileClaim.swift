import CSQLite
import Foundation

/// Whether a command that creates a store may claim an existing empty file. SQLite would
/// happily write a store into any empty file; an empty `in.csv` or a read-only placeholder is
/// someone else's file, so only an empty file named like a store (`pins.sqlite`, `x.db`, or
/// no extension, as `mktemp` makes) becomes one.
enum EmptyFileClaim {
    /// Extensions a store file is given; an empty file with one of them may become a store.
    static let storeExtensions: Set<String> = ["sqlite", "sqlite3", "db", "db3", "pinmap"]

    /// Throws when `path` is an existing empty file that must not become a store; does
    /// nothing for a missing file, a non-empty one (SQLite and `StoreIdentity` judge those)
    /// or a claimable one.
    static func check(_ path: String) throws(StoreError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.size] as? NSNumber)?.intValue == 0 else { return }
        let shown = MessageText.quotedPath(path)
        let ext = (path as NSString).pathExtension.lowercased()
        if !ext.isEmpty && !storeExtensions.contains(ext) {
            throw StoreError("\(shown) is an empty .\(ext) file, not a Pinmap store, and was not changed; give --db a new file name or an existing store (e.g. pins.sqlite)", code: SQLITE_CANTOPEN)
        }
        // No write permission for anyone: a placeholder someone locked (root could still write it).
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o222 == 0 {
            throw StoreError("\(shown) is an empty read-only file and was not changed; make it writable or choose another --db path", code: SQLITE_CANTOPEN)
        }
    }
}
