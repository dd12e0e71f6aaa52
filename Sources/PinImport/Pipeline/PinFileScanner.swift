import PinModel
/// One step of scanning a file: a valid pin, or a rejected row with its fields.
public enum ScanEvent: Sendable, Equatable {
    case pin(ParsedPin)
    /// A rejected row: every issue (all with the row's line) and the row's fields as read
    /// (for `--rejects OUT.csv`).
    case rejected(issues: [RowIssue], fields: [String])
}

/// Reads a pin file from start to end without touching any store. CSV: decoding, delimiter,
/// header mapping and every row rule (`RowValidator`), streamed in constant memory. The other
/// formats have a reader each (`GeoJSONReader` for GeoJSON and Takeout, `GPXReader`,
/// `KMLReader`, and KMZ through `ZipArchive`), chosen by `FormatReaders`. The importer adds
/// duplicates and the store on top; `--dry-run`, the Import tab's preview and the tests use it
/// directly.
public struct PinFileScanner {
    public enum Format: String, Sendable, CaseIterable {
        case csv = "CSV", geoJSON = "GeoJSON", takeout = "Takeout", gpx = "GPX", kml = "KML", kmz = "KMZ"
        case geoPackage = "GeoPackage", shapefile = "Shapefile"

        /// Whether the format's coordinates are WGS84 by definition (`--crs` does not apply).
        var isAlwaysWGS84: Bool { [.gpx, .kml, .kmz, .takeout].contains(self) }

        /// The format as messages name it.
        public var name: String { self == .takeout ? "Google Takeout JSON" : rawValue }

        /// Every format Pinmap reads, for messages about a file it cannot read: "CSV, GeoJSON,
        /// Google Takeout JSON, GPX, KML, KMZ, GeoPackage and Shapefile".
        public static var readable: String {
            let names = allCases.map(\.name)
            return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }

        /// What a row's number counts in this format (`RowIssue.line`).
        public var rowUnit: RowUnit {
            switch self {
            case .csv, .gpx, .kml, .kmz: return .line
            case .geoJSON, .takeout, .geoPackage: return .feature
            case .shapefile: return .shape
            }
        }
    }

    public let path: String
    public let format: Format
    public let encoding: DetectedEncoding
    /// The encoding as reports show it: `encoding.label`, or a `.dbf`'s code page and where
    /// it came from (`CP949 (.cpg)`).
    public var encodingLabel: String
    /// Whether the file names its coordinate reference system itself (a `.prj`, a GeoJSON
    /// `crs`, a GeoPackage's `srs_id`): `--crs` does not apply.
    private var namedItsOwnSystem = false
    /// The delimiter as shown in reports (`,` `;` `TAB` `|`); "" for other formats.
    public let delimiterLabel: String
    /// The CSV header row (trimmed); empty for other formats.
    public let headers: [String]
    /// The rejects file's columns after the row number and reason: the CSV header, else the
    /// column of a rejected row's source text (GeoJSON's feature), else none.
    public var rejectsHeaders: [String] { format == .csv ? headers : records?.sourceColumn.map { [$0] } ?? [] }
    /// Pin field → header used (`["latitude": "위도", ...]`); for other formats where the
    /// reader finds it (`["name": "wpt/name", ...]`).
    public let columnsUsed: [ColumnRole: String]
    /// Source columns kept in `ParsedPin.properties` (CSV: headers no pin field uses).
    public var propertyNames: [String] { validator?.mapping.propertyNames ?? [] }
    /// The coordinate reference system the coordinates are transformed from to WGS84
    /// (`EPSG:5186, Korea 2000 / Central Belt 2010`; a GeoPackage's several joined by "; ");
    /// nil when they are WGS84 longitude, latitude.
    public let coordinateSystem: String?
    /// Things the reader skipped, counted (`skipped 1 track`); complete once `next()` returned nil.
    public var notes: [ImportNote] { openingNotes + (records?.notes ?? []) }
    /// Notes known when the file was opened (`--crs` not used).
    private var openingNotes: [ImportNote] = []
    /// File size in bytes, for progress.
    public let size: Int64
    /// Records after the header that were not blank, so far.
    public private(set) var dataRows = 0

    private var opened: OpenedInput?
    private var reader: CSVReader<DecodingChunkSource<FileChunkSource>>?
    private let validator: RowValidator?
    /// The reader of a non-CSV format.
    private var records: (any PinRecordReader)?
    private var finished = false

