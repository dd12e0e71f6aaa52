/// How search sees a pin's `properties`: the values only (keys such as `icao` would match
/// every pin that has one), strings as they are, other JSON values as JSON text.
enum PropertySearch {
    /// The SQL expression of the values of the JSON object `column`, joined by spaces (NULL
    /// when there are none): what pins_fts indexes. The same expression must be used when a
    /// row is deleted from the contentless index, so every writer uses this one.
    /// Pins without properties (`{}`, most of a large import) skip json_each: the same
    /// NULL, without a table-valued function per row.
    static func valuesSQL(_ column: String) -> String {
        "(CASE WHEN \(column) = '{}' THEN NULL ELSE (SELECT group_concat(value, ' ') FROM json_each(\(column))) END)"
    }

    /// A condition true when a value of the pin's `properties` satisfies `test`, written
    /// against json_each's `value` column (e.g. `value LIKE ? ESCAPE '\'`). Pins without
    /// properties (`{}`) skip the JSON parse.
    static func anyValueSQL(_ test: String, column: String = "properties") -> String {
        "(\(column) <> '{}' AND EXISTS (SELECT 1 FROM json_each(\(column)) WHERE \(test)))"
    }
}
