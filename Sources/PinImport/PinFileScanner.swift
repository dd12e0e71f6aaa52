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
    public enum Format: String, Sendable {
        case csv = "CSV", geoJSON = "GeoJSON", takeout = "Takeout", gpx = "GPX", kml = "KML", kmz = "KMZ"
    }

    public let path: String
    public let format: Format
    public let encoding: DetectedEncoding
    /// The delimiter as shown in reports (`,` `;` `TAB` `|`); "" for other formats.
    public let delimiterLabel: String
    /// The CSV header row (trimmed); empty for other formats.
    public let headers: [String]
    /// Pin field → header used (`["latitude": "위도", ...]`); for other formats where the
    /// reader finds it (`["name": "wpt/name", ...]`).
    public let columnsUsed: [String: String]
    /// Source columns kept in `ParsedPin.properties` (CSV: headers no pin field uses).
    public var propertyNames: [String] { validator?.mapping.propertyNames ?? [] }
    /// Things the reader skipped, counted (`skipped 1 track`); complete once `next()` returned nil.
    public var notes: [String] { records?.notes ?? [] }
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
    ///   `.malformedXML`, `.archive`.
    /// `encoding`: the text encoding to read a text file in (`--encoding`); nil detects it.
    public static func open(path: String, delimiter: UInt8? = nil,
                            overrides: ColumnOverrides = ColumnOverrides(),
                            encoding: TextEncoding? = nil) throws(ImportError) -> PinFileScanner {
        if FormatReaders.isZip(path: path) {
            return records(try FormatReaders.kmz(path: path), format: .kmz, path: path,
                           encoding: DetectedEncoding(encoding: .utf8, bomLength: 0), size: FormatReaders.size(path: path))
        }
        try ForeignFile.refuse(path: path)
        let opened = try OpenedInput.open(path: path, delimiter: delimiter, encoding: encoding)
        if opened.format != .xml { try FormatReaders.refuseIfXMLExpected(opened.firstChunk, path: path) }
        switch opened.format {
        case .xml:
            let format = try FormatReaders.xmlFormat(opened.firstChunk, path: path)
            let reader: any PinRecordReader = format == .gpx ? try FormatReaders.gpx(path: path) : try FormatReaders.kml(path: path)
            return records(reader, format: format, path: path, encoding: opened.encoding, size: opened.size)
        case .geoJSON:
            let reader = try GeoJSONReader(bytes: try opened.readAll(), path: path)
            return records(reader, format: reader.isTakeout ? .takeout : .geoJSON, path: path,
                           encoding: opened.encoding, size: opened.size)
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
            guard let header else { throw .noHeader(path: path) }
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
            return PinFileScanner(
                path: path, format: .csv, encoding: opened.encoding,
                delimiterLabel: DelimiterSniffer.label(d), headers: mapping.headers,
                columnsUsed: mapping.columnsUsed, size: opened.size, opened: opened,
                reader: reader, validator: RowValidator(mapping: mapping), records: nil, pending: firstRow)
        }
    }

    /// A scanner over a format reader (everything but CSV).
    private static func records(_ reader: any PinRecordReader, format: Format, path: String,
                                encoding: DetectedEncoding, size: Int64) -> PinFileScanner {
        PinFileScanner(
            path: path, format: format, encoding: encoding, delimiterLabel: "", headers: [],
            columnsUsed: FormatReaders.columnsUsed(format), size: size, opened: nil,
            reader: nil, validator: nil, records: reader)
    }

    /// A record read before the scan began (the first data row, read to find a WKT column).
    private var pending: CSVRecord?

    private init(path: String, format: Format, encoding: DetectedEncoding, delimiterLabel: String,
                 headers: [String], columnsUsed: [String: String], size: Int64, opened: OpenedInput?,
                 reader: CSVReader<DecodingChunkSource<FileChunkSource>>?, validator: RowValidator?,
                 records: (any PinRecordReader)?, pending: CSVRecord? = nil) {
        self.pending = pending
        self.path = path
        self.format = format
        self.encoding = encoding
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
        guard reader != nil, validator != nil else { return try nextRecord() }
        while true {
            let record: CSVRecord?
            if let first = pending {
                record = first
                pending = nil
            } else {
                do {
                    // In place (`!` mutates the stored reader): copying the reader out and back
                    // retained and released its buffers for every row, ~5% of reading a file.
                    record = try reader!.next()
                } catch {
                    finished = true
                    if case let .unterminatedQuote(quoteLine, partial) = error {
                        dataRows += 1
                        let issue = RowIssue(
                            line: partial.line, field: "(record)", value: String(partial.fields.joined(separator: ",").prefix(80)),
                            reason: "unterminated quoted field starting at line \(quoteLine); the rest of the file cannot be read",
                            rule: .unterminatedQuote)
                        return .rejected(issues: [issue], fields: partial.fields)
                    }
                    throw Self.fileError(error, path: path)
                }
            }
            guard let record else { finished = true; return nil }
            switch validator!.validate(record) {
            case .blank: continue
            case .accepted(let pin):
                dataRows += 1
                return .pin(pin)
            case .rejected(let issues):
                dataRows += 1
                return .rejected(issues: issues, fields: record.fields)
            }
        }
    }

    private mutating func nextRecord() throws(ImportError) -> ScanEvent? {
        while let outcome = try records?.next() {
            switch outcome {
            case .accepted(let pin): dataRows += 1; return .pin(pin)
            case .rejected(let issues): dataRows += 1; return .rejected(issues: issues, fields: [])
            case .blank: continue
            }
        }
        finished = true
        return nil
    }

    private static func fileError(_ error: CSVReadError, path: String) -> ImportError {
        switch error {
        case let .decoding(e):
            if case let .unreadable(p, reason) = e { return .unreadable(path: p, reason: reason) }
            return .decoding(path: path, e)
        case let .unterminatedQuote(line, _):
            return .malformedHeader(path: path, reason: "unterminated quoted field starting at line \(line)")
        }
    }
}
