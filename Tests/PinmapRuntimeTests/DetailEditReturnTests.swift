import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// `e` on a pin's detail page opens the form; saving or Esc steps back to that page (it used
/// to close onto the map), which shows what was saved and takes the version the save made,
/// so a second edit from the page saves without a conflict pop-up.
final class DetailEditReturnTests: XCTestCase {
    private func detailOf(_ title: String) throws -> AppRunner {
        let r = try UIFixtures.runner()
        r.selectListed(title)
        r.key(.enter)
        guard case .detail? = r.state.feedback.modal?.content else { throw XCTSkip("no detail page") }
        return r
    }

    private func detailHeader(_ r: AppRunner) -> String {
        let f = r.frame()
        guard let row = (0..<f.height).first(where: { f.line($0).contains("Esc closes") }) else { return f.text() }
        return f.line(row)
    }

    func testSavingStepsBackToTheDetailPageShowingTheSave() throws {
        let r = try detailOf("전쟁기념관")
        r.char("e")
        r.key(.ctrl("u")); r.type("War Memorial")
        r.key(.ctrl("s"))
        guard case .detail(let detail)? = r.state.feedback.modal?.content else {
            return XCTFail("not back on the detail page: \(String(describing: r.state.feedback.modal?.content))")
        }
        XCTAssertEqual(detail.pin.title, "War Memorial")
        XCTAssertEqual(detail.pin.version, try r.store.pin(id: 1)?.version, "the page follows the store's version")
        XCTAssertEqual(detailHeader(r),
                       "  War Memorial  ·  museum                                                            #1  Esc closes")
    }

    func testASecondEditFromThePageSavesWithoutAConflict() throws {
        let r = try detailOf("전쟁기념관")
        r.char("e"); r.key(.ctrl("u")); r.type("First"); r.key(.ctrl("s"))
        r.char("e"); r.key(.ctrl("u")); r.type("Second"); r.key(.ctrl("s"))
        guard case .detail(let detail)? = r.state.feedback.modal?.content else {
            return XCTFail("a pop-up instead of the page: \(String(describing: r.state.feedback.modal?.content))")
        }
        XCTAssertEqual(detail.pin.title, "Second")
        XCTAssertEqual(try r.store.pin(id: 1)?.title, "Second")
    }

    func testEscStepsBackToThePageUnchanged() throws {
        let r = try detailOf("전쟁기념관")
        r.char("e"); r.key(.ctrl("u")); r.type("Not kept"); r.key(.escape); r.key(.escape)  // the second discards
        guard case .detail(let detail)? = r.state.feedback.modal?.content else { return XCTFail("not back on the detail page") }
        XCTAssertEqual(detail.pin.title, "전쟁기념관")
        XCTAssertEqual(try r.store.pin(id: 1)?.title, "전쟁기념관")
        r.key(.escape)
        XCTAssertEqual(r.state.feedback.modal.map { _ in "modal" }, nil, "a second Esc closes the page")
    }
}
