import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// Help promises only keys that work where it says.
final class HelpPromisesTests: XCTestCase {
    func testImportHelpSaysTheGlobalKeysWorkOutsideThePathField() {
        let titles = { (tab: Tab) in HelpView.lines(for: tab).filter { $0.key.isEmpty }.map(\.text) }
        XCTAssertEqual(titles(.importer), ["Import", "Everywhere outside a text field (Esc leaves the path field)", "Mouse"])
        XCTAssertEqual(titles(.settings).dropFirst().first, "Everywhere")
    }
}
