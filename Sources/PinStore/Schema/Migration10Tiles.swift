import CSQLite

/// Migration 10: the pin cell tree's tiles in the compact format (`PinCellTile`; issue
/// #14, a smaller store). Converts every stored tile in place of a rebuild: the tree keeps
/// its cells, counts and representatives (and its change log, applied at the next sync),
/// only the bytes change. The new table is filled in key order, so its pages are full.
///
/// Before it a blob held 33-byte records, sorted by `local`: local u8, n u32, rep id i64,
/// rep latitude f64, rep longitude f64, rep scope i32, little-endian (`v1Records`).
enum Migration10Tiles {
    static let sql = """
        CREATE TABLE pin_tiles_v2 (
            key INTEGER PRIMARY KEY,     -- scope << 41 | level << 36 | tile (PinCellTile)
            cells BLOB NOT NULL          -- up to 64 cells: count and lowest-id pin of each
        );
        INSERT INTO pin_tiles_v2(key, cells) SELECT key, pinmap_tile_v2(key, cells) FROM pin_tiles
            WHERE length(cells) >= 33 ORDER BY key;
        DROP TABLE pin_tiles;
        ALTER TABLE pin_tiles_v2 RENAME TO pin_tiles;
        """

    /// The records of a blob in the format before migration 10 (a truncated tail is ignored).
    static func v1Records(_ p: UnsafeRawPointer?, count: Int) -> [PinCellTile.Record] {
        guard let p else { return [] }
        var out: [PinCellTile.Record] = []
        var o = 0
        while o + 33 <= count {
            func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: p.loadUnaligned(fromByteOffset: o + at, as: UInt64.self)) }
            let n = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: o + 1, as: UInt32.self))
            let scope = Int32(bitPattern: UInt32(littleEndian: p.loadUnaligned(fromByteOffset: o + 29, as: UInt32.self)))
            out.append(PinCellTile.Record(
                local: Int(p.load(fromByteOffset: o, as: UInt8.self)), n: Int(n),
                rep: PinCellRep(id: Int64(bitPattern: u64(5)), latitude: Double(bitPattern: u64(13)),
                                longitude: Double(bitPattern: u64(21)), scope: Int64(scope))))
            o += 33
        }
        return out
    }
}

extension Store {
    /// Registers `pinmap_tile_v2(key, cells)`, which migration 10 uses: the tile `cells`
    /// (row `key`, format before migration 10) in `PinCellTile`'s format.
    func registerTileMigrationFunction() throws(StoreError) {
        let rc = sqlite3_create_function_v2(
            db.handle, "pinmap_tile_v2", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { ctx, argc, argv in
                guard argc == 2, let argv else { sqlite3_result_null(ctx); return }
                let key = sqlite3_value_int64(argv[0])
                // One record per cell, in order (a damaged tile cannot overflow the format).
                var byLocal: [Int: PinCellTile.Record] = [:]
                for r in Migration10Tiles.v1Records(sqlite3_value_blob(argv[1]), count: Int(sqlite3_value_bytes(argv[1]))) {
                    byLocal[r.local & 63] = PinCellTile.Record(local: r.local & 63, n: r.n, rep: r.rep)
                }
                let records = byLocal.values.sorted { $0.local < $1.local }
                let blob = PinCellTile.encode(records, level: PinCellTile.level(ofKey: key), tile: PinCellTile.tile(ofKey: key))
                blob.withUnsafeBytes { sqlite3_result_blob(ctx, $0.baseAddress, Int32($0.count), sqliteTransient) }
            }, nil, nil, nil)
        if rc != SQLITE_OK { throw db.failure(rc) }
    }
}
