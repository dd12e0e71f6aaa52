import PinModel
import PinStore

/// `pinmap export` of a server's pins: the file store's writers (`exportText`,
/// `GeoPackageExport`) read the server's rows as they come (`PGCursor`), in one snapshot, so
/// the output is the file store's for the same pins (their ids are the server's).
extension PostgresStore: PinExportSource {
    /// Every property key in first-seen order (pins by id, keys in each pin's order, as
    /// `Store.propertyKeys`): read from the properties' text as given (`jsonb` forgets the
    /// keys' order).
    public func propertyKeys() throws(StoreError) -> [String] {
        let r = try db.execute("""
            SELECT j.key FROM pins p,
              json_each(coalesce(p.properties_text, p.properties::text)::json) WITH ORDINALITY AS j(key, value, n)
            WHERE p.properties <> '{}'::jsonb
            GROUP BY j.key ORDER BY min(p.id * 4294967296 + j.n)
            """)
        return (0..<r.rows).map { r.text($0, 0) }
    }

    /// Every pin in id order, or by category (bytes compared, as SQLite's BINARY) then id.
    /// Inside a transaction only (`reading`).
    public func exportReader(byCategory: Bool) throws(StoreError) -> any PinReader {
        let order = byCategory ? "category COLLATE \"C\", id" : "id"
        return PGPinReader(try PGCursor("SELECT \(Self.pinColumns) FROM pins ORDER BY \(order)", on: db))
    }

    /// Writes every pin as `format`, streamed from the server (`exportText`).
    public func export(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int {
        try reading { try exportText(format, write: write) }
    }

    /// Writes every pin as a GeoPackage at `path`, as a file store does.
    public func exportGeoPackage(to path: String) throws -> Int {
        try geoPackage(to: path).pins
    }

    /// `GeoPackageExport.write` of every pin to `path` (the renamed columns too, for the
    /// command line's notes).
    /// - Throws: `StoreError`; `path` is then as it was.
    public func geoPackage(to path: String) throws -> GeoPackageExport.Summary {
        try reading { try GeoPackageExport.write(self, to: path) }
    }
}
