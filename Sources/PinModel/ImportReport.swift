/// How to import one file (the `pinmap import` options).
public struct ImportOptions: Sendable, Equatable {
    /// `--delimiter`: the field delimiter byte; nil sniffs it from the content.
    public var delimiter: UInt8?
    /// `--lat COL`, `--lon COL`, `--name COL` (the title): header names (or 1-based column numbers).
    public var latColumn: String?
    public var lonColumn: String?
    public var titleColumn: String?
    /// `--crs EPSG:5186`: the coordinate reference system of a file that names none itself
    /// (CSV `x`/`y` columns, GeoJSON without `crs`, a Shapefile without `.prj`): any
    /// definition PROJ reads (`EPSG:NNNN`, a WKT). Nil: such files are WGS84 longitude, latitude.
    public var crs: String?
    /// `--dry-run`: read, validate and report exactly as an import would, writing nothing.
    public var dryRun: Bool
    /// `--rejects OUT.csv`: where to write the rejected rows with a reason column.
    public var rejectsPath: String?
    /// What the import batch records as its file (default: the file's absolute path).
    public var batchLabel: String?
    /// Whether a large import commits with the spatial index only and leaves
    /// the other indexes, search and the map's clusters to
    /// `Store.finishIndexing` (default); false indexes everything before it commits.
    public var deferIndexing = true
    /// With `deferIndexing`: a large import commits its pins alone (the spatial index and
    /// the map's tree wait too), for `Store.finishIndexingBeside` right after the commit
    /// (`pinmap import --index`, which then builds search on a second core).
    public var deferAllIndexing = false
    /// `--encoding NAME`: the file's text encoding as named (`CP949`, `Shift_JIS`, …); nil
    /// detects it. A name the importer does not know is refused before the file is read.
    public var encodingName: String?
    /// `--wkt COL`: the column holding WKT `POINT` geometry (header name or 1-based number).
    public var wktColumn: String?

    public init(delimiter: UInt8? = nil, latColumn: String? = nil, lonColumn: String? = nil,
                titleColumn: String? = nil, dryRun: Bool = false, rejectsPath: String? = nil) {
        self.delimiter = delimiter
        self.latColumn = latColumn
        self.lonColumn = lonColumn
        self.titleColumn = titleColumn
        self.dryRun = dryRun
        self.rejectsPath = rejectsPath
    }

}

/// A row skipped because it duplicates an earlier row or a stored pin.
public struct DuplicateRow: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The skipped row's number: its physical line, or what `unit` says (GeoJSON: feature number).
    public var line: Int
    /// What `line` and `ofLine` count (set by the importer; not in the JSON report).
    public var unit: RowUnit = .line
    /// The earlier line of the same file it repeats, if so.
    public var ofLine: Int?
    /// The stored pin it repeats, if so.
    public var ofPin: Int64?

    public init(line: Int, ofLine: Int? = nil, ofPin: Int64? = nil, unit: RowUnit = .line) {
        self.line = line; self.ofLine = ofLine; self.ofPin = ofPin; self.unit = unit
    }

    /// `line 7 duplicates line 3` or `line 7 duplicates pin 12 in the store`.
    public var description: String {
        if let ofLine { return "\(unit.at(line)) duplicates \(unit.at(ofLine))" }
        return "\(unit.at(line)) duplicates pin \(ofPin ?? 0) in the store"
    }

    enum CodingKeys: String, CodingKey { case line, ofLine = "of_line", ofPin = "of_pin" }
}

/// What an import did (or, with `dryRun`, would do). Encodes to the JSON of `pinmap import
/// --json`: `{"imported", "rejected", "duplicates", "encoding", "delimiter", "columns",
/// "errors": [{"line", "field", "value", "reason", "rule"}], ...}`.
public struct ImportReport: Sendable, Encodable, Equatable {
    /// At most this many errors and duplicates are listed (all are counted).
    public static let maxListed = 1000

    /// The file as given on the command line.
    public var file: String
    /// `CSV`, `GeoJSON`, `Takeout`, `GPX`, `KML`, `KMZ`, `GeoPackage` or `Shapefile` (`PinFileScanner.Format`).
    public var format: String
    /// Pins written (dry run: that would be written).
    public var imported = 0
    /// Rows rejected (each listed in `errors`, up to `maxListed` rows).
    public var rejected = 0
    /// Rows skipped as exact duplicates.
    public var duplicates = 0
    /// Records after the header that were not blank.
    public var dataRows = 0
    /// The encoding used, e.g. `UTF-8`, `UTF-8 with BOM`, `UTF-16LE with BOM`, `Windows-1252`.
    public var encoding = ""
    /// `,` `;` `TAB` `|`, or "" for formats other than CSV.
    public var delimiter = ""
    /// Pin field → column header (or the format's member) it was read from.
    public var columns: [ColumnRole: String] = [:]
    /// The coordinate reference system the coordinates were transformed from to WGS84
    /// (`EPSG:5186, Korea 2000 / Central Belt 2010`; several joined by "; "); nil for WGS84.
    public var coordinateSystem: String?
    /// Source columns kept in each pin's `properties` (CSV: the headers no pin field uses, in
    /// file order), so the summary says where they went.
    public var properties: [String] = []
    /// Issues of rejected rows, in file order (one row may have several).
    public var errors: [RowIssue] = []
    /// Issues left out of `errors` beyond `maxListed`.
    public var errorsOmitted = 0
    /// Skipped duplicates, in file order (up to `maxListed`).
    public var duplicateRows: [DuplicateRow] = []
    /// Remarks such as "the file has no data rows".
    public var notes: [ImportNote] = []
    /// The import batch (for `pinmap undo-import ID`); nil for dry runs and when nothing was imported.
    public var batchID: Int64?
    public var dryRun = false
    /// Where rejected rows were written, if asked.
    public var rejectsFile: String?
    /// The file-level failure, when the file could not be imported at all (then every count is 0).
    public var fileError: String?
    /// Pins of the store that wait for `pinmap index` (or the UI) to join the search index and
    /// the map's clusters after a large import (rows); 0 when everything is indexed.
    public var pinsToIndex = 0

    public init(file: String, format: String = "CSV") {
        self.file = file
        self.format = format
    }

    /// The command's exit status for this file: 0 when it was processed (even with rejected
    /// rows), 1 for a file-level failure.
    public var exitCode: Int32 { fileError == nil ? 0 : 1 }

    /// Every data row was rejected (none a duplicate): nothing was imported, and the command
    /// fails, in a dry run too (it exits as the import would). A header-only file (no data
    /// rows) or a re-import (duplicates) is not one.
    public var everyRowRejected: Bool { imported == 0 && duplicates == 0 && rejected > 0 }

    public mutating func addIssues(_ issues: [RowIssue]) {
        rejected += 1
        for issue in issues {
            if errors.count < Self.maxListed { errors.append(issue) } else { errorsOmitted += 1 }
        }
    }

    public mutating func addDuplicate(_ row: DuplicateRow) {
        duplicates += 1
        if duplicateRows.count < Self.maxListed { duplicateRows.append(row) }
    }

    enum CodingKeys: String, CodingKey {
        case file, format, imported, rejected, duplicates, encoding, delimiter, columns, properties, errors, notes
        case dataRows = "data_rows", errorsOmitted = "errors_omitted", duplicateRows = "duplicate_rows"
        case batchID = "batch_id", dryRun = "dry_run", rejectsFile = "rejects_file", fileError = "file_error"
        case pinsToIndex = "pins_to_index", coordinateSystem = "crs"
    }
}
