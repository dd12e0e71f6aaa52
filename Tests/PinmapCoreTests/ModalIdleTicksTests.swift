import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// A modal at rest asks for no frames: the loop polled at 16 ms and repainted the whole
/// screen while the filter sheet or a pop-up stood open (a fifth of a core, idle). While it
/// slides, and while a notice counts down to leaving, it still ticks.
final class ModalIdleTicksTests: XCTestCase {
    private func state() -> AppState {
        var state = AppState(cols: 80, rows: 24, detent: .medium, color: false, reducedMotion: false)
        state.receiveView(total: 2, categories: [("cafe", 1), ("park", 1)], inView: 2,
                          listed: [Pin(id: 7, title: "T", category: "cafe", latitude: 1, longitude: 2, createdAt: "", updatedAt: "")])
        _ = state.update(.tick, now: 5)  // the sheet has settled
        return state
    }

    private func ticks(_ state: inout AppState, at now: Double) -> Bool {
        _ = state.update(.tick, now: now)
        return state.needsTicks
    }

    func testTheFilterSheetTicksWhileItSlidesOnly() {
        var s = state()
        XCTAssertFalse(s.needsTicks)
        _ = s.update(.input(.key(.char("f"))), now: 10)
        guard case .filter? = s.feedback.modal?.content else { return XCTFail("no filter sheet") }
        XCTAssertEqual([s.needsTicks, ticks(&s, at: 10.1), ticks(&s, at: 10.3), ticks(&s, at: 20)], [true, true, false, false])
        _ = s.update(.input(.key(.escape)), now: 30)
        XCTAssertEqual([s.needsTicks, ticks(&s, at: 30.1), ticks(&s, at: 30.3)], [true, true, false])
        XCTAssertNil(s.feedback.modal, "gone once it slid away")
    }

    func testAPopUpAtRestTicksNoMore() {
        var s = state()
        XCTAssertEqual(s.list.selectedID, 7)
        _ = s.update(.input(.key(.char("d"))), now: 10)
        guard case .confirm? = s.feedback.modal?.content else { return XCTFail("no pop-up") }
        XCTAssertEqual([s.needsTicks, ticks(&s, at: 10.2), ticks(&s, at: 10.4), ticks(&s, at: 60)], [true, true, false, false])
    }
}
