import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class EditDeletedPinTests: XCTestCase {
    func testSavingAPinDeletedElsewhereSaysSo() throws {
        let r = try UIFixtures.runner()
        r.char("j")
        let id = try XCTUnwrap(r.state.list.selectedID)
        r.char("e")
        XCTAssertTrue(try r.store.delete(id: id), "deleted by another process meanwhile")
        r.key(.ctrl("s"))
        guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else { return XCTFail(r.text) }
        XCTAssertEqual(title, "Pin not updated")
        XCTAssertFalse(success)
        XCTAssertTrue(message.contains("no longer exists"), message)
        XCTAssertEqual(try r.store.count(), 4)
    }
}
