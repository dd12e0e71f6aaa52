import PinModel

/// Reads a point from Well-Known Text as Google My Maps and GIS tools export it:
/// `POINT (lon lat)` with any keyword case and spacing, optionally `POINT Z (lon lat z)`, and the
/// EWKT prefix `SRID=4326;` (other SRIDs are not WGS84 degrees and are rejected).
/// A Z value (`POINT Z`, `POINT ZM`, or a third number without a tag) is the point's altitude,
/// kept as written for `properties.ele` (as a GeoJSON, KML or GeoPackage altitude is); an M
/// value is a measure, not a place, and is not kept (as in a GeoPackage).
/// Axis order is longitude first (OGC 06-103r4 with EPSG:4326 as GIS tools write it).
public enum WKTPoint {
    /// The geometry keyword of `text` when it is Well-Known Text (`POINT`, `LINESTRING`,
    /// `POLYGON`, …, after an optional `SRID=n;`) followed by `(` or `Z`/`M`/`EMPTY`; else nil.
    public static func geometryKeyword(_ text: String) -> String? {
        var rest = Substring(trimmedText(text))
        if rest.uppercased().hasPrefix("SRID="), let semicolon = rest.firstIndex(of: ";") {
            rest = Substring(trimmedText(rest[rest.index(after: semicolon)...]))
        }
        let keyword = rest.prefix { $0.isASCII && $0.isLetter }.uppercased()
        guard geometryKeywords.contains(keyword) else { return nil }
        let after = trimmedText(rest.dropFirst(keyword.count)).uppercased()
        return after.hasPrefix("(") || after.hasPrefix("Z") || after.hasPrefix("M") || after.hasPrefix("EMPTY") ? keyword : nil
    }

    /// The geometry types of WKT (OGC 06-103r4).
    static let geometryKeywords: Set<String> = [
        "POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON",
        "GEOMETRYCOLLECTION", "CIRCULARSTRING", "COMPOUNDCURVE", "CURVEPOLYGON", "MULTICURVE",
        "MULTISURFACE", "TRIANGLE", "TIN", "POLYHEDRALSURFACE"]

    /// The point, or why the text is not a WGS84 point. Ranges are checked here too.
    /// - Parameters:
    ///   - text: the geometry field as written.
    ///   - field: the column header, copied into issues.
    ///   - system: the system of the numbers (`--crs`): `POINT (x y)` in it is transformed to
    ///     WGS84 before the range check, whatever SRID an EWKT prefix names; nil: WGS84.
    /// - Returns: the WGS84 position and the Z value as written (nil without one).
    public static func parse(_ text: String, field: RowField,
                             system: CoordinateSystem? = nil) -> Result<Parsed, RowIssue> {
        func fail(_ rule: ImportRule, _ reason: String) -> Result<Parsed, RowIssue> {
            .failure(RowIssue(field: field, value: text, reason: reason, rule: rule))
        }
        func fail(_ range: OutOfRange, _ reason: String) -> Result<Parsed, RowIssue> {
            .failure(RowIssue(field: field, value: text, reason: reason, outOfRange: range))
        }
        var rest = Substring(trimmedText(text))
        if rest.isEmpty { return fail(.emptyCoordinate, "geometry is empty") }
        if let bytes = hexBytes(rest) { return parseWKB(bytes, text: text, field: field, system: system) }
        if rest.uppercased().hasPrefix("SRID=") {
            guard let semicolon = rest.firstIndex(of: ";") else {
                return fail(.malformedWKT, "'\(text)' is not WKT (SRID without ';')")
            }
            let srid = rest[rest.index(rest.startIndex, offsetBy: 5)..<semicolon]
            guard srid == "4326" || system != nil else {
                return fail(.unsupportedSRID, "SRID \(srid) is not WGS84 longitude/latitude (4326)")
            }
            rest = Substring(trimmedText(rest[rest.index(after: semicolon)...]))
        }
        let keyword = rest.prefix { $0.isASCII && $0.isLetter }.uppercased()
        guard !keyword.isEmpty else { return fail(.malformedWKT, "'\(text)' is not a WKT POINT") }
        rest = rest.dropFirst(keyword.count)
        guard keyword == "POINT" else {
            let known = ["LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON",
                         "GEOMETRYCOLLECTION", "CIRCULARSTRING", "TRIANGLE", "TIN", "POLYHEDRALSURFACE"]
            return known.contains(keyword)
                ? fail(.notAPoint, "\(keyword) is not a POINT")
                : fail(.malformedWKT, "'\(text)' is not a WKT POINT")
        }
        rest = Substring(trimmedText(rest))
        var dimensions = 2
        let tag = rest.prefix { $0.isASCII && $0.isLetter }.uppercased()
        switch tag {
        case "EMPTY": return fail(.emptyPoint, "POINT EMPTY has no coordinates")
        case "Z", "M": dimensions = 3
        case "ZM": dimensions = 4
        case "": break
        default: return fail(.malformedWKT, "'\(text)' is not a WKT POINT")
        }
        rest = Substring(trimmedText(rest.dropFirst(tag.count)))
        if rest.uppercased() == "EMPTY" { return fail(.emptyPoint, "POINT EMPTY has no coordinates") }
        guard rest.first == "(", rest.last == ")" else {
            return fail(.malformedWKT, "'\(text)' is not a WKT POINT (needs parentheses)")
        }
        let inner = rest.dropFirst().dropLast()
        let numbers = inner.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        var values: [Double] = []
        for n in numbers {
            guard !n.contains(","), let v = DecimalNumber.parse(String(n)) else {
                return fail(.malformedWKT, "POINT coordinate '\(n)' is not a number")
            }
            values.append(v)
        }
        guard values.count == dimensions || (tag.isEmpty && (values.count == 3 || values.count == 4)) else {
            return fail(.pointArity, "POINT needs \(dimensions == 2 ? "two" : String(dimensions)) numbers, found \(values.count)")
        }
        var lon = values[0], lat = values[1]
        if let system {
            guard let p = system.toWGS84(x: lon, y: lat) else {
                return fail(OutOfRange(.notTransformable(system: system.label)),
                            "POINT (\(numbers[0]) \(numbers[1])) cannot be transformed from \(system.label) to WGS84")
            }
            (lon, lat) = p
        }
        let hint = ProjectedHint.text(x: values[0], y: values[1], system: system)
        if !CoordinateAxis.longitude.contains(lon) {
            return fail(OutOfRange(.outside(.longitude), projectedMetres: !hint.isEmpty),
                        "POINT " + CoordinateAxis.longitude.outsideReason(system == nil ? String(numbers[0]) : "\(lon)") + hint)
        }
        if !CoordinateAxis.latitude.contains(lat) {
            return fail(OutOfRange(.outside(.latitude), projectedMetres: !hint.isEmpty),
                        "POINT " + CoordinateAxis.latitude.outsideReason(system == nil ? String(numbers[1]) : "\(lat)") + hint)
        }
        let z = tag == "M" || values.count < 3 ? nil : String(numbers[2])
        return .success((lat, lon, z))
    }

