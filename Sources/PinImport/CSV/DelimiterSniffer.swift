import PinModel
/// Chooses the field delimiter of a CSV text from its content (never from the file name).
///
/// Each candidate (`,` `;` TAB `|`) splits the first records with the quote-aware `CSVReader`;
/// the header must then have at least 2 fields, and the winner is the candidate under which the
/// most records have exactly the header's field count. Commas inside text (`petit café, terrasse`)
/// or decimal commas (`48,8566`) change the comma count from row to row, so they never win over
/// a delimiter that gives every row the same count. Ties go to the larger field count, then to
/// the order above. Blank and delimiter-only lines are ignored.
public enum DelimiterSniffer {
    /// The candidates, in tie-break order.
    public static let candidates: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]

    /// How many records after the header are compared.
    public static let sampleRecords = 50

    /// The delimiter for a text whose first bytes are `sample` (UTF-8). Unless `isWholeInput`,
    /// the sample may end mid-record and its last record is ignored.
    /// Returns `,` when no candidate splits the header in two or more fields.
    public static func sniff(_ sample: [UInt8], isWholeInput: Bool = false) -> UInt8 {
        var best: (delimiter: UInt8, score: Score)? = nil
        for d in candidates {
            guard let score = score(sample, delimiter: d, isWholeInput: isWholeInput) else { continue }
            if let current = best, !(current.score < score) { continue }
            best = (d, score)
        }
        return best?.delimiter ?? 0x2C
    }

    /// How well one delimiter fits: fraction of records matching the header's field count
    /// (as matches out of `records`), then the header's field count.
    struct Score: Comparable {
        var matches: Int
        var records: Int
        var headerFields: Int

        static func < (a: Score, b: Score) -> Bool {
            // Compare matches/records as cross products to stay in integers.
            let lhs = a.matches * max(b.records, 1), rhs = b.matches * max(a.records, 1)
            if lhs != rhs { return lhs < rhs }
            return a.headerFields < b.headerFields
        }
    }

    /// The score of `delimiter`, or nil when it does not split the header.
    static func score(_ sample: [UInt8], delimiter: UInt8, isWholeInput: Bool) -> Score? {
        var reader = CSVReader(source: ArrayChunkSource(sample), delimiter: delimiter)
        var header: CSVRecord? = nil
        var counts: [Int] = []
        // The sample may end mid-record: drop the last record unless the sample ends a line.
        let endsWithBreak = isWholeInput || sample.last == 0x0A || sample.last == 0x0D
        while counts.count <= sampleRecords {
            let record: CSVRecord?
            do { record = try reader.next() } catch { break }
            guard let record else { break }
            if record.isBlank { continue }
            if header == nil { header = record } else { counts.append(record.count) }
        }
        if !endsWithBreak && !counts.isEmpty && counts.count <= sampleRecords { counts.removeLast() }
        guard let header, header.count >= 2 else { return nil }
        let matches = counts.filter { $0 == header.count }.count
        return Score(matches: matches, records: counts.count, headerFields: header.count)
    }

    /// How a delimiter is shown in reports: `,` `;` `TAB` `|`.
    public static func label(_ delimiter: UInt8) -> String {
        delimiter == 0x09 ? "TAB" : String(UnicodeScalar(delimiter))
    }

    /// Parses a `--delimiter` option: one ASCII character, or `tab`, `\t`, `comma`, `semicolon`,
    /// `pipe`. Returns nil for anything else (including `"` and line breaks).
    public static func parseOption(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "tab", "\\t", "\t": return 0x09
        case "comma": return 0x2C
        case "semicolon": return 0x3B
        case "pipe": return 0x7C
        default:
            let bytes = Array(text.utf8)
            guard bytes.count == 1, let b = bytes.first, b < 0x80, b != 0x22, b != 0x0A, b != 0x0D else {
                return nil
            }
            return b
        }
    }
}
