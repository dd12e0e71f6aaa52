import PinModel

/// Pins from a GeoPackage (OGC 12-128r18), read with SQLite: every feature table
/// (`gpkg_contents.data_type = 'features'`) whose geometry column (`gpkg_geometry_columns`)
/// is a POINT, MULTIPOINT or generic GEOMETRY, in `gpkg_contents` order.
///
/// - Each feature's geometry blob (`GeoPackageGeometry`) gives one pin per point; lines,
///   polygons and null geometries are skipped and counted in the notes, as are tables of
///   other geometry types.
/// - The table's system (`srs_id` → `gpkg_spatial_ref_sys`: `organization:code`, else its
///   WKT `definition`) is resolved by PROJ (`CoordinateSystem`); 4326 and the undefined
///   geographic system 0 are WGS84; the undefined Cartesian −1 takes `--crs` or is refused.
/// - Attributes: `AttributeFeature` (the name column by the CSV aliases, the rest as
///   properties with their SQLite type; the primary key is not kept, as GeoJSON's `id`).
///   Pinmap's own export (`gpkg_contents.description` "Pinmap pins") maps its `title`,
///   `description`, `category` and `created_at` columns exactly.
///
/// Streams: one SQLite statement per table, stepped as pins are asked for (on the import's
/// reading thread, which owns the connection and the PROJ contexts from then on).
final class GeoPackageReader: PinRecordReader {
    /// A point table to read.
    struct Layer {
        var table: String
        var geometryColumn: String
        var system: CoordinateSystem?
        var pinmapExport: Bool
    }

    /// The description `pinmap export --format gpkg` writes in `gpkg_contents`.
    static let pinmapDescription = "Pinmap pins"

    let layers: [Layer]
    /// The system of each layer that is not WGS84, for the report (`EPSG:5179, … (places)`).
    let systemsLabel: String?
    /// Whether a table took `--crs` (its system is the undefined Cartesian −1).
    let usedFallback: Bool
    /// Field → column, for the report (the first point table's).
    let columnsUsed: [ColumnRole: String]
    private let db: SQLiteReadOnly
    private let path: String
    private var layerIndex = -1
    private var rows: SQLiteReadOnly.Rows?
    private var names: [String] = []
    private var geometryIndex: Int32 = 0
    private var idIndex: Int32?
    /// How each attribute column is read: declared BOOLEAN, or marked JSON.
    private var readings: [AttributeReading] = []
    enum AttributeReading { case plain, boolean, json }
    private var roles = AttributeRoles(names: [], pinmapExport: false)
    private var pending: [RowOutcome] = []
    private var skips = SkipCounter()
    private var tableNotes: [ImportNote] = []
    /// The features of the tables skipped for their geometry type, by type (`LINESTRING`).
    private var tableSkips = SkipCounter()