    /// The bytes of hexadecimal WKB (`0101000020E6100000…`, PostGIS's and CARTO's CSV form of a
    /// geometry): an even number of hex digits, at least a 2D point's 21 bytes; nil for other text.
    static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count >= 42, digits.count % 2 == 0, digits.first == 0x30 || digits.first == 0x31 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x41 + 10
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let hi = value(digits[i]), let lo = value(digits[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }

    /// A hex WKB/EWKB point, by the rules of a WKT one: an EWKB SRID other than 4326 needs
    /// `--crs`; other geometries are not points; Z is the altitude.
    private static func parseWKB(_ bytes: [UInt8], text: String, field: RowField, system: CoordinateSystem?) -> Result<Parsed, RowIssue> {
        func fail(_ rule: ImportRule, _ reason: String) -> Result<Parsed, RowIssue> {
            .failure(RowIssue(field: field, value: text, reason: reason, rule: rule))
        }
        let geometry: (srid: Int32?, shape: GeoPackageGeometry.Shape)
        do { geometry = try GeoPackageGeometry.wkb(bytes) } catch {
            return fail(.malformedWKT, "hexadecimal WKB that cannot be read: \(error.reason)")
        }
        if let srid = geometry.srid, srid != 4326, system == nil {
            return fail(.unsupportedSRID, "SRID \(srid) is not WGS84 longitude/latitude (4326)")
        }
        switch geometry.shape {
        case .other(let name): return fail(.notAPoint, "\(name.uppercased()) is not a POINT")
        case .collection: return fail(.notAPoint, "GEOMETRYCOLLECTION is not a POINT")
        case .points(let positions) where positions.count > 1: return fail(.notAPoint, "MULTIPOINT is not a POINT")
        case .points(let positions):
            guard let p = positions.first else { return fail(.emptyPoint, "POINT EMPTY has no coordinates") }
            let z = p.z.map { "\($0)" }
            let wkt = "POINT (\(p.x) \(p.y))"
            // The rest (transform, ranges, their reasons) as for the same point in WKT.
            return parse(wkt, field: field, system: system).map { ($0.latitude, $0.longitude, z) }
                .mapError { var i = $0; i.value = text; return i }
        }
    }

    /// A parsed point: WGS84 degrees, and the altitude as the text wrote it.
    public typealias Parsed = (latitude: Double, longitude: Double, elevation: String?)
}