    /// Opens and prepares `path`: detects the encoding and format, sniffs the delimiter (unless
    /// given), reads the header and maps the columns.
    /// - Throws: `ImportError` for every file-level failure: `.unreadable`, `.emptyFile`,
    ///   `.bomOnly`, `.decoding`, `.noHeader`, `.columns`, `.invalidGeoJSON`, `.invalidJSON`,
    ///   `.malformedXML`, `.archive`, `.invalidGeoPackage`, `.invalidShapefile`, `.coordinateSystem`. `next()` throws `.noPoints` at
    ///   the end of a KML, KMZ or Shapefile that held only other geometry.
    /// - Parameter crs: `--crs`: the system of coordinates the file does not name itself (CSV
    ///   `x`/`y` columns, a Shapefile without `.prj`, a GeoPackage table in srs_id −1); a
    ///   system the file names wins, and the formats that are WGS84 by definition (GPX, KML,
    ///   Takeout, GeoJSON without a `crs` member) ignore it, each with a note. CSV
    ///   `latitude`/`longitude`-named columns holding degrees are rejected under a projected
    ///   `--crs` (`ProjectedHint.degreesUnderProjectedSystem`).
    /// - Parameter encoding: `--encoding`: the text encoding of a text file; nil detects it.
    public static func open(path: String, delimiter: UInt8? = nil,
                            overrides: ColumnOverrides = ColumnOverrides(), crs: String? = nil,
                            encoding: TextEncoding? = nil) throws(ImportError) -> PinFileScanner {
        var scanner = try openReader(path: path, delimiter: delimiter, overrides: overrides, crs: crs, encoding: encoding)
        if let crs {
            if scanner.format.isAlwaysWGS84 {
                scanner.openingNotes.append(.crsNotUsed(crs: crs, because: .wgs84Format(scanner.format.rawValue)))
            } else if scanner.format == .geoJSON && !scanner.namedItsOwnSystem {
                scanner.openingNotes.append(.crsNotUsed(crs: crs, because: .geoJSONPositions))
            } else if scanner.namedItsOwnSystem {
                scanner.openingNotes.append(.crsNotUsed(crs: crs, because: .fileNamesItsOwn))
            }
        }
        return scanner
    }

    private static func openReader(path: String, delimiter: UInt8?, overrides: ColumnOverrides,
                                   crs: String?, encoding: TextEncoding?) throws(ImportError) -> PinFileScanner {
        let noText = DetectedEncoding(encoding: .utf8, bomLength: 0)
        let size = FormatReaders.size(path: path)
        if FormatReaders.isZip(path: path) {
            if let shapes = try FormatReaders.zippedShapefile(path: path, fallback: crs) {
                return shapefile(shapes, path: path, size: size, crs: crs)
            }
            return records(try FormatReaders.kmz(path: path), format: .kmz, path: path, encoding: noText, size: size)
        }
        if FormatReaders.isSQLite(path: path) {
            let reader = try GeoPackageReader(path: path, fallback: crs)
            var scanner = records(reader, format: .geoPackage, path: path, encoding: noText, size: size,
                                  columns: reader.columnsUsed, coordinateSystem: reader.systemsLabel)
            scanner.namedItsOwnSystem = !reader.usedFallback
            return scanner
        }
        if FormatReaders.isShapefile(path: path) {
            return shapefile(try ShapefileReader(path: path, fallback: crs), path: path, size: size, crs: crs)
        }
        try FormatReaders.refuseShapefilePart(path: path)
        try ForeignFile.refuse(path: path)
        let opened = try OpenedInput.open(path: path, delimiter: delimiter, encoding: encoding)
        if opened.format != .xml { try FormatReaders.refuseIfXMLExpected(opened.firstChunk, path: path) }
        switch opened.format {
        case .xml:
            let format = try FormatReaders.xmlFormat(opened.firstChunk, path: path)
            let reader: any PinRecordReader = format == .gpx ? try FormatReaders.gpx(path: path, encoding: encoding)
                : try FormatReaders.kml(path: path, encoding: encoding)
            var scanner = records(reader, format: format, path: path, encoding: opened.encoding, size: opened.size)
            scanner.encodingLabel = encoding.map { "\($0.rawValue) (--encoding)" }
                ?? FormatReaders.xmlEncodingLabel(opened.firstChunk, detected: opened.encoding)
            return scanner
        case .geoJSON:
            let reader = try GeoJSONReader(bytes: try opened.readAll(), path: path)
            var scanner = records(reader, format: reader.isTakeout ? .takeout : .geoJSON, path: path,
                                  encoding: opened.encoding, size: opened.size, coordinateSystem: reader.crs?.label)
            scanner.namedItsOwnSystem = reader.namesItsSystem
            return scanner
        case let .csv(d):
            var reader = opened.csvReader()
            var header: CSVRecord? = nil
            do {
                while let r = try reader.next() {
                    if !r.isBlank { header = r; break }
                }
            } catch {
                throw Self.fileError(error, path: path)
            }
            guard var header else { throw .noHeader(path: path) }
            // A title above the header (a report's): the header is found below it.
            var titles: [CSVRecord] = []
            do {
                (header, titles) = try TitleLines.header(after: header, in: &reader, opened: opened, delimiter: d, overrides: overrides)
            } catch {
                throw Self.fileError(error, path: path)
            }
            let mapping: ColumnMapping
            var firstRow: CSVRecord? = nil
            do {
                mapping = try ColumnMapper.map(headers: header.fields, overrides: overrides)
            } catch .noCoordinateColumns {
                // No coordinate column by name: a column of WKT POINTs is found by its
                // content, in the first data row (read here, and scanned first).
                do {
                    while let r = try reader.next() {
                        if !r.isBlank { firstRow = r; break }
                    }
                } catch {
                    throw Self.fileError(error, path: path)
                }
                do {
                    var byContent = overrides
                    byContent.wkt = try ColumnMapper.wktColumn(headers: header.fields, fields: firstRow?.fields ?? [])
                    mapping = try ColumnMapper.map(headers: header.fields, overrides: byContent)
                } catch {
                    throw .columns(path: path, error)
                }
            } catch {
                throw .columns(path: path, error)
            }
            let system = try crs.flatMap { c throws(ImportError) in try CoordinateSystem.forImport(c, source: .option, path: path) }
            var scanner = PinFileScanner(
                path: path, format: .csv, encoding: opened.encoding,
                delimiterLabel: DelimiterSniffer.label(d), headers: mapping.headers,
                columnsUsed: mapping.columnsUsed, size: opened.size, opened: opened,
                reader: reader, validator: RowValidator(mapping: mapping, system: system), records: nil,
                coordinateSystem: system?.label, pending: firstRow)
            if !titles.isEmpty {
                scanner.openingNotes.append(.skippedBeforeHeader(headerLine: header.line, lines: titles.map(TitleLines.text)))
            }
            return scanner
        }
    }

