import PinModel

/// A row that passed validation: the pin's fields, ready to store.
public struct ParsedPin: Sendable, Equatable {
    /// Physical line (1-based) where the row starts (GeoJSON: the feature's 1-based index).
    public var line: Int
    /// The name, trimmed; never empty.
    public var title: String
    /// The description as written ("" when the column is absent or the field missing).
    public var description: String
    /// The category, trimmed ("" when absent).
    public var category: String
    /// The created date as written, trimmed ("" when absent); not interpreted.
    public var createdAt: String
    /// WGS84 latitude in decimal degrees, −90…90.
    public var latitude: Double
    /// WGS84 longitude in decimal degrees, −180…180.
    public var longitude: Double
    /// Every source field that maps to no pin column, under the source's own name, as the text
    /// of a JSON object (`"{}"` when there is none). Values from CSV and XML are strings;
    /// values from GeoJSON and Takeout keep their JSON type.
    public var properties: String
    /// Where this pin's fields were read, for a format whose members vary from feature to
    /// feature (GeoJSON's title: `properties.title` or `properties.name`), so a message names
    /// the key the file used; a role not here was read where the report's `columns` say.
    public var keys: [ColumnRole: String] = [:]

    public init(line: Int, title: String, description: String = "", category: String = "",
                createdAt: String = "", latitude: Double, longitude: Double, properties: String = "{}") {
        self.line = line
        self.title = title
        self.description = description
        self.category = category
        self.createdAt = createdAt
        self.latitude = latitude
        self.longitude = longitude
        self.properties = properties
    }
}

/// What became of one CSV record.
public enum RowOutcome: Sendable, Equatable {
    /// An empty, whitespace-only or delimiter-only line: not a record, no error.
    case blank
    case accepted(ParsedPin)
    /// The row breaks one or more rules; every issue carries the row's line.
    case rejected([RowIssue])
}

/// Applies the row rules to records after the header:
/// - blank, whitespace-only and delimiter-only lines are skipped without an error;
/// - a non-empty field beyond the header's columns rejects the row (it has no column, so it
///   would be lost); empty trailing extras (`a,b,c,,`) are fine;
/// - missing trailing fields are fine when they are optional (description, category, date);
/// - the name must not be blank; the coordinates must parse and be in range.
public struct RowValidator: Sendable {
    public let mapping: ColumnMapping
    /// The system of the coordinate columns (`--crs`): the longitude column holds x (easting),
    /// the latitude column y (northing), transformed to WGS84; nil: WGS84 degrees.
    public let system: CoordinateSystem?
    /// `mapping.propertyColumns` with their keys, worked out once.
    private let propertyColumns: [(index: Int, key: String)]

    public init(mapping: ColumnMapping, system: CoordinateSystem? = nil) {
        self.mapping = mapping
        self.system = system
        propertyColumns = Array(zip(mapping.propertyColumns, mapping.propertyNames))
    }

    /// - Returns: `.blank`, `.accepted` with the pin, or `.rejected` with every issue found.
    public func validate(_ record: CSVRecord) -> RowOutcome {
        if record.isBlank { return .blank }
        var issues: [RowIssue] = []
        let headers = mapping.headers
        if record.count > headers.count {
            let extras = (headers.count..<record.count).filter { !record.isBlank($0) }
            if let first = extras.first {
                let commas = splitsDecimalCommas(record)
                issues.append(RowIssue(
                    field: .extraColumn(first + 1), value: record[first],
                    reason: "row has \(extras.count) non-empty field\(extras.count == 1 ? "" : "s") beyond the header's \(headers.count) columns"
                        + (commas ? "; its coordinates look written with decimal commas (\(record[latitudeIndex ?? 0]),\(record[(latitudeIndex ?? 0) + 1])) "
                           + "in a comma-separated file: quote them (\"37,5665\") or save the file with ; as the delimiter" : ""),
                    rule: .extraFields))
                // Its fields are shifted: the coordinates read from them would be wrong
                // ("longitude 5665 outside [-180, 180]; these look like projected metres").
                if commas { return .rejected(issues.map { var i = $0; i.line = record.line; return i }) }
            }
        }
        var title = ""
        switch PinTitle.validated(record.trimmed(mapping.title)) {
        case .success(let t): title = t
        case .failure(let blank):
            issues.append(RowIssue(field: .column(headers[mapping.title]), value: record[mapping.title], reason: blank.sentence, rule: .blankTitle))
        }
        var elevation: String?
        let point = coordinates(of: record, elevation: &elevation, issues: &issues)
        guard issues.isEmpty, let point else {
            return .rejected(issues.map { var i = $0; i.line = record.line; return i })
        }
        return .accepted(ParsedPin(
            line: record.line, title: title,
            description: mapping.description.map { record[$0] } ?? "",
            category: mapping.category.map { record.trimmed($0) } ?? "",
            createdAt: mapping.created.map { record.trimmed($0) } ?? "",
            latitude: point.latitude, longitude: point.longitude,
            properties: properties(of: record, elevation: elevation)))
    }

