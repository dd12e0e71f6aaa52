/// A pin field a file's column (or a format's member) fills. The raw value is the command
/// line's word (`--name`, `columns: name=…`) and the key of the JSON report's `columns`.
public enum ColumnRole: String, Sendable, CaseIterable, Comparable, Encodable, CodingKeyRepresentable {
    /// The pin's title; its raw value keeps the command line's first word for it.
    case title = "name"
    case latitude, longitude, geometry, description, category, created

    /// In the order of `allCases` (reports list the columns so).
    public static func < (a: ColumnRole, b: ColumnRole) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}