    private static func shapefile(_ reader: any ShapefileSource, path: String, size: Int64, crs: String?) -> PinFileScanner {
        var scanner = records(reader, format: .shapefile, path: path, encoding: DetectedEncoding(encoding: .utf8, bomLength: 0),
                              size: size, columns: reader.columnsUsed, coordinateSystem: reader.systemLabel)
        scanner.encodingLabel = reader.encodingLabel
        scanner.namedItsOwnSystem = reader.hasPRJ
        return scanner
    }

    /// A scanner over a format reader (everything but CSV).
    private static func records(_ reader: any PinRecordReader, format: Format, path: String,
                                encoding: DetectedEncoding, size: Int64, columns: [ColumnRole: String]? = nil,
                                coordinateSystem: String? = nil) -> PinFileScanner {
        PinFileScanner(
            path: path, format: format, encoding: encoding, delimiterLabel: "", headers: [],
            columnsUsed: columns ?? FormatReaders.columnsUsed(format), size: size, opened: nil,
            reader: nil, validator: nil, records: reader, coordinateSystem: coordinateSystem)
    }

    /// A record read before the scan began (the first data row, read to find a WKT column).
    private var pending: CSVRecord?

    private init(path: String, format: Format, encoding: DetectedEncoding, delimiterLabel: String,
                 headers: [String], columnsUsed: [ColumnRole: String], size: Int64, opened: OpenedInput?,
                 reader: CSVReader<DecodingChunkSource<FileChunkSource>>?, validator: RowValidator?,
                 records: (any PinRecordReader)?, coordinateSystem: String?, pending: CSVRecord? = nil) {
        self.pending = pending
        self.coordinateSystem = coordinateSystem
        self.path = path
        self.format = format
        self.encoding = encoding
        self.encodingLabel = encoding.label
        self.delimiterLabel = delimiterLabel
        self.headers = headers
        self.columnsUsed = columnsUsed
        self.size = size
        self.opened = opened
        self.reader = reader
        self.validator = validator
        self.records = records
    }

    /// Raw bytes of the file read so far (reaches `size` at the end).
    public var bytesRead: Int64 { opened?.bytesRead ?? size }

    /// The next pin or rejected row; nil at the end. Blank lines are skipped silently.
    /// An unterminated quoted field is one rejected row naming the line where the quote
    /// opened; nothing after it can be read, so it is the last event.
    /// - Throws: `ImportError.decoding` when the rest of the file fails to decode.
    public mutating func next() throws(ImportError) -> ScanEvent? {
        if finished { return nil }
        guard let validator, reader != nil else { return try nextRecord() }
        while true {
            switch try nextCSVRecord() {
            case .record(let record):
                switch validator.validate(record) {
                case .blank: continue
                case .accepted(let pin):
                    dataRows += 1
                    return .pin(pin)
                case .rejected(let issues):
                    dataRows += 1
                    return .rejected(issues: issues, fields: record.fields)
                }
            case .event(let event): return event
            case .end: return nil
            }
        }
    }

