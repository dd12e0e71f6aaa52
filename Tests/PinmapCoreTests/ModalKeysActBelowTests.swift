import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// Keys in and around modals: no key lost in a modal, the search's "show them all" reachable
/// from the field.
final class ModalKeysActBelowTests: XCTestCase {
    private func state() -> AppState {
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: false)
        // Listed with the list focused: its only row is selected by itself.
        s.receiveView(total: 3, categories: [("cafe", 1), ("park", 2)], inView: 1,
                      listed: [Pin(id: 7, title: "T", latitude: 37.5, longitude: 127, createdAt: "", updatedAt: "")])
        return s
    }

    func testHelpClosesAndTheKeyActs() {
        var s = state()
        _ = s.update(.input(.key(.char("?"))), now: 0)
        XCTAssertTrue(s.feedback.showHelp)
        _ = s.update(.input(.key(.char("j"))), now: 0.1)
        XCTAssertTrue(s.feedback.showHelp, "j scrolls help")
        _ = s.update(.input(.key(.char("2"))), now: 0.2)
        XCTAssertFalse(s.feedback.showHelp)
        XCTAssertEqual(s.tab, .timeline, "2 from help lands on Timeline")
        _ = s.update(.input(.key(.char("?"))), now: 0.3)
        _ = s.update(.input(.key(.escape)), now: 0.35)
        XCTAssertFalse(s.feedback.showHelp)
        XCTAssertFalse(s.quit, "Esc only closes help")
        _ = s.update(.input(.key(.char("?"))), now: 0.4)
        _ = s.update(.input(.key(.char("q"))), now: 0.45)
        XCTAssertFalse(s.feedback.showHelp)
        XCTAssertFalse(s.quit, "q only closes help: its header says any other key closes")
        _ = s.update(.input(.key(.char("q"))), now: 0.5)
        XCTAssertTrue(s.quit, "q quits once help is closed")
    }

    /// `q` quits from every sheet that is not a text field.
    func testQQuitsFromFilterDetailConfirmAndNotice() {
        var filter = state()
        _ = filter.update(.input(.key(.char("f"))), now: 0)
        _ = filter.update(.tick, now: 0.5)
        _ = filter.update(.input(.key(.char("q"))), now: 0.6)
        XCTAssertTrue(filter.quit, "q from the filter sheet")

        var detail = state()
        _ = detail.update(.input(.key(.enter)), now: 0)
        _ = detail.update(.tick, now: 0.5)
        _ = detail.update(.input(.key(.char("q"))), now: 0.6)
        XCTAssertTrue(detail.quit, "q from the detail page")

        var nested = state()
        _ = nested.update(.input(.key(.enter)), now: 0)
        _ = nested.update(.tick, now: 0.5)
        _ = nested.update(.input(.key(.char("d"))), now: 0.6)
        guard case .detail(let d)? = nested.feedback.modal?.content else { return XCTFail("no detail page") }
        XCTAssertNotNil(d.confirm, "d raised the pop-up over the page")
        _ = nested.update(.input(.key(.char("q"))), now: 1)
        XCTAssertTrue(nested.quit, "q from the pop-up over the detail page")

        var confirm = state()
        _ = confirm.update(.input(.key(.char("d"))), now: 0)
        _ = confirm.update(.tick, now: 0.5)
        let effects = confirm.update(.input(.key(.char("q"))), now: 0.6)
        XCTAssertEqual(effects, [], "nothing is deleted")
        XCTAssertTrue(confirm.quit, "q from the delete confirmation")

        var notice = state()
        notice.feed(.pins(.written(.deleteFailed(id: 7, StoreError("disk full")))))  // a failure: a notice sheet
        XCTAssertNotNil(notice.feedback.modal)
        _ = notice.update(.input(.key(.char("q"))), now: 0.5)
        XCTAssertTrue(notice.quit, "q from a notice")

        var comment = state()
        _ = comment.update(.input(.key(.enter)), now: 0)
        _ = comment.update(.tick, now: 0.5)
        _ = comment.update(.input(.key(.char("c"))), now: 0.6)
        _ = comment.update(.input(.key(.char("q"))), now: 0.7)
        XCTAssertFalse(comment.quit, "q is text in the comment field")
        guard case .detail(let page)? = comment.feedback.modal?.content else { return XCTFail("no detail page") }
        XCTAssertEqual(page.input?.text, "q")
    }

    func testFilterSheetLeavesAndTheKeyActs() {
        var s = state()
        _ = s.update(.input(.key(.char("f"))), now: 0)
        _ = s.update(.tick, now: 0.5)
        _ = s.update(.input(.key(.char("j"))), now: 0.6)
        guard case .filter(let f)? = s.feedback.modal?.content else { return XCTFail("no filter sheet") }
        XCTAssertEqual(f.cursor, 1, "j is the sheet's own key")
        XCTAssertEqual(s.feedback.modal?.presentation.phase, .shown)
        _ = s.update(.input(.key(.char("2"))), now: 0.7)
        XCTAssertEqual(s.tab, .timeline, "2 from the filter sheet lands on Timeline")
        XCTAssertEqual(s.feedback.modal?.presentation.phase, .dismissing)
        _ = s.update(.tick, now: 2)
        XCTAssertNil(s.feedback.modal)
    }

    func testDetailPageLeavesAndTheKeyActs() {
        var s = state()
        _ = s.update(.input(.key(.enter)), now: 0)
        _ = s.update(.tick, now: 0.5)
        guard case .detail? = s.feedback.modal?.content else { return XCTFail("no detail page") }
        _ = s.update(.input(.key(.enter)), now: 0.6)
        XCTAssertEqual(s.feedback.modal?.presentation.phase, .shown, "Enter opened the page and does not close it")
        _ = s.update(.input(.key(.char("2"))), now: 0.7)
        XCTAssertEqual(s.tab, .timeline)
        XCTAssertEqual(s.feedback.modal?.presentation.phase, .dismissing)
    }

    func testConfirmCancelsVisiblyOnAnUnusedKeyThenTheKeyActs() {
        var s = state()
        _ = s.update(.input(.key(.char("d"))), now: 0)
        _ = s.update(.tick, now: 0.5)
        let effects = s.update(.input(.key(.char("2"))), now: 0.6)
        XCTAssertEqual(effects, [], "nothing is deleted")
        XCTAssertEqual(s.feedback.message, "Nothing deleted")
        XCTAssertEqual(s.feedback.modal?.presentation.phase, .dismissing)
        XCTAssertEqual(s.tab, .timeline, "the key cancels, then acts below")
        _ = s.update(.input(.key(.char("1"))), now: 0.7)
        _ = s.update(.input(.key(.char("d"))), now: 0.8)
        _ = s.update(.tick, now: 1.5)
        _ = s.update(.input(.key(.char("?"))), now: 1.6)
        XCTAssertTrue(s.feedback.showHelp, "? cancels and shows help")
    }

    func testAKeyDuringTheExitActsAtOnce() {
        var s = state()
        _ = s.update(.input(.key(.char("f"))), now: 0)
        _ = s.update(.tick, now: 0.5)
        _ = s.update(.input(.key(.escape)), now: 0.6)
        _ = s.update(.input(.key(.char("3"))), now: 0.65)
        XCTAssertEqual(s.tab, .importer)
    }
}
