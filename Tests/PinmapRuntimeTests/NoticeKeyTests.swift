import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinmapCoreTestSupport

final class NoticeKeyTests: XCTestCase {
    func testXClosesANoticeAndQQuits() throws {
        let r = try UIFixtures.runner()
        r.handle(.pins(.written(.deleteMissing(id: 99))), now: 0)  // a failure's notice
        r.char("x")
        XCTAssertFalse(r.state.quit)
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
        r.handle(.pins(.written(.deleteMissing(id: 99))), now: 1)
        r.char("q")
        XCTAssertTrue(r.state.quit, "q quits from a notice (help: q quits everywhere)")
    }
}
