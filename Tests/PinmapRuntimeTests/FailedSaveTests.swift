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
}
