import CSQLite
import Glibc
import Support

/// Writes every pin as an OGC GeoPackage 1.3 (OGC 12-128r18) with SQLite: one point feature
/// table `pins` in EPSG:4326 (WGS84 longitude, latitude), as QGIS and GDAL read it.
///
/// - File: `application_id` 'GPKG' (0x47504B47), `user_version` 10300; the required
///   `gpkg_spatial_ref_sys` rows (4326, the undefined −1 and 0), `gpkg_contents` with the
///   pins' bounds and the description `GeoPackageExport.description` (which Pinmap's importer
///   recognises, so the round trip maps the columns exactly), `gpkg_geometry_columns`.
/// - Table `pins`: `fid` (the pin's id), `geom` (a `GP` header, little-endian, no envelope, srs
///   4326, then a WKB Point: 29 bytes), `title`, `description`, `category`, `created_at` (as
///   stored) and one column per property key, typed by the values the pins hold: TEXT for
///   strings, INTEGER, REAL, BOOLEAN; a key whose values mix types, hold arrays, objects or
///   nulls, or numbers SQL would write back otherwise (`0.10`, `1E5`, beyond 64 bits) is TEXT
///   holding each value's JSON text as stored, marked `application/json` in
///   `gpkg_data_columns` (the schema extension): the round trip is exact. A key that repeats a column name (SQLite
///   compares them without case) gets a `_2` suffix, and its key as the column's `name` there.
/// - Spatial index: the R-tree extension (`rtree_pins_geom`, filled here once, with the
///   standard triggers that keep it current when GIS tools edit the table, and its
///   `gpkg_extensions` row).
///
/// Written to a temporary file beside `path`, renamed over it at the end: a failure leaves
/// `path` as it was.
public enum GeoPackageExport {
    /// `gpkg_contents.description` of the `pins` table.
    public static let description = "Pinmap pins"

    /// What an export wrote.
    public struct Summary: Sendable, Equatable {
        /// Pins written.
        public var pins: Int
        /// Property keys written under another column name (`("Name", "Name_2")`).
        public var renamed: [(key: String, column: String)]

        public init(pins: Int, renamed: [(key: String, column: String)]) {
            self.pins = pins
            self.renamed = renamed
        }

        public static func == (a: Summary, b: Summary) -> Bool {
            a.pins == b.pins && a.renamed.map { [$0.key, $0.column] } == b.renamed.map { [$0.key, $0.column] }
        }
    }

    /// A property column: its key, SQL name and type.
    struct Column {
        /// How a key's values are stored: one SQLite type when they all have it (integers that
        /// fit 64 bits; reals), else `json`: TEXT holding each value's JSON text, marked
        /// `application/json` in `gpkg_data_columns` (so the importer reads them back typed).
        enum Kind: String {
            case text = "TEXT", integer = "INTEGER", real = "REAL", boolean = "BOOLEAN", json = "JSON"

            /// The declared SQL type.
            var sqlType: String { self == .json ? "TEXT" : rawValue }

            /// The kind of a column holding `entry` and the values before it (`so`, nil for none).
            /// A JSON null makes it JSON: as SQL NULL it would read back as no value at all.
            static func of(_ entry: PinProperty, joining so: Kind?) -> Kind {
                let own: Kind
                if entry.isString {
                    own = .text
                } else if entry.value == "true" || entry.value == "false" {
                    own = .boolean
                } else if let i = Int64(entry.value), String(i) == entry.value {
                    own = .integer
                } else if let d = Double(entry.value), "\(d)" == entry.value, !(d == 0 && d.sign == .minus) {
                    own = .real  // written as the importer writes a REAL back (SQLite drops -0.0's sign)
                } else {
                    own = .json  // null, arrays, objects, integers beyond 64 bits, `0.10`, `1E5`
                }
                guard let so else { return own }
                return so == own ? own : .json
            }
        }
        var key: String
        var name: String
        var kind: Kind
    }

