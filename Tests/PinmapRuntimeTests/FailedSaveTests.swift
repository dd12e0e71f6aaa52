import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class FailedSaveTests: XCTestCase {
    func testAFailedSaveBringsTheFormBackWithWhatWasTyped() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try UIFixtures.runner(over: store)
        r.char("a")
        for ch in "남산 전망대" { r.char(ch) }
        // Make the insert fail, as a locked or full store would.
        store.failingWrites = StoreError("disk is full")
        r.key(.ctrl("s"))
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("the form is gone: \(r.text)") }
        XCTAssertEqual(form[.title].text, "남산 전망대")
        XCTAssertTrue(form.error?.contains("disk is full") ?? false, form.error ?? "")
        store.failingWrites = nil
        r.key(.ctrl("s"))
        XCTAssertEqual(try r.store.count(), 6)
    }

    /// The server did the insert but stopped answering before it said so: the form comes back
    /// (the add may still be done), and saving it again, with a word added meanwhile, writes
    /// into the pin the first save made: one pin, never a second copy.
    func testAnAddDoneButNeverAnsweredIsNotAddedTwiceBySavingAgain() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try UIFixtures.runner(over: store)
        let older = ["Busan Tower", "National Museum of Korea", "전쟁기념관", "Hongdae, busking street", "Garosu-gil coffee"]
        r.char("a")
        r.type("남산 전망대")
        store.insertsDoneUnanswered = StoreError("the PostgreSQL server stopped answering; what was under way may still be done when it answers (shown once reconnected)",
                                                 kind: .stoppedAnswering)
        r.key(.ctrl("s"))
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("the form is gone: \(r.text)") }
        XCTAssertEqual(form.error, "Not saved: the PostgreSQL server stopped answering; what was under way may still be done when it answers (shown once reconnected). Ctrl-S tries again · Esc gives up")
        XCTAssertEqual(try store.pins(matching: PinQuery()).map(\.title), ["남산 전망대"] + older,
                       "the store did the add")

        store.insertsDoneUnanswered = nil
        r.type(" 야경")
        r.key(.ctrl("s"))
        XCTAssertNil(r.state.feedback.modal, "the form closed")
        XCTAssertEqual(r.state.feedback.toast?.message, "Added “남산 전망대 야경”")
        let pins = try store.pins(matching: PinQuery())
        XCTAssertEqual(pins.map(\.title), ["남산 전망대 야경"] + older, "one pin, with what was typed since")
        XCTAssertEqual(r.state.list.selectedPin?.id, pins.first?.id)
    }
}
