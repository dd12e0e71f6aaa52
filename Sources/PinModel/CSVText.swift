/// The project's one RFC 4180 CSV writer: exports (`PinExport`) and the rejects file of an
/// import use it, so a file Pinmap writes always reads back the same.
public enum CSVText {
    /// `s` as a field, quoted only when it has to be: when it holds a comma, a double quote,
    /// CR or LF (RFC 4180 §2.6), or whitespace at either end (which readers, Pinmap's
    /// included, may trim from unquoted fields). Inner double quotes are doubled.
    public static func field(_ s: String) -> String {
        let needsQuotes = s.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
            || s.first?.isWhitespace == true || s.last?.isWhitespace == true
        guard needsQuotes else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One record: the fields quoted as needed, joined by commas, ending in `lineEnd`
    /// (CRLF as RFC 4180 says; the rejects file uses LF).
    public static func record(_ fields: [String], lineEnd: String = "\r\n") -> String {
        fields.map(field).joined(separator: ",") + lineEnd
    }
}