    /// Writes `store`'s pins to `path` (a file store or a server: `PinExportSource`).
    /// - Throws: `StoreError` from either database, or when the file cannot be created or put
    ///   in place (its reason); `path` is then untouched.
    public static func write(_ store: some PinExportSource, to path: String) throws(StoreError) -> Summary {
        try checkTarget(path)
        let temp = try temporaryFile(beside: path)
        let ticket = TemporaryFiles.note(temp)  // removed by an interrupt handler (`pinmap export`)
        defer { TemporaryFiles.forget(ticket) }
        do throws(StoreError) {
            let summary = try fill(store, path: temp)
            try checkTarget(path)  // as it is now, after the seconds the pins took
            guard rename(temp, path) == 0 else {
                throw StoreError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            return summary
        } catch {
            unlink(temp)
            throw said(error, of: temp, as: path)
        }
    }

    /// Refuses a `path` that is not a regular file (`/dev/null`, a FIFO: a GeoPackage is a
    /// database file, and the rename put one in place of the device, as root) or that the
    /// user may not replace (`ReplaceableFile`: the text exports' rule). A missing file is
    /// fine.
    private static func checkTarget(_ path: String) throws(StoreError) {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            let what = (st.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw StoreError("cannot write \(MessageText.quotedPath(path)): it is \(what), and a GeoPackage is a database file; give a file's path")
        }
        if let why = ReplaceableFile.refusal(path) { throw StoreError("cannot write \(MessageText.quotedPath(path)): \(why)") }
    }

    /// `error` from writing the temporary file `temp`, said of `path`: a full disk is "cannot
    /// write PATH: the disk is full", as the text exports say it (the temporary file's name
    /// means nothing to the user, and it is gone); any other error as it is.
    static func said(_ error: StoreError, of temp: String, as path: String) -> StoreError {
        guard case .diskFull(let full)? = error.kind, full == temp else { return error }
        return StoreError("cannot write \(MessageText.quotedPath(path)): the disk is full", code: error.code, kind: .diskFull(path: path))
    }

    private static func fill(_ store: some PinExportSource, path: String) throws(StoreError) -> Summary {
        let out = try Database(path: path)
        try out.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA application_id = 1196444487; PRAGMA user_version = 10300")
        let columns = try propertyColumns(store)
        try out.execute("BEGIN")
        try out.execute(GeoPackageSchema.core)
        try out.execute(GeoPackageSchema.pinsTable(columns.map { "\(SQLIdentifier.quoted($0.name)) \($0.kind.sqlType)" }, description: description))
        // JSON columns are marked so; a renamed column keeps its property's key as its name.
        let described = columns.filter { $0.kind == .json || $0.key != $0.name }
        if !described.isEmpty {
            try out.execute(GeoPackageSchema.dataColumns)
            let mark = try out.prepare("INSERT INTO gpkg_data_columns (table_name, column_name, name, mime_type) VALUES ('pins', ?1, ?2, ?3)")
            for c in described {
                try mark.bind([.text(c.name), .text(c.key), c.kind == .json ? .text("application/json") : .null])
                try mark.step()
            }
        }
        let insert = try out.prepare("INSERT INTO pins (fid, geom, title, description, category, created_at"
            + columns.map { ", " + SQLIdentifier.quoted($0.name) }.joined()
            + ") VALUES (?1, ?2, ?3, ?4, ?5, ?6" + columns.indices.map { ", ?\($0 + 7)" }.joined() + ")")
        let index = try out.prepare("INSERT INTO rtree_pins_geom VALUES (?1, ?2, ?2, ?3, ?3)")
        let position = Dictionary(columns.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        let reader = try PropertyReader()
        let cursor = try store.exportReader(byCategory: false)
        var count = 0
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        while let pin = try cursor.next() {
            var values: [SQLValue] = [.int(pin.id), .null, .text(pin.title), optional(pin.description),
                                      optional(pin.category), optional(pin.createdAt)]
            values += Array(repeating: .null, count: columns.count)
            for entry in try reader.entries(pin.properties) {
                guard let k = position[entry.key] else { continue }
                values[6 + k] = value(entry, columns[k].kind)
            }
            try insert.bind(values)
            let blob = point(longitude: pin.longitude, latitude: pin.latitude)
            blob.withUnsafeBytes { _ = sqlite3_bind_blob(insert.stmt, 2, $0.baseAddress, Int32($0.count), sqliteTransient) }
            try insert.step()
            try index.bind([.int(pin.id), .double(pin.longitude), .double(pin.latitude)])
            try index.step()
            let b = bounds ?? (pin.longitude, pin.latitude, pin.longitude, pin.latitude)
            bounds = (min(b.minX, pin.longitude), min(b.minY, pin.latitude), max(b.maxX, pin.longitude), max(b.maxY, pin.latitude))
            count += 1
        }
        if let b = bounds {
            let contents = try out.prepare("UPDATE gpkg_contents SET min_x = ?1, min_y = ?2, max_x = ?3, max_y = ?4 WHERE table_name = 'pins'")
            try contents.bind([.double(b.minX), .double(b.minY), .double(b.maxX), .double(b.maxY)])
            try contents.step()
        }
        try out.execute(GeoPackageSchema.rtreeTriggers)
        try out.execute("COMMIT")
        return Summary(pins: count, renamed: columns.filter { $0.key != $0.name }.map { ($0.key, $0.name) })
    }

    /// The property columns: every key in first-seen order (as the CSV export), typed by the
    /// values the pins hold (`Column.Kind.of`).
    static func propertyColumns(_ store: some PinExportSource) throws(StoreError) -> [Column] {
        let keys = try store.propertyKeys()
        guard !keys.isEmpty else { return [] }
        var kinds: [String: Column.Kind] = [:]
        let reader = try PropertyReader()
        let cursor = try store.exportReader(byCategory: false)
        while let pin = try cursor.next() {
            for entry in try reader.entries(pin.properties) {
                kinds[entry.key] = Column.Kind.of(entry, joining: kinds[entry.key])
            }
        }
        var taken: Set<String> = ["fid", "geom", "title", "description", "category", "created_at"]
        return keys.map { key in
            let base = key.isEmpty ? "property" : key
            var name = base
            var n = 2
            while taken.contains(name.lowercased()) {
                name = base + "_\(n)"
                n += 1
            }
            taken.insert(name.lowercased())
            return Column(key: key, name: name, kind: kinds[key] ?? .text)
        }
    }

    /// A property value for its column: strings as text, numbers and booleans typed, and in
    /// a JSON column every value's JSON text (`"a"`, `12`, `[1,2]`, `null`).
    private static func value(_ entry: PinProperty, _ kind: Column.Kind) -> SQLValue {
        switch kind {
        case .json: return .text(entry.isString ? jsonString(entry.value) : entry.value)
        case .integer: return Int64(entry.value).map { .int($0) } ?? .null
        case .real: return Double(entry.value).map { .double($0) } ?? .null
        case .boolean: return .int(entry.value == "true" ? 1 : 0)
        case .text: return .text(entry.value)
        }
    }

    /// `s` as a JSON string (RFC 8259 escapes).
    private static func jsonString(_ s: String) -> String {
        var out = ""
        JSONText.append(s, to: &out)
        return out
    }

    private static func optional(_ text: String) -> SQLValue { text.isEmpty ? .null : .text(text) }

    /// A GeoPackage point: `GP`, version 0, flags 1 (little-endian, no envelope), srs_id 4326,
    /// then the WKB Point (byte order 1, type 1, x = longitude, y = latitude).
    static func point(longitude: Double, latitude: Double) -> [UInt8] {
        var b: [UInt8] = [0x47, 0x50, 0x00, 0x01]
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { b.append(contentsOf: $0) } }
        func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { b.append(contentsOf: $0) } }
        u32(4326)
        b.append(1)
        u32(1)
        f64(longitude)
        f64(latitude)
        return b
    }

    /// An empty file beside `path` (`.NAME.XXXXXX`) for SQLite to fill, with the permissions
    /// a new file gets.
    private static func temporaryFile(beside path: String) throws(StoreError) -> String {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((dir + "." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw StoreError("cannot create \(path): \(String(cString: strerror(errno)))") }
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