    /// One step of `next(encodingPinsTo:)`.
    enum EncodedStep {
        /// A pin, its texts appended to the caller's buffer; the line where its row starts, and
        /// where its fields were read when that varies (`ParsedPin.keys`).
        case pin(EncodedPinRow, line: Int, keys: [ColumnRole: String])
        /// A rejected row.
        case rejected(ScanEvent)
    }

    /// `next()` for a bulk load: a pin's texts are appended to `text` as `EncodedPinRow.append`
    /// lays them out (a CSV row's straight from its bytes, `RowValidator.validate(_:encodingTo:)`).
    /// The same pins and rejected rows as `next()`.
    /// - Throws: as `next()`.
    mutating func next(encodingPinsTo text: inout [UInt8]) throws(ImportError) -> EncodedStep? {
        if finished { return nil }
        guard let validator, reader != nil else { return try Self.encoded(nextRecord(), to: &text) }
        while true {
            switch try nextCSVRecord() {
            case .record(let record):
                switch validator.validate(record, encodingTo: &text, wellFormed: reader!.isWellFormedSoFar()) {
                case .blank, .outcome(.blank): continue
                case .encoded(let row):
                    dataRows += 1
                    return .pin(row, line: record.line, keys: [:])
                case .outcome(.accepted(let pin)):
                    dataRows += 1
                    return Self.encoded(.pin(pin), to: &text)
                case .outcome(.rejected(let issues)):
                    dataRows += 1
                    return .rejected(.rejected(issues: issues, fields: record.fields))
                }
            case .event(let event): return Self.encoded(event, to: &text)
            case .end: return nil
            }
        }
    }

    /// `event` as a step of `next(encodingPinsTo:)`.
    private static func encoded(_ event: consuming ScanEvent?, to text: inout [UInt8]) -> EncodedStep? {
        switch event {
        case .pin(let p)?:
            return .pin(EncodedPinRow.append(
                title: p.title, description: p.description, category: p.category, createdAt: p.createdAt,
                properties: p.properties, latitude: p.latitude, longitude: p.longitude, to: &text), line: p.line, keys: p.keys)
        case let rejected?: return .rejected(rejected)
        case nil: return nil
        }
    }

    /// What the CSV reader gave next.
    private enum CSVStep {
        case record(CSVRecord)
        /// The rejected row of an unterminated quoted field (the last event).
        case event(ScanEvent)
        case end
    }

    /// The next CSV record (the one read before the scan first).
    private mutating func nextCSVRecord() throws(ImportError) -> CSVStep {
        if finished { return .end }
        if let first = pending {
            pending = nil
            return .record(first)
        }
        do {
            // In place (`!` mutates the stored reader): copying the reader out and back
            // retained and released its buffers for every row, ~5% of reading a file.
            guard let record = try reader!.next() else { finished = true; return .end }
            return .record(record)
        } catch {
            finished = true
            if case let .unterminatedQuote(quoteLine, partial) = error {
                dataRows += 1
                let issue = RowIssue(
                    line: partial.line, field: .record, value: String(partial.fields.joined(separator: ",").prefix(80)),
                    reason: "unterminated quoted field starting at line \(quoteLine); the rest of the file cannot be read",
                    rule: .unterminatedQuote)
                return .event(.rejected(issues: [issue], fields: partial.fields))
            }
            throw Self.fileError(error, path: path)
        }
    }

    private mutating func nextRecord() throws(ImportError) -> ScanEvent? {
        while let outcome = try records?.next() {
            switch outcome {
            case .accepted(let pin): dataRows += 1; return .pin(pin)
            case .rejected(let issues):
                dataRows += 1
                // The readers number their rows; what the number counts is the format's.
                return .rejected(issues: issues.map { var i = $0; i.unit = format.rowUnit; return i },
                                 fields: records?.lastSource.map { [$0] } ?? [])
            case .blank: continue
            }
        }
        finished = true
        // Only lines or polygons: as a failure, like a file whose every row is rejected.
        if dataRows == 0, let skipped = records?.skippedGeometry, !skipped.isEmpty {
            throw .noPoints(path: path, skipped: skipped)
        }
        return nil
    }

    private static func fileError(_ error: CSVReadError, path: String) -> ImportError {
        switch error {
        case let .decoding(e):
            return .reading(e, path: path)
        case let .unterminatedQuote(line, _):
            return .malformedHeader(path: path, reason: "unterminated quoted field starting at line \(line)")
        }
    }
}
