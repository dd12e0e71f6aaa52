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

    func testAnUnboundKeySaysItDoesNothing() throws {
        let x = try statusAfter([.char("x")], tab: "1", language: .english)
        XCTAssertEqual(x.status, " medium · 5 of 5 pins in view · z1   x does nothing here · ? lists the keys")
        XCTAssertTrue(x.rest, "only the status line changes")
        let ctrl = try statusAfter([.ctrl("g")], tab: "2", language: .english)
        XCTAssertEqual(ctrl.status, " medium · 5 of 5 pins in view   Ctrl-G does nothing here · ? lists the keys")
        XCTAssertTrue(ctrl.rest)
        let ko = try statusAfter([.char("x")], tab: "1", language: .korean)
        XCTAssertEqual(ko.status, " 중간 · 보이는 핀 5/5개 · z1   x 키는 여기서 하는 일이 없습니다 · ?로 키 보기")
        XCTAssertTrue(ko.rest)
    }

    func testAMapKeyOnAnotherTabSaysWhereItWorks() throws {
        let a = try statusAfter([.char("a")], tab: "2", language: .english)
        XCTAssertEqual(a.status, " medium · 5 of 5 pins in view   a works on the Map tab: 1 shows it")
        XCTAssertTrue(a.rest, "no form opens, nothing else changes")
        let ko = try statusAfter([.char("+")], tab: "4", language: .korean)
        XCTAssertEqual(ko.status, " 중간 · 보이는 핀 5/5개   + 키는 지도 탭에서 씁니다: 1로 지도 탭 보기")
        XCTAssertTrue(ko.rest)
    }
}