    /// What `validate(_:encodingTo:)` made of a record.
    enum EncodedOutcome {
        case blank
        /// An accepted pin, its texts appended to the batch's text.
        case encoded(EncodedPinRow)
        /// Any other row, as `validate` judged it (a pin among them is appended by the caller).
        case outcome(RowOutcome)
    }

    /// `validate` for a bulk load (`ScanPipeline`): an accepted row's texts are appended to
    /// `text` as `EncodedPinRow.append` lays them out. The usual row (plain decimal degrees in
    /// range, no `--crs`, no field beyond the header, and text fields that are well-formed
    /// UTF-8 and need no trimming, with a visible title) is copied from the record's bytes, the
    /// very texts `validate` would make: making each a `String` and copying it out again, with
    /// its retains and releases, was about half of the reading thread's work. Every other row
    /// goes through `validate`.
    /// - Parameter wellFormed: the record's bytes are known to be well-formed UTF-8
    ///   (`DecodingChunkSource.isWellFormedSoFar`); false checks each text field.
    func validate(_ record: CSVRecord, encodingTo text: inout [UInt8], wellFormed: Bool = false) -> EncodedOutcome {
        if record.isBlank { return .blank }
        if let row = encodedAsRead(record, to: &text, wellFormed: wellFormed) { return .encoded(row) }
        return .outcome(validate(record))
    }

    /// The usual row of `validate(_:encodingTo:)`, appended to `text`; nil, appending nothing, for any other.
    private func encodedAsRead(_ record: CSVRecord, to text: inout [UInt8], wellFormed: Bool) -> EncodedPinRow? {
        guard system == nil, record.count <= mapping.headers.count,
              case let .pair(latIndex, lonIndex) = mapping.coordinates else { return nil }
        return record.bytes.withUnsafeBufferPointer { all -> EncodedPinRow? in
            func field(_ index: Int?) -> UnsafeBufferPointer<UInt8> {
                guard let index else { return UnsafeBufferPointer(start: nil, count: 0) }
                return UnsafeBufferPointer(rebasing: all[record.range(of: index)])
            }
            guard let latitude = DecimalNumber.parse(field(latIndex)), CoordinateAxis.latitude.contains(latitude),
                  let longitude = DecimalNumber.parse(field(lonIndex)), CoordinateAxis.longitude.contains(longitude) else { return nil }
            let title = field(mapping.title), description = field(mapping.description)
            let category = field(mapping.category), created = field(mapping.created)
            // Well-formed, so `String(decoding:)` would keep them as they are.
            guard wellFormed || (UTF8Validator.isValid(title) && UTF8Validator.isValid(description)
                                 && UTF8Validator.isValid(category) && UTF8Validator.isValid(created)),
                  isTrimmed(utf8: title), !PinTitle.isBlank(utf8: title),
                  isTrimmed(utf8: category), isTrimmed(utf8: created) else { return nil }
            let start = Int32(text.count)
            let e0 = start + Int32(title.count), e1 = e0 + Int32(description.count)
            let e2 = e1 + Int32(category.count), e3 = e2 + Int32(created.count)
            // Fields next to each other in the record (title, description, category in most
            // files) go in one copy.
            var run = title
            func add(_ next: UnsafeBufferPointer<UInt8>) {
                if let a = run.baseAddress, let b = next.baseAddress, a + run.count == b {
                    run = UnsafeBufferPointer(start: a, count: run.count + next.count)
                } else {
                    text.append(contentsOf: run)
                    run = next
                }
            }
            add(description)
            add(category)
            add(created)
            text.append(contentsOf: run)
            if propertyColumns.isEmpty {
                text.append(UInt8(ascii: "{"))
                text.append(UInt8(ascii: "}"))
            } else {
                text.append(contentsOf: properties(of: record).utf8)
            }
            return EncodedPinRow(start: start, ends: (e0, e1, e2, e3, Int32(text.count)), latitude: latitude, longitude: longitude)
        }
    }

    /// The latitude column of a latitude/longitude pair; nil for the other coordinate columns.
    private var latitudeIndex: Int? {
        if case let .pair(lat, _) = mapping.coordinates { return lat }
        return nil
    }

