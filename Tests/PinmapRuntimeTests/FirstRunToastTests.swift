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

/// The first run's toast about the sample pins.
final class FirstRunToastTests: XCTestCase {
    /// The first run's toast (it fades like the others) says how to remove the sample pins,
    /// only when they load into a new, empty store; P later says just how many it loaded
    /// ("1 sample pin", not "1 sample pins").
    func testOnlyTheFirstRunSaysFirstRun() throws {
        let store = try Store.inMemory()
        let state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        var title = 0
        let r = AppRunner(store: store, state: state, loadSamples: {
            title += 1
            try store.insert(NewPin(title: "종묘 \(title)", latitude: 37.57, longitude: 126.99, createdAt: "2025-04-12T10:30:00+09:00"))
            return 1
        })
        r.loadSamplesIfEmpty()
        XCTAssertNil(r.state.feedback.message)
        XCTAssertEqual(r.state.feedback.toast?.message,
                       "Added 1 sample pin to try Pinmap with · to remove them: 4 (Settings), ↑ to the sample import, Enter")
        r.handle(.tick, now: Toast.lifetime)
        XCTAssertNil(r.state.feedback.toast, "it fades")
        r.char("P", at: Toast.lifetime + 1)
        XCTAssertEqual(r.state.feedback.message, "Loaded 1 sample pin", "one pin: no plural")
    }
}
