/// The SQL side of `PinQuery` (the value itself is in PinModel).
extension PinQuery {
    /// The WHERE clause and its arguments (boxes use the (latitude, longitude) index).
    /// - Parameter unindexedAbove: see `SearchText.whereClause(unindexedAbove:)`.
    func whereClause(unindexedAbove: Int64? = nil) -> (sql: String, args: [SQLValue]) {
        var parts: [String] = []
        var args: [SQLValue] = []
        if !boxes.isEmpty {
            let ors = boxes.map { b -> String in
                args += [.double(b.south), .double(b.north), .double(b.west), .double(b.east)]
                return "(latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?)"
            }
            parts.append("(" + ors.joined(separator: " OR ") + ")")
        }
        if let cats = categories {
            let list = cats.sorted()
            parts.append("category IN (" + list.map { _ in "?" }.joined(separator: ",") + ")")
            args += list.map { .text($0) }
        }
        if let search, let clause = SearchText(search).whereClause(unindexedAbove: unindexedAbove) {
            parts.append(clause.sql)
            args += clause.args
        }
        return (parts.isEmpty ? "" : "WHERE " + parts.joined(separator: " AND "), args)
    }
}
