import Frame

/// ASCII mode's promise, kept in one place: after a frame is drawn, every symbol Pinmap
/// itself uses (separators, arrows, quotes, boxes, marks) is replaced by an ASCII
/// character of the same width. Other text (pin titles, Korean words) is left as it is.
enum ASCIISymbols {
    static let table: [String: String] = [
        "·": "-", "“": "\"", "”": "\"", "‘": "'", "’": "'", "…": ".", "—": "-", "–": "-",
        "→": ">", "←": "<", "↑": "^", "↓": "v", "⇄": "=", "×": "x", "≈": "~", "°": "d",
        "━": "=", "─": "-", "│": "|", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
        "▸": ">", "•": "*", "◉": "@", "●": "o", "⊕": "+", "✓": "+", "✗": "x",
        "☑": "x", "☐": "o", "█": "#", "░": ".", "⠈": ".", "‹": "<", "›": ">", "′": "'", "″": "\"",
        "⚠": "!", "␡": "?",
    ]

    /// `screen` with the symbols of `table` replaced.
    static func apply(to screen: inout Screen) {
        for row in 0..<screen.height {
            for col in 0..<screen.width {
                let cell = screen[col, row]
                if let u = cell.text.unicodeScalars.first, u.value >= 0x80, let plain = table[cell.text] {
                    screen[col, row] = Cell(plain, cell.style)
                } else if let u = cell.text.unicodeScalars.first, (0x2800...0x28FF).contains(u.value) {
                    screen[col, row] = Cell(".", cell.style)  // a braille cell left over: never drawn in ASCII
                }
            }
        }
    }
}
