import XCTest
@testable import PinStore

/// Migration 10 converts the tiles of a schema-9 store (33-byte records) to the compact
/// format: the same cells, counts and representatives, the same answers to the map.
final class PinCellMigrationTests: XCTestCase {
    /// A blob in the format before migration 10: per record local u8, n u32, rep id i64,
    /// rep latitude f64, rep longitude f64, rep scope i32, little-endian.
    private func v1Blob(_ records: [PinCellTile.Record]) -> [UInt8] {
        var out: [UInt8] = []
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        for r in records {
            put(UInt8(r.local))
            put(UInt32(r.n))
            put(r.rep.id)
            put(r.rep.latitude.bitPattern)
            put(r.rep.longitude.bitPattern)
            put(Int32(r.rep.scope))
        }
        return out
    }

    /// Rewrites every tile of `store` in the old format and marks the store schema 9.
    private func downgrade(_ store: Store) throws {
        let st = try store.db.prepare("SELECT key, cells FROM pin_tiles ORDER BY key")
        var rows: [(Int64, [UInt8])] = []
        while try st.step() {
            let key = st.int(0)
            var records: [PinCellTile.Record] = []
            st.withBlob(1) { p, n in
                PinCellTile.forEach(p, count: n, level: PinCellTile.level(ofKey: key), tile: PinCellTile.tile(ofKey: key)) {
                    records.append($0)
                }
            }
            rows.append((key, v1Blob(records)))
        }
        let write = try store.db.prepare("UPDATE pin_tiles SET cells = ? WHERE key = ?")
        for (key, blob) in rows {
            try write.bindBlob(blob, at: 1)
            try write.bind(.int(key), at: 2)
            try write.step()
            write.reset()
        }
        // Before migration 13 too (and 15, whose trigger names the column).
        try store.db.execute("DROP TRIGGER pins_outside_edit; ALTER TABLE pins DROP COLUMN version; PRAGMA user_version = 9")
    }

    /// What the map reads: every cell of a few levels, with and without a category filter.
    private func answers(_ store: Store) throws -> [String] {
        var out: [String] = []
        for level in [3, 8, 14, 19, 22] {
            for cats: Set<String>? in [nil, ["cafe"]] {
                try store.forEachPinCell(level: level, boxes: [.world], categories: cats) { c in
                    out.append("L\(level) \(c.level)/\(c.x)/\(c.y) n\(c.count) #\(c.repID) \(c.repLatitude.bitPattern) \(c.repLongitude.bitPattern) s\(c.repCategoryID) \(c.scope)")
                }
            }
        }
        return out
    }

    func testASchema9StoreGetsTheSameTreeAndTheSameAnswers() throws {
        let path = try TestStores.tempPath(self)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var before: (cells: [String], answers: [String], totals: PinCellTotals)
        do {
            let store = try Store(path: path)
            for p in CellFixture.pins(800, seed: 31) { try store.insert(p) }
            try store.syncPinCells()
            before = (try CellFixture.dump(store), try answers(store), try store.pinCellTotals())
            try downgrade(store)
            // One change waits in the log: applied after the conversion.
            try store.insert(NewPin(title: "late", category: "cafe", latitude: 37.56651, longitude: 126.97801))
        }
        let store = try Store(path: path)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 1)
        // The cells as converted, before the log is applied (the dump reads pin_tiles directly).
        CellFixture.assertSame(try CellFixture.dump(store), before.cells)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name LIKE 'pin_tiles%'"), 1)
        // The log applies on top of the converted tiles, and equals a rebuild.
        XCTAssertEqual(try store.pinCellTotals().total, before.totals.total + 1)
        let incremental = try CellFixture.dump(store)
        try store.rebuildPinCells()
        CellFixture.assertSame(incremental, try CellFixture.dump(store))
        // Without the late pin the map's answers are the same as before the migration.
        try store.delete(id: try store.db.scalarInt("SELECT max(id) FROM pins"))
        XCTAssertEqual(try answers(store), before.answers)
        XCTAssertEqual(try store.pinCellTotals(), before.totals)
    }

    func testAnEmptySchema9StoreMigrates() throws {
        let path = try TestStores.tempPath(self)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do { try downgrade(try Store(path: path)) }
        let store = try Store(path: path)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        XCTAssertEqual(try store.pinCellTotals().total, 0)
        let id = try store.insert(NewPin(title: "a", latitude: 1, longitude: 2))
        var cells: [PinCell] = []
        try store.forEachPinCell(level: 10, boxes: [.world], categories: nil) { cells.append($0) }
        XCTAssertEqual(cells.map(\.repID), [id])
    }
}
