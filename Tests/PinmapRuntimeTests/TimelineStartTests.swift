import XCTest
import Frame
import GeoMap
import PinModel
import PinModelTesting
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinmapCoreTestSupport

final class TimelineStartTests: XCTestCase {
    func testAfterTheSamplePinsLoadTheTimelineOpensOnTheNewestPinsMonth() throws {
        let store = InMemoryPinRepository()
        let state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        let r = AppRunner(store: store, state: state, loadSamples: {
            try store.insert(NewPin(title: "종묘", latitude: 37.57, longitude: 126.99, createdAt: "2025-04-12T10:30:00+09:00"))
            return 1
        })
        r.loadSamplesIfEmpty()
        XCTAssertEqual(r.state.timeline.year, 2025)
        XCTAssertEqual(r.state.timeline.month, 4)
        XCTAssertEqual(r.state.timeline.day, 12)
    }
}
