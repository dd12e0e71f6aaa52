import Foundation

/// The SQLite store is the app's and the command line's `PinRepository`.
extension Store: PinRepository {
    /// The page cache of the UI and `pinmap render`: 2 MiB (a cap, not an allocation). The
    /// map's cells are kept between frames in `PinCellTileCache` and the titles it names in
    /// `TitleCache`; a larger SQLite cache only kept the pages those reads touched. Measured
    /// at 1,000,000 pins (`bench render`, 2 rounds): 32 MiB gave a peak of 58 MiB, 8 MiB 52 MiB,
    /// 2 MiB 46 MiB, with the same frame medians at every viewport.
    public func useFrameCache() {
        try? db.execute("PRAGMA cache_size = -2048")
    }

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
