/// The rule a rejected row broke; the `rawValue` is the stable code shown in JSON reports.
public enum ImportRule: String, Sendable, Codable, Equatable, CaseIterable {
    case blankName = "blank-name"
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
    /// A Takeout place at 0,0 whose coordinates cannot be recovered from its maps URL.
    case noCoordinates = "no-coordinates"
}

/// Why one row (or GeoJSON feature) was rejected: where, which field, the value as written, the
/// rule, and a sentence for people (`latitude 95 outside [-90, 90]`).
public struct RowIssue: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    /// Physical line (1-based) where the row starts; for GeoJSON, the feature's 1-based index.
    public var line: Int
    /// The column header as written in the file (`lat`, `위도`, `WKT`), or a role for rows
    /// without one (`(extra)`, `(record)`).
    public var field: String
    /// The offending value as written (trimmed of nothing).
    public var value: String
    /// A sentence naming the rule, without the line (`latitude 95 outside [-90, 90]`).
    public var reason: String
    public var rule: ImportRule

    public init(line: Int = 0, field: String, value: String, reason: String, rule: ImportRule) {
        self.line = line
        // Bounded: a 50 MB field must not become a 50 MB message (the rejects file keeps it whole).
        self.field = MessageText.truncated(field, limit: MessageText.valueLimit)
        self.value = MessageText.truncated(value, limit: 200)
        self.reason = MessageText.sentence(reason)
        self.rule = rule
    }

    /// `line 7: latitude '35.09x' is not a number`.
    public var description: String { "line \(line): \(reason)" }
}
