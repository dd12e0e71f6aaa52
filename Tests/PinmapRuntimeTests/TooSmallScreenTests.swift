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

/// The too-small screen.
final class TooSmallScreenTests: XCTestCase {
    func testTooSmallIsASCIIInASCIIMode() throws {
        var state = AppState(cols: 20, rows: 5, ascii: true, color: false, reducedMotion: true)
        state.feed(.showTab(.importer))
        XCTAssertEqual(state.render().text(), """

            too small: need 30x8
                  now 20x5


            """)
    }
}
