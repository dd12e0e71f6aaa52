import PinModel
/// Excel's delimiter hint: a first line `sep=;` (also `sep=,`, `sep=|`, `sep=` + TAB or the two
/// characters `\t`), which Excel writes so that a file opens with the right delimiter in any
/// locale. The line is not part of the CSV: the header is the next line. Quoted (`"sep=;"`) and
/// upper-case (`SEP=;`) forms are accepted too.
enum ExcelSeparatorLine {
    /// The delimiter a `sep=` first line names and the line's length in bytes including its
    /// line break, or nil when `text` (UTF-8, the start of the input) does not begin with one.
    static func parse(_ text: [UInt8]) -> (delimiter: UInt8, length: Int)? {
        var end = 0
        while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
        var line = Array(text[0..<end])
        if line.count >= 2, line.first == 0x22, line.last == 0x22 { line = Array(line.dropFirst().dropLast()) }
        guard line.count >= 5, String(decoding: line.prefix(4), as: UTF8.self).lowercased() == "sep=" else { return nil }
        let value = Array(line.dropFirst(4))
        let delimiter: UInt8
        switch value {
        case [0x2C], [0x3B], [0x7C], [0x09]: delimiter = value[0]
        case [0x5C, 0x74]: delimiter = 0x09  // `\t` written out
        default: return nil
        }
        var length = end
        if length < text.count {
            length += 1
            if text[end] == 0x0D, length < text.count, text[length] == 0x0A { length += 1 }
        }
        return (delimiter, length)
    }
}
