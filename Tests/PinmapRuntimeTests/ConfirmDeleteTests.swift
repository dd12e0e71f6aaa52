import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinmapCoreTestSupport

final class ConfirmDeleteTests: XCTestCase {
    func testDeleteAsksFirstInACoverVerticalPopUp() throws {
        let r = try UIFixtures.runner()
        r.selectListed("Busan Tower")
        r.char("d")
        guard case .confirm(let popup)? = r.state.feedback.modal?.content else { return XCTFail("no pop-up") }
        XCTAssertEqual(popup.chosen, .cancel, "Cancel is chosen first: a stray Enter deletes nothing")
        XCTAssertEqual(r.state.feedback.modal?.presentation.dim, 0.25)
        XCTAssertEqual(r.state.feedback.modal?.presentation.duration, 0.3)
        let f = r.frame()
        let expected = [
            Expect.grabberRow(width: 100),
            Expect.centered("Delete “Busan Tower”?", width: 100),
            Expect.centered("The pin and its comments go; u brings the last deleted pin back.", width: 100),
            "",
            String(repeating: " ", count: 38) + "[ Delete ]   [ Cancel ]",
            Expect.centered("y deletes · ←→ choose · Enter · Esc cancels", width: 100),
        ]
        XCTAssertEqual((24..<30).map { f.line($0) }, expected, f.text())
        XCTAssertTrue(f[0, 3].style.dim, "the screen behind is dimmed")
        XCTAssertTrue(f[53, 28].style.reverse, "Cancel is highlighted")
        XCTAssertFalse(f[40, 28].style.reverse)
        r.key(.left)
        XCTAssertTrue(r.frame()[40, 28].style.reverse, "← chooses Delete")
    }

    func testPopUpSlidesUpOverTimeAndEscCancels() throws {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: false)
        // Listed with the list focused: its first row is selected by itself.
        state.receiveView(total: 1, inView: 1, listed: [Pin(id: 7, title: "T", latitude: 1, longitude: 2, createdAt: "", updatedAt: "")])
        XCTAssertEqual(state.list.selectedID, 7)
        _ = state.update(.input(.key(.char("d"))), now: 10)
        XCTAssertEqual(state.feedback.modal?.presentation.visibleRows(at: 10.15), 2, "6 × (0.5)² ≈ 2 rows halfway")
        _ = state.update(.tick, now: 10.3)
        XCTAssertEqual(state.feedback.modal?.presentation.visibleRows(at: 10.3), 6)
        let effects = state.update(.input(.key(.escape)), now: 11)
        XCTAssertEqual(effects, [])
        XCTAssertEqual(state.feedback.message, "Nothing deleted")
        _ = state.update(.tick, now: 11.4)
        XCTAssertNil(state.feedback.modal)
    }

    func testDeleteThenUndoBringsThePinBackWithItsIdAndComments() throws {
        let r = try UIFixtures.runner()
        let id: Int64 = 1  // 전쟁기념관, inserted first
        try r.store.addComment(pinID: id, body: "비행기 많음")
        r.selectListed("전쟁기념관")
        r.char("d"); r.key(.left); r.key(.enter)
        guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else {
            return XCTFail("no notice: \(r.text)")
        }
        XCTAssertEqual(title, "Pin deleted")
        XCTAssertEqual(message, "“전쟁기념관” is gone · u brings it back")
        XCTAssertTrue(success)
        XCTAssertEqual(r.line(24), Expect.centered("Pin deleted", width: 100), "above the status line and the tab bar")
        XCTAssertNil(try r.store.pin(id: id))
        XCTAssertEqual(try r.store.count(), 4)
        XCTAssertFalse(r.state.list.pins.contains { $0.id == id })
        XCTAssertNil(r.state.list.selectedID)
        XCTAssertFalse(r.state.map.markers.contains { $0.id == id })

        r.char("u", at: 1)  // closes the notice and undoes at once, as the notice says
        // A routine success: a toast, which takes no keys, not a notice sheet.
        XCTAssertNil(r.state.feedback.modal)
        let toast = try XCTUnwrap(r.state.feedback.toast)
        XCTAssertEqual(toast.title, "Pin restored")
        XCTAssertEqual(toast.message, "Restored “전쟁기념관”")
        let back = try XCTUnwrap(try r.store.pin(id: id), "same id")
        XCTAssertEqual(back.title, "전쟁기념관")
        XCTAssertEqual(back.latitude, 37.5365)
        XCTAssertEqual(try r.store.comments(pinID: id).map(\.body), ["비행기 많음"])
        XCTAssertEqual(r.state.list.selectedID, id)
        XCTAssertTrue(r.state.list.pins.contains { $0.id == id })
        XCTAssertNil(r.state.lastDeleted)
        r.char("u", at: 2); r.handle(.tick, now: 2.1); r.char("u", at: 2.2)
        XCTAssertEqual(r.state.feedback.message, "Nothing to undo")
    }

    func testMouseClicksOnTheButtons() throws {
        let r = try UIFixtures.runner()
        r.selectListed("Busan Tower")
        r.char("d")
        r.mouse(.press, col: 53, row: 28)  // [ Cancel ]
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(try r.store.count(), 5)
        r.char("d", at: 2)
        r.mouse(.press, col: 5, row: 3, at: 2)  // the backdrop cancels too
        r.handle(.tick, now: 3)
        XCTAssertEqual(try r.store.count(), 5)
        r.char("d", at: 4)
        r.mouse(.press, col: 40, row: 28, at: 4)  // [ Delete ]
        XCTAssertEqual(try r.store.count(), 4)
        XCTAssertNil(try r.store.pin(id: 5))
    }

    func testEnterOnCancelDeletesNothing() throws {
        let r = try UIFixtures.runner()
        r.selectListed("Busan Tower")
        r.char("d"); r.key(.enter)
        XCTAssertEqual(try r.store.count(), 5)
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
    }
}
