import PinModel

/// Lines above a CSV's header that are no header: a report's title and the like, as Excel
/// reports, banks and Korea's public data portal write them (`서울시 공공와이파이 현황 (2024년
/// 기준)`, then a blank line, then `번호,이름,위도,경도`). Such a file was refused, its title
/// taken for the header ("no coordinate columns. Headers found: \"서울시 …\"").
///
/// The rule: when the first line names no coordinate columns and holds at most one value (a
/// title), and within the next `limit` lines that are not blank the first with two values or
/// more does name them, that line is the header; the lines before it are skipped and named
/// in a note (`ImportNote.skippedBeforeHeader`). Anything else is left to the usual errors.
enum TitleLines {
    /// How many title lines may stand before the header.
    static let limit = 5

    /// Whether `record` holds at most one value that is not blank.
    static func isTitle(_ record: CSVRecord) -> Bool {
        (0..<record.count).lazy.filter { !record.isBlank($0) }.prefix(2).count <= 1
    }

    /// The header of a CSV whose first record (not blank) is `first`, `reader` after it: `first`
    /// itself, or, by the rule above, the record below the title lines, with them (`reader`
    /// then after it). The header is found in a second reading of the file (`opened`'s path,
    /// encoding and `delimiter`), so a file that does not fit the rule is read as it was.
    /// - Throws: `CSVReadError` from `reader` (the second reading's errors only mean no title).
    static func header<S>(after first: CSVRecord, in reader: inout CSVReader<S>, opened: OpenedInput, delimiter: UInt8,
                          overrides: ColumnOverrides) throws(CSVReadError) -> (header: CSVRecord, titles: [CSVRecord]) {
        guard isTitle(first), (try? ColumnMapper.map(headers: first.fields, overrides: overrides)) == nil,
              var again = try? OpenedInput.open(path: opened.path, delimiter: delimiter, encoding: opened.encoding.encoding).csvReader(),
              let line = try? headerLine(&again, overrides: overrides) else { return (first, []) }
        var titles = [first]
        while let r = try reader.next() {
            if r.line >= line { return (r, titles) }
            if !r.isBlank { titles.append(r) }
        }
        return (first, [])
    }

    /// The line of the header after the title lines at the start of `reader` (read from its
    /// start), or nil when there is none by the rule above.
    static func headerLine<S>(_ reader: inout CSVReader<S>, overrides: ColumnOverrides) throws -> Int? {
        var titles = 0
        while let r = try reader.next() {
            if r.isBlank { continue }
            guard isTitle(r) else {
                return (try? ColumnMapper.map(headers: r.fields, overrides: overrides)) == nil ? nil : r.line
            }
            titles += 1
            if titles > limit { return nil }
        }
        return nil
    }

    /// The text of a skipped line for the note: its values joined by spaces, bounded.
    static func text(_ record: CSVRecord) -> String {
        MessageText.bounded(record.fields.map { trimmedText($0) }.filter { !$0.isEmpty }.joined(separator: " "), limit: 60)
    }
}