    /// Whether a row with fields beyond the header reads as decimal commas split by a comma
    /// delimiter (`A,37,5665,126,978` under `name,lat,lon`): the latitude field and the one after
    /// it are whole numbers, the first of them within ±90.
    private func splitsDecimalCommas(_ record: CSVRecord) -> Bool {
        guard let lat = latitudeIndex, lat + 1 < record.count else { return false }
        func digits(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        var whole = record.trimmed(lat)
        if whole.hasPrefix("-") || whole.hasPrefix("+") { whole.removeFirst() }
        return digits(whole) && (Int(whole) ?? 91) <= 90 && digits(record.trimmed(lat + 1))
    }

    /// The fields of the columns no pin field uses (`ColumnMapping.propertyColumns`), under
    /// their keys (`ColumnMapping.propertyNames`: the headers, a repeated one renamed),
    /// trimmed; empty cells are left out (so a CSV export, which writes an empty cell for a
    /// key a pin lacks, reads back to the same properties). A WKT POINT's Z value goes last,
    /// as `ele` (a GeoJSON, KML or GeoPackage altitude's key; `ele (2)` beside an `ele` column).
    private func properties(of record: CSVRecord, elevation: String? = nil) -> String {
        guard !propertyColumns.isEmpty || elevation != nil else { return "{}" }
        var json = PropertiesJSON()
        for (i, key) in propertyColumns where !record.isBlank(i) {
            json.add(key, string: record.trimmed(i))
        }
        if let elevation { json.add("ele", string: elevation) }
        return json.text
    }

    /// The row's WGS84 position; `elevation` gets a WKT POINT's Z value as written.
    private func coordinates(of record: CSVRecord, elevation: inout String?,
                             issues: inout [RowIssue]) -> (latitude: Double, longitude: Double)? {
        let headers = mapping.headers
        switch mapping.coordinates {
        case let .geometry(g):
            return wktPoint(record[g], column: g, elevation: &elevation, issues: &issues)
        case let .combined(c):
            let text = record[c]
            // A `coordinates` column of WKT (some tools name it so) is read as WKT.
            if WKTPoint.geometryKeyword(text) != nil { return wktPoint(text, column: c, elevation: &elevation, issues: &issues) }
            guard let (latText, lonText) = Self.split(text) else {
                let empty = trimmedText(text).isEmpty
                issues.append(RowIssue(field: .column(headers[c]), value: text,
                                       reason: empty ? "coordinates are empty" : "'\(MessageText.bounded(text))' is not \"latitude, longitude\"",
                                       rule: empty ? .emptyCoordinate : .notANumber))
                return nil
            }
            return pair(CoordinateParser.parse(latText, axis: .latitude, field: .column(headers[c])),
                        CoordinateParser.parse(lonText, axis: .longitude, field: .column(headers[c])),
                        latText: latText, lonText: lonText, latIndex: c, lonIndex: c, issues: &issues)
        case let .mapsURL(u):
            return mapsURL(record.trimmed(u), column: u, issues: &issues)
        case let .pair(latIndex, lonIndex):
            let lat = record.withFieldBytes(latIndex) {
                CoordinateParser.parse(bytes: $0, axis: .latitude, field: .column(headers[latIndex]))
            }
            let lon = record.withFieldBytes(lonIndex) {
                CoordinateParser.parse(bytes: $0, axis: .longitude, field: .column(headers[lonIndex]))
            }
            return pair(lat, lon, latText: record[latIndex], lonText: record[lonIndex], latIndex: latIndex, lonIndex: lonIndex, issues: &issues)
        }
    }

    /// The position a Google Maps link in column `column` holds (`TakeoutFeature.fromURL`);
    /// nil with an issue when it holds none (a place's link names it by an id only) or one
    /// out of range.
    private func mapsURL(_ url: String, column: Int, issues: inout [RowIssue]) -> (latitude: Double, longitude: Double)? {
        let field = RowField.column(mapping.headers[column])
        guard let p = TakeoutFeature.fromURL(url) else {
            issues.append(RowIssue(
                field: field, value: url,
                reason: url.isEmpty ? "no link, so no coordinates" : "the link holds no coordinates (a place's link names it by an id only); "
                    + "import Takeout's \"Saved Places.json\" (starred places, with coordinates), or open the list in Google My Maps "
                    + "and export it as KML",
                rule: url.isEmpty ? .emptyCoordinate : .noCoordinates))
            return nil
        }
        if CoordinateAxis.latitude.contains(p.latitude) && CoordinateAxis.longitude.contains(p.longitude) { return p }
        issues.append(contentsOf: CoordinateParser.rangeIssues(
            latitude: p.latitude, longitude: p.longitude, latText: "\(p.latitude)", lonText: "\(p.longitude)",
            latField: field, lonField: field))
        return nil
    }

    /// The WGS84 position of a WKT POINT in column `column`; `elevation` gets its Z value as written.
    private func wktPoint(_ text: String, column: Int, elevation: inout String?,
                          issues: inout [RowIssue]) -> (latitude: Double, longitude: Double)? {
        switch WKTPoint.parse(text, field: .column(mapping.headers[column]), system: system) {
        case .success(let p):
            elevation = p.elevation
            return (p.latitude, p.longitude)
        case .failure(let issue):
            issues.append(issue)
            return nil
        }
    }

    /// "LAT, LON" split in two (trimmed): at its one `;` (decimal commas: `37,5; 126,9`), else
    /// its one `,`, else between two plain numbers (`37.5 126.9`), else at the white space after
    /// the latitude's hemisphere letter or before the longitude's, as Wikipedia, Google Earth
    /// and GPS units write a position (`37°33′58″N 126°58′41″E`, `N37 33.9 E126 58.7`); nil
    /// otherwise.
    static func split(_ text: String) -> (String, String)? {
        let t = trimmedText(text)
        for separator in [";", ","] as [Character] where t.filter({ $0 == separator }).count == 1 {
            let parts = t.split(separator: separator, omittingEmptySubsequences: false)
            return (trimmedText(parts[0]), trimmedText(parts[1]))
        }
        let words = t.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.count == 2, words.allSatisfy({ DecimalNumber.parse($0) != nil }) { return (words[0], words[1]) }
        return splitAtHemisphere(t)
    }

    /// `t` split at the first white space that follows an `N`/`S` or comes before an `E`/`W`
    /// (either case), when text is left on both sides.
    private static func splitAtHemisphere(_ t: String) -> (String, String)? {
        let chars = Array(t)
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" }
        for i in chars.indices.dropFirst() where isSpace(chars[i]) {
            let before = chars[i - 1].lowercased(), after = i + 1 < chars.count ? chars[i + 1].lowercased() : ""
            guard before == "n" || before == "s" || after == "e" || after == "w" else { continue }
            let lat = trimmedText(String(chars[..<i])), lon = trimmedText(String(chars[(i + 1)...]))
            return lat.isEmpty || lon.isEmpty ? nil : (lat, lon)
        }
        return nil
    }

    /// A parsed latitude and longitude (their texts as written, their columns) checked as one
    /// position: under `--crs` transformed to WGS84, then against the ranges.
    private func pair(_ lat: Result<Double, RowIssue>, _ lon: Result<Double, RowIssue>, latText: String, lonText: String,
                      latIndex: Int, lonIndex: Int, issues: inout [RowIssue]) -> (latitude: Double, longitude: Double)? {
        let headers = mapping.headers
        switch (lat, lon) {
        case let (.success(y), .success(x)):
            var (la, lo) = (y, x)
            if let issue = ProjectedHint.degreesUnderProjectedSystem(
                latitude: y, longitude: x, latField: .column(headers[latIndex]), lonField: .column(headers[lonIndex]),
                latText: latText, system: system) {
                issues.append(issue)
                return nil
            }
            if let system {
                guard let p = system.toWGS84(x: x, y: y) else {
                    issues.append(RowIssue(field: .column(headers[lonIndex]), value: lonText,
                                           reason: "x \(lonText), y \(latText) cannot be transformed from \(system.label) to WGS84",
                                           outOfRange: OutOfRange(.notTransformable(system: system.label))))
                    return nil
                }
                (lo, la) = p
            }
            if CoordinateAxis.latitude.contains(la) && CoordinateAxis.longitude.contains(lo) { return (la, lo) }
            var range = CoordinateParser.rangeIssues(
                latitude: la, longitude: lo,
                latText: system == nil ? latText : "\(la)", lonText: system == nil ? lonText : "\(lo)",
                latField: .column(headers[latIndex]), lonField: .column(headers[lonIndex]))
            if range.isEmpty { return (la, lo) }
            ProjectedHint.advise(&range[0], x: x, y: y, system: system)
            issues.append(contentsOf: range)
        case let (.failure(a), .failure(b)):
            issues.append(a)
            issues.append(b)
        case let (.failure(a), _), let (_, .failure(a)):
            issues.append(a)
        }
        return nil
    }
}
