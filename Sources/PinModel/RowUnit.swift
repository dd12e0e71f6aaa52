/// What a rejected or duplicate row's number (`RowIssue.line`, `DuplicateRow.line`) counts in
/// its format, so that a message says "feature 2" rather than "line 2" of a file whose
/// feature 2 starts on line 23. The JSON report keeps the key `line` for all of them.
public enum RowUnit: String, Sendable, Equatable {
    /// The physical line (1-based) where the row or element starts: CSV, GPX, KML, KMZ.
    case line
    /// The feature's 1-based position in the file (GeoJSON, Takeout) or its feature id
    /// (GeoPackage).
    case feature
    /// The shape's 1-based record number in a Shapefile's `.shp`.
    case shape

    /// `line 7`, `feature 2`, `shape 3`: the number as the command line writes it.
    public func at(_ number: Int) -> String { "\(rawValue) \(number)" }
}
