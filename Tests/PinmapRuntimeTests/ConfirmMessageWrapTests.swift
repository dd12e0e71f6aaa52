import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// A confirmation's message too long for one row wraps onto more (at most three) and the card
/// grows by them, the buttons below: it was always one row, cut with "…", so at 60 columns
/// "The pin and its comments go; u brings the last deleted pin back." lost what u does.
final class ConfirmMessageWrapTests: XCTestCase {
    func testTheDeleteQuestionWrapsItsMessageAt60Columns() throws {
        let r = try UIFixtures.runner(cols: 60, rows: 20)
        r.char("d")  // the first row's pin, Busan Tower
        let f = r.frame()
        XCTAssertEqual((12..<20).map { f.line($0) }, [
            "▸ Pins in view: 5 · newest first",
            "───────────────────────── ━━━━━━━━ ─────────────────────────",
            "                   Delete “Busan Tower”?",
            "   The pin and its comments go; u brings the last deleted",
            "                         pin back.",
            "",
            "                  [ Delete ]   [ Cancel ]",
            "        y deletes · ←→ choose · Enter · Esc cancels",
        ])
        // A click on Cancel's old row (now blank) does nothing; on Delete, on its new row, deletes.
        r.mouse(.press, col: 20, row: 17)
        XCTAssertNotNil(try r.store.pin(id: 5))
        r.mouse(.press, col: 20, row: 18)
        XCTAssertNil(try r.store.pin(id: 5))
    }
}
