import XCTest
import Frame
@testable import Terminal

/// A changed row with a wide character is painted whole: the terminal blanks the other half
/// of a wide character it overwrites, and a cell beside it that did not change (the `?`
/// help's border) would otherwise be lost.
final class PainterRowsTests: XCTestCase {
    private func screen(_ rows: [String]) -> Screen {
        var s = Screen(width: 10, height: rows.count)
        for (i, r) in rows.enumerated() { s.put(r, col: 0, row: i) }
        return s
    }

    func testAChangedRowWithAWideCharacterIsPaintedWhole() {
        let old = screen(["서울│ help ", "12 │ help ", "12 │ help "])
        let new = screen(["3 │  help ", "13 │ help ", "12 │ help "])
        XCTAssertEqual((0..<3).map { Painter.repaintsWhole(row: $0, old: old, new: new) }, [true, false, false])
        XCTAssertEqual((0..<3).map { Painter.repaintsWhole(row: $0, old: new, new: old) }, [true, false, false])
        XCTAssertFalse(Painter.repaintsWhole(row: 0, old: old, new: old), "an unchanged row sends nothing")
    }
}
