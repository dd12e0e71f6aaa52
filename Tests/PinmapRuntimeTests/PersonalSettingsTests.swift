import XCTest
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The last view (map view, tab, detent) is only the view: a store that refuses to save it
/// (a read-only role on a server) is not an error line; other settings still say so.
final class PersonalSettingsTests: XCTestCase {
    func testAFailureToSaveTheLastViewIsSilentAndOtherSettingsSaySo() throws {
        let r = try UIFixtures.runner(over: InMemoryPinRepository(pins: UIFixtures.seoulPins))
        let before = r.state.feedback.message
        let refused = StoreError("this PostgreSQL role may not make this write (permission denied for table settings)")
        for key in [SettingKey.mapView, SettingKey.tab, SettingKey.detent] {
            r.handle(.store(.settingNotSaved(key: key, refused)), now: 1)
            XCTAssertEqual(r.state.feedback.message, before, key)
        }
        r.handle(.store(.settingNotSaved(key: SettingKey.color, refused)), now: 2)
        XCTAssertEqual(r.state.feedback.message, "Could not save setting: this PostgreSQL role may not make this write (permission denied for table settings)")
    }
}
