import XCTest
@testable import Frame

/// `Screen.withWriter` writes what the subscript writes, cell for cell: the map draws
/// its markers through it.
final class ScreenWriterTests: XCTestCase {
    /// Writes over both halves of wide characters, a continuation after its lead, a wide
    /// character restyled in place, and writes off the grid (clipped).
    private let writes: [(col: Int, row: Int, cell: Cell)] = [
        (3, 0, Cell("│")), (4, 0, Cell("●", Style(bold: true))), (-1, 0, Cell("x")), (8, 0, Cell("x")),
        (0, 1, Cell("⣿")), (6, 1, Cell("다", .reverse)), (7, 1, Cell("", .reverse)), (2, 1, Cell("9")),
        (1, 2, Cell("7")), (0, 3, Cell("x")), (5, 2, Cell("", .plain)),
    ]

    private func base() -> Screen {
        var s = Screen(width: 8, height: 3)
        for row in 0..<3 { s.put("가나다라", col: 0, row: row) }
        return s
    }

    func testWriterWritesWhatTheSubscriptWrites() {
        var bySubscript = base(), byWriter = base()
        for w in writes { bySubscript[w.col, w.row] = w.cell }
        byWriter.withWriter { writer in
            for w in writes { writer.set(w.cell, col: w.col, row: w.row) }
        }
        XCTAssertEqual(byWriter.cells, bySubscript.cells)
        XCTAssertEqual(byWriter.text(), ["가 │● 라", "⣿ 9 다다", " 7나다라"].joined(separator: "\n"))
    }

    func testWriterReturnsTheBodysValue() {
        var s = Screen(width: 2, height: 1)
        let n = s.withWriter { writer -> Int in
            writer.set(Cell("a"), col: 1, row: 0)
            return writer.width * 10 + writer.height
        }
        XCTAssertEqual(n, 21)
        XCTAssertEqual(s.line(0, trim: false), " a")
    }
}
