import Foundation

/// The SQLite store is the app's and the command line's `PinRepository`.
extension Store: PinRepository {
    /// Keeps the map's pin cells and indexes in memory between frames, for the UI and
    /// `pinmap render` (SQLite's default is 2 MiB; this is a cap, not an allocation).
    public func useFrameCache() {
        try? db.execute("PRAGMA cache_size = -32768")
    }

    /// Counts this connection's commits as the UI's own (`Database.commitCount`), so that the
    /// UI's change watch (`SQLiteChangeSource`) does not announce them as another's.
    public func countCommitsAsOwn() { db.countCommits() }

    public var location: String { path }

    /// The database file and its write-ahead log, in bytes (0 in memory).
    public func sizeInBytes() -> Int64 {
        guard path != ":memory:" else { return 0 }
        var total: Int64 = 0
        for suffix in ["", "-wal"] {
            let attrs = try? FileManager.default.attributesOfItem(atPath: path + suffix)
            total += (attrs?[.size] as? NSNumber)?.int64Value ?? 0
        }
        return total
    }

    public func properties(ofPin id: Int64) throws(StoreError) -> [PinProperty] {
        guard let json = try pin(id: id)?.properties else { return [] }
        return PinProperties.entries(json)
    }
}
