import XCTest
import Frame
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// A typed key that does nothing says so on the status line, in the interface's language, and
/// changes nothing else on screen: a key unbound everywhere (`x`, Ctrl-G), and a Map-tab key
/// pressed on another tab (`a` on Timeline).
final class KeyFeedbackTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    /// The frame after `keys`, and the frame before them with its status line replaced by the
    /// one after: equal when the keys changed the status line alone.
    private func statusAfter(_ keys: [Key], tab: Character, language: PinmapCore.Language) throws -> (status: String, rest: Bool) {
        Strings.language = language
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char(tab)
        let before = r.frame().text().components(separatedBy: "\n")
        for key in keys { r.key(key) }
        let after = r.frame().text().components(separatedBy: "\n")
        var expected = before
        expected[22] = after[22]
        return (after[22], expected == after)
    }

    /// Each case's keys on its tab change the status line alone, to `status`.
    private func check(_ cases: [(keys: [Key], tab: Character, language: PinmapCore.Language, status: String)],
                       line: UInt = #line) throws {
        for c in cases {
            let after = try statusAfter(c.keys, tab: c.tab, language: c.language)
            XCTAssertEqual(after.status, c.status, line: line)
            XCTAssertTrue(after.rest, "only the status line changes (\(c.status))", line: line)
        }
    }

    func testAnUnboundKeySaysItDoesNothing() throws {
        try check([
            ([.char("x")], "1", .english, " medium · 5 of 5 pins in view · z1   x does nothing here · ? lists the keys"),
            ([.ctrl("g")], "2", .english, " medium · 5 of 5 pins in view   Ctrl-G does nothing here · ? lists the keys"),
            ([.char("x")], "1", .korean, " 중간 · 보이는 핀 5/5개 · z1   x 키는 여기서 하는 일이 없습니다 · ?로 키 보기"),
        ])
    }

    /// No form opens, nothing else changes.
    func testAMapKeyOnAnotherTabSaysWhereItWorks() throws {
        try check([
            ([.char("a")], "2", .english, " medium · 5 of 5 pins in view   a works on the Map tab: 1 shows it"),
            ([.char("+")], "4", .korean, " 중간 · 보이는 핀 5/5개   + 키는 지도 탭에서 씁니다: 1로 지도 탭 보기"),
        ])
    }
}
