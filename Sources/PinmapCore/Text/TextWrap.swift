import Frame

/// Word wrapping by display width (Korean and emoji count 2 cells). Text is
/// sanitized first (`SafeText`), so control characters and escape sequences
/// from pins become visible placeholders and can never reach the terminal;
/// line breaks in the text start new lines.
public enum TextWrap {
    /// `text` as lines of at most `width` cells: breaks at spaces, and inside
    /// a word only when the word alone is wider than a line.
    public static func lines(_ text: String, width: Int, ascii: Bool) -> [String] {
        guard width > 0 else { return [] }
        let safe = SafeText.sanitize(text, ascii: ascii, keepNewlines: true)
        var out: [String] = []
        for paragraph in safe.split(separator: "\n", omittingEmptySubsequences: false) {
            out += wrap(String(paragraph), width: width)
        }
        return out
    }

    /// A message wrapped whole under `prefix` (a hanging indent): the first line starts with
    /// `prefix`, the others with as many spaces, each at most `width` cells in all. The one
    /// way a message that says what failed and what to do is shown inside a card (the add
    /// form's refusal, the detail page's last outcome): wrapped, never cut at the edge.
    public static func hanging(_ text: String, prefix: String, width: Int, ascii: Bool) -> [String] {
        let indent = DisplayWidth.of(prefix)
        return lines(text, width: max(1, width - indent), ascii: ascii).enumerated().map { i, line in
            (i == 0 ? prefix : String(repeating: " ", count: indent)) + line
        }
    }

    private static func wrap(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in units(paragraph, width: width) {
            let w = DisplayWidth.of(String(word))
            if used > 0 && used + 1 + w <= width {
                line += " " + word
                used += 1 + w
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            if w <= width {
                line = String(word)
                used = w
                continue
            }
            // A word wider than the line (a path, a URL): cut it by characters, after a
            // "/", "-", "_" or "." in the line's second half when there is one.
            for ch in word {
                let cw = DisplayWidth.of(ch)
                if used + cw > width {
                    var rest = ""
                    if let i = line.lastIndex(where: { "/-_.".contains($0) }),
                       DisplayWidth.of(String(line[...i])) > width / 2, line.index(after: i) < line.endIndex {
                        rest = String(line[line.index(after: i)...])
                        line = String(line[...i])
                    }
                    lines.append(line)
                    line = rest
                    used = DisplayWidth.of(rest)
                }
                line.append(ch)
                used += cw
            }
        }
        lines.append(line)
        return lines
    }

    /// The paragraph's words, except that a command in backquotes (`pinmap undo-import 1
    /// --force`, with what is glued to its quotes) is one unit, so a line never breaks inside
    /// it; split into words again when it is wider than a line.
    private static func units(_ paragraph: String, width: Int) -> [Substring] {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        var out: [Substring] = []
        var i = 0
        while i < words.count {
            let opens = words[i].filter { $0 == "`" }.count % 2 == 1
            if opens, let close = words[(i + 1)...].firstIndex(where: { $0.filter { $0 == "`" }.count % 2 == 1 }) {
                let command = words[i...close].joined(separator: " ")
                if DisplayWidth.of(command) <= width {
                    out.append(Substring(command))
                    i = close + 1
                    continue
                }
            }
            out.append(words[i])
            i += 1
        }
        return binding(out, width: width)
    }

    /// A mapping arrow binds the words on both sides (`latitude ← "lat",`), so a line never
    /// ends or starts with one and a column's role never leaves its source; a one-word note in
    /// parentheses binds to the word it explains (a key and its tab: `4 (Settings),`). Unless
    /// together they are wider than a line.
    private static func binding(_ units: [Substring], width: Int) -> [Substring] {
        var out: [Substring] = []
        var i = 0
        func bind(_ bound: Substring) -> Bool {
            guard DisplayWidth.of(String(bound)) <= width else { return false }
            out[out.count - 1] = bound
            return true
        }
        while i < units.count {
            if units[i] == "←", let before = out.last, i + 1 < units.count, bind(before + " ← " + units[i + 1]) {
                i += 2
                continue
            }
            if isOneWordNote(units[i]), let before = out.last, bind(before + " " + units[i]) {
                i += 1
                continue
            }
            out.append(units[i])
            i += 1
        }
        return out
    }

    /// A word in parentheses (`(Settings),`, `(france)`): a note a line keeps with the word
    /// before it. A longer note in parentheses wraps as any words do.
    private static func isOneWordNote(_ unit: Substring) -> Bool {
        guard unit.hasPrefix("(") else { return false }
        let end = unit.reversed().drop { ",.;:!?".contains($0) }
        return end.first == ")" && !unit.dropFirst().contains("(")
    }

    /// `text` (a file name, a query) shortened in the middle with "…" to at most `cells`
    /// cells, so its start and its end (the extension) stay: `my-very-lo…2024.csv`.
    public static func middle(_ text: String, to cells: Int, ascii: Bool = false) -> String {
        guard DisplayWidth.of(text) > cells, cells > 2 else { return text }
        let tailCells = (cells - 1) / 2
        var tail = "", used = 0
        for ch in text.reversed() {
            if used + DisplayWidth.of(ch) > tailCells { break }
            tail.insert(ch, at: tail.startIndex)
            used += DisplayWidth.of(ch)
        }
        let head = DisplayWidth.truncate(text, to: cells - used - 1, ellipsis: false)
        return head + (ascii ? "~" : "…") + tail
    }

    /// `sentence` around `name` (a pin's title, sanitised here) in at most `cells` cells: the
    /// name is cut with "…" inside it, so the words around it stay ("Delete “An extremely…”?",
    /// "Deleting “…” succeeded :) · u undoes"). Left whole when fewer than 4 cells are left for it.
    static func sentence(_ sentence: (String) -> String, around name: String, in cells: Int, ascii: Bool) -> String {
        let safe = SafeText.sanitize(name, ascii: ascii)
        let room = cells - DisplayWidth.of(SafeText.sanitize(sentence(""), ascii: ascii))
        return sentence(room >= 4 ? DisplayWidth.truncate(safe, to: room, ascii: ascii) : safe)
    }

    /// A one-line key hint (`a · b · c`, most important first) that fits `cells`: whole items
    /// are dropped from the end until it fits; only a first item too wide alone is cut with "…".
    public static func hint(_ text: String, to cells: Int, ascii: Bool = false) -> String {
        var items = text.components(separatedBy: " · ")
        while items.count > 1 && DisplayWidth.of(items.joined(separator: " · ")) > cells { items.removeLast() }
        return DisplayWidth.truncate(items.joined(separator: " · "), to: cells, ascii: ascii)
    }
}
