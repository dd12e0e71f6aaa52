import XCTest
import Foundation
import Frame
import PinImport
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PinmapCoreTestSupport

/// Help closes on any key, `q` included, and uses the screen's height.
final class HelpCloseTests: XCTestCase {
    /// The help's header says any other key closes it: `q` closes help (the frame is the one
    /// before help opened) and does not quit the whole UI.
    func testQClosesHelpAndHelpUsesTheHeight() throws {
        let r = try UIFixtures.sqliteRunner(cols: 200, rows: 60)
        let before = r.frame().text()
        r.char("?")
        XCTAssertEqual(HelpView.visibleRows(rows: 60), 56)
        r.char("q")
        XCTAssertFalse(r.state.quit, "q closes help, it does not quit")
        XCTAssertEqual(r.frame().text(), before)
    }
}
