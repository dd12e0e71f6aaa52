/// One terminal cell: the grapheme cluster drawn there and its style. A wide
/// (2-column) character occupies its cell and the next; the next one holds
/// `text == ""` as a continuation and is skipped when painting.
public struct Cell: Sendable, Hashable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", _ style: Style = .plain) {
        self.text = text; self.style = style
    }

    public static let blank = Cell()
    public var isContinuation: Bool { text.isEmpty }
}

/// A frame: a grid of `width` × `height` cells, row-major. Everything the UI
/// shows is drawn into a `Screen` by pure code; the terminal backend paints it
/// and `pinmap render` prints it with `text()`. Writes outside the grid are
/// clipped, never trapped, so any terminal size is safe.
public struct Screen: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(col: Int, row: Int) -> Cell {
        get {
            guard col >= 0, col < width, row >= 0, row < height else { return .blank }
            return cells[row * width + col]
        }
        set {
            guard col >= 0, col < width, row >= 0, row < height else { return }
            let i = row * width + col
            // Only a continuation here or to the right can leave half a wide character.
            if isContinuation(i) || (col + 1 < width && isContinuation(i + 1)) {
                releaseWide(at: col, row: row, for: newValue)
            }
            cells[i] = newValue
        }
    }

    /// `Screen.releaseWide` on this screen's cells (out of the setter's path: rare).
    @inline(never)
    private mutating func releaseWide(at col: Int, row: Int, for new: Cell) {
        let w = width
        cells.withUnsafeMutableBufferPointer { Screen.releaseWide(at: col, row: row, for: new, in: $0, width: w) }
    }

    /// Whether cell `i` (row-major) is a continuation, read in place: copying the cell
    /// out would retain and release its text, and a crowded map writes ~10,000 cells a frame.
    @inline(__always)
    private func isContinuation(_ i: Int) -> Bool {
        cells.withUnsafeBufferPointer { $0[i].text.isEmpty }
    }

    /// Runs `body` with a `Writer` over this screen's cells: writes as the subscript's
    /// setter does, without its copy-on-write check per cell (a crowded map writes
    /// ~7,000 marker cells a frame). The writer must not be used after `body` returns.
    public mutating func withWriter<R>(_ body: (inout Writer) throws -> R) rethrows -> R {
        let (w, h) = (width, height)
        return try cells.withUnsafeMutableBufferPointer { buffer in
            var writer = Writer(cells: buffer, width: w, height: h)
            return try body(&writer)
        }
    }

    /// Writes into a screen's cells in place, clipped as `Screen`'s subscript
    /// (see `withWriter`).
    public struct Writer {
        @usableFromInline let cells: UnsafeMutableBufferPointer<Cell>
        public let width: Int, height: Int

        /// `screen[col, row] = cell` (inlined where it is called: a call per cell costs more than the write).
        @inlinable
        public mutating func set(_ cell: consuming Cell, col: Int, row: Int) {
            Screen.write(cell, col: col, row: row, into: cells, width: width, height: height)
        }
    }

    /// `Writer`'s write: the subscript's setter on a buffer (clipped to the grid; only a
    /// continuation here or to the right can leave half a wide character).
    @inlinable @inline(__always)
    static func write(_ cell: consuming Cell, col: Int, row: Int, into cells: UnsafeMutableBufferPointer<Cell>,
                      width: Int, height: Int) {
        guard col >= 0, col < width, row >= 0, row < height else { return }
        let i = row * width + col
        if cells[i].text.isEmpty || (col + 1 < width && cells[i + 1].text.isEmpty) {
            releaseWide(at: col, row: row, for: cell, in: cells, width: width)
        }
        cells[i] = cell
    }

    /// Before `new` replaces the cell at (`col`, `row`): blanks the other half of a wide
    /// character the write cuts, so no half glyph is left (a terminal would draw the kept
    /// left half over the new cell and shift the rest of the row, e.g. a box's border).
    /// A continuation written on purpose (after its wide lead) and a wide character
    /// rewritten in place (restyled) keep their pair. Shared by the subscript and `Writer`.
    @usableFromInline
    static func releaseWide(at col: Int, row: Int, for new: Cell, in cells: UnsafeMutableBufferPointer<Cell>,
                            width: Int) {
        let i = row * width + col
        if cells[i].isContinuation, !new.isContinuation, col > 0 {
            cells[i - 1] = Cell(" ", cells[i - 1].style)
        }
        if col + 1 < width, cells[i + 1].isContinuation, new.isContinuation || DisplayWidth.of(new.text) != 2 {
            cells[i + 1] = Cell(" ", cells[i + 1].style)
        }
    }

    /// Fills `rect` (clipped) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            // Wide characters cut by the left or right edge lose their outside half too.
            self[x0, y] = cell
            if x1 - 1 > x0 { self[x1 - 1, y] = cell }
            for x in x0..<x1 { cells[y * width + x] = cell }
        }
    }

    /// Restyles every cell in `rect` through `transform` (e.g. dimming a backdrop).
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { for x in x0..<x1 { cells[y * width + x].style = transform(cells[y * width + x].style) } }
    }

    /// Writes `text` from (`col`, `row`) with `style`, at most `maxWidth` cells
    /// (default: to the right edge), measuring by display width so Korean and
    /// emoji line up. Control characters are sanitized. A grapheme cluster takes
    /// the cells `DisplayWidth.cells(of:)` gives it (those tmux and xterm give it).
    /// Returns the column after the last cell written. A cluster that would
    /// straddle the limit is replaced by spaces up to it.
    @discardableResult
    public mutating func put(_ text: String, col: Int, row: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < height else { return col }
        let limit = maxWidth.map { min(width, col + $0) } ?? width
        if DisplayWidth.isPrintableASCII(text) { return putASCII(text, col: col, row: row, style: style, limit: limit) }
        var x = col
        let safe = SafeText.sanitize(text)
        let bytes = safe.utf8
        var i = bytes.startIndex
        while i < bytes.endIndex {
            // A printable ASCII byte followed by another ASCII byte (or nothing) is a whole
            // grapheme one cell wide (only non-ASCII scalars combine with what precedes
            // them): written as `putASCII` does, without grapheme breaking or a width
            // lookup. A padded Korean title is mostly such bytes.
            let b = bytes[i], next = bytes.index(after: i)
            if b >= 0x20, b < 0x7F, next == bytes.endIndex || bytes[next] < 0x80 {
                if x + 1 > limit { return limit }
                if x >= 0 { self[x, row] = Cell(Screen.asciiText[Int(b) - 0x20], style) }
                x += 1
                i = next
                continue
            }
            let ch = safe[i]
            i = safe.index(after: i)
            let w = DisplayWidth.of(ch)
            if w == 0 { continue }
            if x + w > limit {
                // A cluster is written whole or not at all: the cells left before the limit become spaces.
                for c in max(x, 0)..<max(max(x, 0), limit) { self[c, row] = Cell(" ", style) }
                return limit
            }
            for cell in DisplayWidth.cells(of: ch) {
                if x >= 0 {
                    self[x, row] = Cell(cell.text, style)
                    if cell.width == 2 { self[x + 1, row] = Cell("", style) }
                }
                x += cell.width
            }
        }
        return x
    }

    /// `put` for printable ASCII: one byte is one cell (no grapheme breaking, no
    /// width lookup), the same cells `put` writes. A list row pads its title with
    /// a hundred spaces; this is a frame's most common write.
    private mutating func putASCII(_ text: String, col: Int, row: Int, style: Style, limit: Int) -> Int {
        var x = col
        for b in text.utf8 {
            if x + 1 > limit { return limit }
            if x >= 0 { self[x, row] = Cell(Screen.asciiText[Int(b) - 0x20], style) }
            x += 1
        }
        return x
    }

    /// The cell texts of the printable ASCII characters (0x20…0x7E).
    private static let asciiText: [String] = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }

    /// Writes `text` centred in `rect`'s first row.
    public mutating func putCentered(_ text: String, in rect: Rect, style: Style = .plain) {
        let w = DisplayWidth.of(text)
        let col = rect.x + max(0, (rect.width - w) / 2)
        put(text, col: col, row: rect.y, style: style, maxWidth: rect.maxX - col)
    }

    /// The row as plain text (continuation cells skipped), trailing spaces kept
    /// unless `trim`.
    public func line(_ row: Int, trim: Bool = true) -> String {
        guard row >= 0, row < height else { return "" }
        var s = ""
        for x in 0..<width {
            let c = cells[row * width + x]
            if !c.isContinuation { s += c.text }
        }
        if trim { while s.hasSuffix(" ") { s.removeLast() } }
        return s
    }

    /// The whole frame as text, one line per row, trailing spaces trimmed.
    public func text() -> String {
        (0..<height).map { line($0) }.joined(separator: "\n")
    }
}
