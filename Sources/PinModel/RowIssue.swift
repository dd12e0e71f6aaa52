/// The rule a rejected row broke; the `rawValue` is the stable code shown in JSON reports.
public enum ImportRule: String, Sendable, Codable, Equatable, CaseIterable {
    /// A blank title (`PinTitle`); the code keeps the importer's first word for it.
    case blankTitle = "blank-name"
    case extraFields = "extra-fields"
    case emptyCoordinate = "empty-coordinate"
    case notANumber = "not-a-number"
    case twoDecimalSeparators = "two-decimal-separators"
    case notFinite = "not-finite"
    case hexadecimal = "hexadecimal"
    case minutesOutOfRange = "minutes-out-of-range"
    case secondsOutOfRange = "seconds-out-of-range"
    case wrongAxisHemisphere = "wrong-axis-hemisphere"
    case signWithHemisphere = "sign-with-hemisphere"
    case outOfRange = "out-of-range"
    case notAPoint = "not-a-point"
    case emptyPoint = "empty-point"
    case pointArity = "point-arity"
    case malformedWKT = "malformed-wkt"
    case unsupportedSRID = "unsupported-srid"
    case unterminatedQuote = "unterminated-quote"
    case invalidFeature = "invalid-feature"
    case refusedByStore = "refused-by-store"
    /// A text holding U+0000, which the store cannot keep (`StoredTextRule`: PostgreSQL).
    case nulCharacter = "nul-character"
    /// A Takeout place at 0,0 whose coordinates cannot be recovered from its maps URL.
    case noCoordinates = "no-coordinates"
}

/// Why one row (or GeoJSON feature) was rejected: where, which field, the value as written, the
/// rule, and a sentence for people (`latitude 95 outside [-90, 90]`).
public struct RowIssue: Error, Sendable, Encodable, Equatable, CustomStringConvertible {
    /// The row's number: the physical line (1-based) where it starts, or what `unit` says
    /// (a GeoJSON feature's 1-based index).
    public var line: Int
    /// What `line` counts (set by the importer from the file's format; not in the JSON report).
    public var unit: RowUnit = .line
    /// The column (its header as written: `lat`, `위도`, `WKT`) or the part of a format's
    /// record (`geometry.coordinates[1]`, `(record)`) the issue is about.
    public var field: RowField
    /// The offending value as written (trimmed of nothing).
    public var value: String
    /// A sentence naming the rule, without the line (`latitude 95 outside [-90, 90]`).
    public var reason: String
    public var rule: ImportRule
    /// The values of an `.outOfRange` issue (nil for every other rule; the JSON report lists the
    /// sentence only), for those who word it in another language: the UI.
    public var outOfRange: OutOfRange?

    public init(line: Int = 0, field: RowField, value: String, reason: String, rule: ImportRule) {
        self.init(line: line, field: field, value: value, reason: reason, rule: rule, outOfRange: nil)
    }

    /// An `.outOfRange` issue with its values.
    public init(line: Int = 0, field: RowField, value: String, reason: String, outOfRange: OutOfRange) {
        self.init(line: line, field: field, value: value, reason: reason, rule: .outOfRange, outOfRange: outOfRange)
    }

    private init(line: Int, field: RowField, value: String, reason: String, rule: ImportRule, outOfRange: OutOfRange?) {
        self.line = line
        // Bounded: a 50 MB field must not become a 50 MB message (the rejects file keeps it whole).
        self.field = field.bounded
        self.value = MessageText.truncated(value, limit: 200)
        self.reason = MessageText.sentence(reason)
        self.rule = rule
        self.outOfRange = outOfRange
    }

    enum CodingKeys: String, CodingKey { case line, field, value, reason, rule }

    /// `line 7: latitude '35.09x' is not a number`, `feature 2: latitude 95.0 outside [-90, 90]`.
    public var description: String { "\(unit.at(line)): \(reason)" }
}

/// Why a coordinate is out of range, with its values: the UI words an `.outOfRange` issue from
/// these (`RowIssue.reason` is the command line's English sentence).
public struct OutOfRange: Sendable, Equatable {
    public enum Cause: Sendable, Equatable {
        /// Outside the axis's range (`CoordinateAxis.limit`).
        case outside(CoordinateAxis)
        /// The coordinate reference system (its label) cannot transform the point to WGS84.
        case notTransformable(system: String)
        /// Degrees in `latitude`/`longitude` columns while `--crs` names this projected system.
        case degreesUnderProjectedSystem(String)
    }

    public var cause: Cause
    /// A latitude that would be valid as the longitude, and the longitude as the latitude.
    public var swapped: Bool
    /// Numbers too large for degrees: projected metres read as degrees (`ProjectedHint`).
    public var projectedMetres: Bool

    public init(_ cause: Cause, swapped: Bool = false, projectedMetres: Bool = false) {
        self.cause = cause; self.swapped = swapped; self.projectedMetres = projectedMetres
    }
}