    /// Opens `path` and reads its tables' definitions and systems.
    /// - Parameter fallback: `--crs`, for a table in the undefined Cartesian system (−1).
    /// - Throws: `ImportError.invalidGeoPackage` (no `gpkg_contents`, a damaged file),
    ///   `.coordinateSystem` (a system PROJ cannot resolve).
    init(path: String, fallback: String?) throws(ImportError) {
        self.path = path
        do {
            db = try SQLiteReadOnly(path: path)
            guard try db.scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'gpkg_contents'") != nil else {
                let pinmap = try db.scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'pins'") != nil
                throw ImportError.invalidGeoPackage(path: path, pinmap ? .pinmapStore : .noContentsTable(applicationID: Self.applicationID(db)))
            }
            let tables = try db.rows("""
                SELECT c.table_name, g.column_name, upper(g.geometry_type_name), g.srs_id, coalesce(c.description, '')
                FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
                WHERE c.data_type = 'features' ORDER BY c.rowid
                """)
            var layers: [Layer] = []
            var labels: [String] = []
            var notes: [ImportNote] = []
            var skippedTables = SkipCounter()
            var systems: [Int64: CoordinateSystem?] = [:]
            while try tables.step() {
                let table = tables.text(0), type = tables.text(2), srs = tables.int(3)
                guard ["POINT", "MULTIPOINT", "GEOMETRY", "GEOMETRYCOLLECTION"].contains(type) else {
                    let n = (try? db.scalar("SELECT count(*) FROM \(SQLIdentifier.quoted(table))")).flatMap { $0 }.flatMap { Int($0) }
                    notes.append(.skippedTable(table: table, geometry: type, features: n))
                    if let n, n > 0 { skippedTables.add(.featureWithGeometry(type), count: n) }
                    continue
                }
                if systems[srs] == nil { systems[srs] = try Self.system(db, srs: srs, table: table, fallback: fallback, path: path) }
                let system = systems[srs] ?? nil
                if let system { labels.append("\(system.label) (\(table))") }
                layers.append(Layer(table: table, geometryColumn: tables.text(1), system: system,
                                    pinmapExport: tables.text(4) == Self.pinmapDescription))
            }
            var used: [ColumnRole: String] = [:]
            if let l = layers.first {
                let names = try Self.columns(db, l.table).names.filter { $0 != l.geometryColumn }
                used = AttributeRoles(names: names, pinmapExport: l.pinmapExport).columnsUsed(names, geometry: l.geometryColumn)
            }
            self.layers = layers
            usedFallback = fallback != nil && systems[-1] != nil
            tableNotes = notes
            tableSkips = skippedTables
            systemsLabel = labels.isEmpty ? nil : labels.joined(separator: "; ")
            columnsUsed = used
        } catch let e as SQLiteReadOnly.Failure {
            throw .invalidGeoPackage(path: path, .sqlite(table: nil, detail: e.reason))
        } catch let e as ImportError {
            throw e
        } catch {
            throw .invalidGeoPackage(path: path, .sqlite(table: nil, detail: "\(error)"))
        }
    }

    var notes: [ImportNote] { tableNotes + skips.notes }

    /// The skipped tables' features and the point tables' features skipped for their geometry:
    /// a GeoPackage of lines or polygons only has no point features, a failure as for a
    /// Shapefile (it was an import of nothing, noted "the file has no data rows").
    var skippedGeometry: [SkippedCount] { tableSkips.counts + skips.counts }

    func next() throws(ImportError) -> RowOutcome? {
        while true {
            if let o = pending.popLast() { return o }
            do {
                if let r = rows, try r.step() {
                    pending = feature(r).reversed()
                    continue
                }
            } catch {
                throw .invalidGeoPackage(path: path, .sqlite(table: layers[layerIndex].table, detail: error.reason))
            }
            layerIndex += 1
            guard layerIndex < layers.count else { rows = nil; return nil }
            try open(layers[layerIndex])
        }
    }

    /// Starts reading `layer`'s rows: every column, the geometry and the primary key found.
    private func open(_ layer: Layer) throws(ImportError) {
        do {
            let (_, key, types) = try Self.columns(db, layer.table)
            let described = try Self.describedColumns(db, layer.table)
            let r = try db.rows("SELECT * FROM \(SQLIdentifier.quoted(layer.table))")
            var attributes: [String] = []
            var readings: [AttributeReading] = []
            var geometry: Int32 = -1
            var id: Int32?
            for i in 0..<r.columnCount {
                let n = r.name(i)
                if n == layer.geometryColumn { geometry = i } else if n == key { id = i } else {
                    // Pinmap's export names a renamed property's column with the key.
                    attributes.append(layer.pinmapExport ? described[n]?.name ?? n : n)
                    readings.append(described[n]?.json == true ? .json : types[n] == "BOOLEAN" ? .boolean : .plain)
                }
            }
            self.readings = readings
            guard geometry >= 0 else {
                throw ImportError.invalidGeoPackage(path: path, .missingGeometryColumn(table: layer.table, column: layer.geometryColumn))
            }
            // A view's columns (or two keys of Pinmap's export) can share a name: each keeps a key of its own.
            attributes = layer.pinmapExport ? Self.uniqueBesidePinColumns(attributes) : PropertyKey.unique(attributes)
            self.names = attributes
            geometryIndex = geometry
            idIndex = id
            roles = AttributeRoles(names: attributes, pinmapExport: layer.pinmapExport)
            rows = r
        } catch let e as ImportError {
            throw e
        } catch let e as SQLiteReadOnly.Failure {
            throw .invalidGeoPackage(path: path, .sqlite(table: layer.table, detail: e.reason))
        } catch {
            throw .invalidGeoPackage(path: path, .sqlite(table: nil, detail: "\(error)"))
        }
    }

    /// The current row's pins (or its issue, or nothing when its geometry is skipped).
    private func feature(_ r: SQLiteReadOnly.Rows) -> [RowOutcome] {
        let layer = layers[layerIndex]
        let fid = idIndex.map { r.int($0) }
        var values: [AttributeValue] = []
        for i in 0..<r.columnCount where i != geometryIndex && i != idIndex {
            let reading = readings[values.count]
            switch r.kind(i) {
            case .integer: values.append(reading == .boolean ? .bool(r.int(i) != 0) : .integer(r.int(i)))
            case .real: values.append(.real(r.double(i)))
            case .text:
                let text = r.text(i)
                values.append(reading == .json && Self.isJSON(text) ? .json(text) : .text(text))
            case .blob, .null: values.append(.null)
            }
        }
        let number = Int(fid ?? 0)
        let label = "table \(layer.table)"  // the feature (its fid) is the issue's number
        let base = AttributeFeature(names: names, values: values, roles: roles, line: number, label: label,
                                    fallbackTitle: "\(layer.table) \(fid.map(String.init) ?? "")",
                                    fallbackCategory: layer.pinmapExport ? "" : layer.table,
                                    exactTimes: layer.pinmapExport)
        guard r.kind(geometryIndex) == .blob else {
            skips.add(.featureWithNullGeometry)
            return []
        }
        let geometry: GeoPackageGeometry
        do {
            geometry = try GeoPackageGeometry(r.blob(geometryIndex))
        } catch {
            return [.rejected([RowIssue(line: number, field: .geometry(key: layer.geometryColumn), value: "",
                                        reason: "\(label): \(error.reason)", rule: .notAPoint)])]
        }
        switch geometry.shape {
        case .other(let type):
            skips.add(.featureWithGeometry(type))
            return []
        case .points(let positions):
            if positions.isEmpty { skips.add(.featureWithEmptyGeometry) }
            return positions.map { base.outcome(x: $0.x, y: $0.y, z: $0.z, system: layer.system) }
        case .collection(let positions, let others):
            // As GeoJSON's: a pin per point, the other members counted.
            for type in others { skips.add(.collectionPart(type)) }
            if positions.isEmpty && others.isEmpty { skips.add(.featureWithEmptyGeometry) }
            return positions.map { base.outcome(x: $0.x, y: $0.y, z: $0.z, system: layer.system) }
        }
    }

    /// A table's column names, its primary key column (nil without one) and the declared
    /// types (upper case) by name.
    private static func columns(_ db: SQLiteReadOnly, _ table: String) throws(SQLiteReadOnly.Failure)
        -> (names: [String], key: String?, types: [String: String]) {
        let r = try db.rows("SELECT name, pk, upper(type) FROM pragma_table_info(?1)", [table])
        var names: [String] = []
        var key: String?
        var types: [String: String] = [:]
        while try r.step() {
            names.append(r.text(0))
            types[r.text(0)] = r.text(2)
            if r.int(1) == 1 { key = r.text(0) }
        }
        return (names, key, types)
    }

    /// The attribute names of Pinmap's own export with repeats renamed among its property
    /// columns only: the first `title`, `description`, `category` and `created_at` are the pin's
    /// columns, and a property of one of those names (a CSV's `title` beside its `name`,
    /// written `title_2` with the key in `gpkg_data_columns`) keeps its key; it came back
    /// `title (2)`, another pin to the duplicate check.
    static func uniqueBesidePinColumns(_ names: [String]) -> [String] {
        var seen = Set<String>()
        let isPinColumn = names.map { ["title", "description", "category", "created_at"].contains($0) && seen.insert($0).inserted }
        var properties = PropertyKey.unique(names.indices.filter { !isPinColumn[$0] }.map { names[$0] })[...]
        return names.indices.map { isPinColumn[$0] ? names[$0] : properties.removeFirst() }
    }

    /// The table's columns in `gpkg_data_columns` (the schema extension): their `name` and
    /// whether they are marked `application/json` (Pinmap's export marks its columns of mixed
    /// or structured values so, and names a renamed column with its property's key).
    private static func describedColumns(_ db: SQLiteReadOnly, _ table: String) throws(SQLiteReadOnly.Failure)
        -> [String: (name: String?, json: Bool)] {
        guard try db.scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'gpkg_data_columns'") != nil else { return [:] }
        let r = try db.rows("SELECT column_name, name, lower(coalesce(mime_type, '')) = 'application/json' FROM gpkg_data_columns WHERE table_name = ?1", [table])
        var columns: [String: (name: String?, json: Bool)] = [:]
        while try r.step() { columns[r.text(0)] = (r.kind(1) == .null ? nil : r.text(1), r.int(2) != 0) }
        return columns
    }

    /// Whether `text` is one JSON value (a marked column's cell; anything else is a string).
    private static func isJSON(_ text: String) -> Bool {
        (try? JSONDocument(bytes: Array(text.utf8))) != nil
    }

    /// The system of `srs`; nil for WGS84 (4326, or 0: undefined geographic).
    private static func system(_ db: SQLiteReadOnly, srs: Int64, table: String, fallback: String?,
                               path: String) throws(ImportError) -> CoordinateSystem? {
        let definition: String
        if srs == 4326 || srs == 0 {
            return nil
        } else if srs == -1 {
            guard let fallback else {
                throw .coordinateSystem(path: path, source: nil, .undefinedCartesian(table: table))
            }
            definition = fallback
        } else {
            let row: SQLiteReadOnly.Rows
            do {
                row = try db.rows("SELECT organization, organization_coordsys_id, definition FROM gpkg_spatial_ref_sys WHERE srs_id = ?1", [String(srs)])
                guard try row.step() else {
                    throw ImportError.invalidGeoPackage(path: path, .missingSpatialReference(table: table, srsID: srs))
                }
            } catch let e as ImportError {
                throw e
            } catch {
                throw .invalidGeoPackage(path: path, .sqlite(table: nil, detail: "\(error)"))
            }
            // The authority's code when PROJ knows it (its own definition, with its name and
            // usual operations), else the row's WKT.
            let organization = row.text(0).uppercased(), code = row.int(1), wkt = row.text(2)
            let coded = "\(organization):\(code)"
            if !organization.isEmpty, organization != "NONE", code > 0,
               let system = try? CoordinateSystem.forImport(coded, source: nil, path: path) {
                return system
            }
            definition = wkt
        }
        return try CoordinateSystem.forImport(definition, source: .geoPackageTable(table, srsID: srs), path: path)
    }

    /// `PRAGMA application_id` as GeoPackage names it: 'GPKG' (1.2 and later), 'GP10', 'GP11',
    /// else the number in hex. The tables decide whether a file is read, not this: early
    /// writers left it 0.
    static func applicationID(_ db: SQLiteReadOnly) -> String {
        let id = UInt32(truncatingIfNeeded: Int64((try? db.scalar("PRAGMA application_id")).flatMap { $0 }.flatMap { Int64($0) } ?? 0))
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: id >> $0) }
        if bytes.allSatisfy({ $0 >= 0x30 && $0 < 0x7F }) { return "'" + String(decoding: bytes, as: UTF8.self) + "'" }
        return "0x" + String(id, radix: 16, uppercase: true)
    }
}
