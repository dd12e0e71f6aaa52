/// Turning a cell's 2 × 4 dot mask into a character.
enum CellGlyphs {
    /// U+2800 + mask for every mask; mask 0 is a plain space so empty cells
    /// stay blank (and trim) rather than holding an invisible braille blank.
    static let braille: [String] = (0..<256).map { m in
        m == 0 ? " " : (Unicode.Scalar(UInt32(0x2800 + m)).map { String(Character($0)) } ?? " ")
    }

    /// An ASCII character that approximates the dots' shape: `|` for a
    /// vertical run, `-`/`_` for a horizontal one, `/` and `\` for diagonals,
    /// `.`/`'` for a lone dot and `#` for a crowded cell.
    static func ascii(_ mask: UInt8) -> Character {
        asciiTable[Int(mask)]
    }

    private static let asciiTable: [Character] = (0..<256).map { classify(UInt8($0)) }

    private static func classify(_ mask: UInt8) -> Character {
        if mask == 0 { return " " }
        var leftRows: [Int] = [], rightRows: [Int] = []
        for dy in 0..<4 {
            if mask & DotCanvas.bit(dx: 0, dy: dy) != 0 { leftRows.append(dy) }
            if mask & DotCanvas.bit(dx: 1, dy: dy) != 0 { rightRows.append(dy) }
        }
        let rows = Set(leftRows + rightRows).sorted()
        guard let top = rows.first, let bottom = rows.last else { return " " }
        let span = bottom - top, n = leftRows.count + rightRows.count
        if leftRows.isEmpty || rightRows.isEmpty {
            if span >= 1 { return "|" }
            return top >= 2 ? "." : "'"
        }
        let meanL = Double(leftRows.reduce(0, +)) / Double(leftRows.count)
        let meanR = Double(rightRows.reduce(0, +)) / Double(rightRows.count)
        if meanR - meanL >= 0.75 { return "\\" }
        if meanL - meanR >= 0.75 { return "/" }
        if span <= 1 { return top >= 3 || bottom == 3 && top == 2 ? "_" : "-" }
        return n >= 5 ? "#" : "+"
    }
}
