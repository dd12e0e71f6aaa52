import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// On a narrow terminal the calendar's cells narrow (six cells down to four) so the seven
/// weekdays fit: below 42 columns Saturday and Sunday were cut off at the right edge, with
/// the pin on a Saturday (Busan Tower, 2023-07-01) and the day selected on it.
final class TimelineNarrowTests: XCTestCase {
    func testEveryWeekdayFitsAt30And36Columns() throws {
        let expected = [
            30: [
                "",
                "       ‹  July 2023  ›",
                "",
                "  Mo  Tu  We  Th  Fr  Sa  Su",
                "                       1•  2",
                "   3   4   5   6   7   8   9",
                "  10  11  12  13  14  15  16",
                "  17  18  19  20  21  22  23",
                "  24  25  26  27  28  29  30",
                "  31",
                "",
                "  2023-07-01: 1 pin · Enter s…",
                "   10:00  Busan Tower",
            ],
            36: [
                "",
                "          ‹  July 2023  ›",
                "",
                " Mo   Tu   We   Th   Fr   Sa   Su",
                "                           1•   2",
                "  3    4    5    6    7    8    9",
                " 10   11   12   13   14   15   16",
                " 17   18   19   20   21   22   23",
                " 24   25   26   27   28   29   30",
                " 31",
                "",
                "  2023-07-01: 1 pin · Enter shows i…",
                "   10:00  Busan Tower",
            ],
        ]
        for cols in [30, 36] {
            let r = try UIFixtures.runner(cols: cols, rows: 24)
            r.char("2")
            let f = r.frame()
            XCTAssertEqual((0..<13).map { f.line($0) }, expected[cols]!, "\(cols)")
        }
    }

    /// A click on Sunday the 2nd, in the narrowed grid, selects it.
    func testAClickOnANarrowedCellSelectsItsDay() throws {
        let r = try UIFixtures.runner(cols: 30, rows: 24)
        r.char("2")
        XCTAssertEqual(r.state.timeline.day, 1)
        r.mouse(.press, col: 27, row: 4); r.mouse(.release, col: 27, row: 4)
        XCTAssertEqual(r.state.timeline.day, 2)
        r.mouse(.press, col: 3, row: 9); r.mouse(.release, col: 3, row: 9)
        XCTAssertEqual(r.state.timeline.day, 31)
    }
}
