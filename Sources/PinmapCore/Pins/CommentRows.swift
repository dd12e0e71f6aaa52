import Frame

/// The detail page's comment list, row by row: each comment on one row, cut with "…", except
/// the selected one (`PinDetail.cursor`), wrapped whole on as many rows as it needs, so a long
/// comment can be read on the page (it was cut at the row's end wherever it was selected).
/// When it needs more rows than the list has, its last shown row ends with "…". Drawing and
/// clicks share it.
struct CommentRows {
    struct Row: Equatable {
        /// The comment (an index into `PinDetail.comments`).
        var index: Int
        /// The comment's day on its first row; nil on the rows its wrapped text goes on.
        var day: String?
        /// The comment's text on this row, sanitized.
        var text: String
    }

    var rows: [Row] = []

    /// Cells the row keeps before the day (`  ▸ `) and after the text (one), and between them.
    static let lead = 4, gap = 2, margin = 1

    /// The rows of `d`'s comments in a list `width` cells wide and `height` rows high.
    init(_ d: PinDetail, width: Int, height: Int, ascii: Bool) {
        guard height > 0, !d.comments.isEmpty else { return }
        let offset = DateText.offset(of: d.pin.createdAt)
        func day(_ i: Int) -> String {
            // The comment's day in the pin's offset (a comment is stored in UTC).
            SafeText.sanitize(String(DateText.text(d.comments[i].createdAt, in: offset).prefix(10)), ascii: ascii)
        }
        func room(_ day: String) -> Int { max(1, width - Self.lead - DisplayWidth.of(day) - Self.gap - Self.margin) }
        let cursor = d.comments.indices.contains(d.cursor) ? d.cursor : nil
        var wrapped: [String] = []
        if let cursor {
            // Its line breaks (CR LF and CR too) start new rows.
            let text = String(d.comments[cursor].body.map { $0.isNewline ? "\n" : $0 })
            wrapped = TextWrap.lines(text, width: room(day(cursor)), ascii: ascii)
            if wrapped.isEmpty { wrapped = [""] }
        }
        let selectedRows = min(wrapped.count, height)
        // The first comment shown: the one-row window that holds the cursor, moved down as far
        // as the selected comment's rows need (the comments above it give way).
        var first = d.firstVisibleComment(rows: height)
        if let cursor { first = min(cursor, max(first, cursor - (height - selectedRows))) }
        var index = first
        while rows.count < height, d.comments.indices.contains(index) {
            let dayText = day(index)
            if index == cursor {
                let left = min(selectedRows, height - rows.count)
                for (i, line) in wrapped.prefix(left).enumerated() {
                    let last = i == left - 1 && wrapped.count > left
                    let text = last ? DisplayWidth.truncate(line + (ascii ? " ~" : " …"), to: room(dayText), ascii: ascii) : line
                    rows.append(Row(index: index, day: i == 0 ? dayText : nil, text: text))
                }
            } else {
                // One line: line breaks become spaces, the rest is cut with an ellipsis.
                let body = SafeText.sanitize(d.comments[index].body.replacingNewlines, ascii: ascii)
                rows.append(Row(index: index, day: dayText, text: DisplayWidth.truncate(body, to: room(dayText), ascii: ascii)))
            }
            index += 1
        }
    }
}
