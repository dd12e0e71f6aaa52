import XCTest
import Frame
@testable import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A search's "newest first" lists its matches newest created first, as the map's list and
/// its header say (not newest id first, the order the store reads them).
final class SearchOrderTests: XCTestCase {
    func testSearchListsItsMatchesNewestCreatedFirst() throws {
        // Ids 1, 2, 3 created 2024, 2022, 2023: id order is not creation order.
        let pins = [("Harbor Roasters", "2024-05-01T10:00:00Z"), ("Pepper Roasters", "2022-05-01T10:00:00Z"),
                    ("River Roasters", "2023-05-01T10:00:00Z")].enumerated().map { i, p in
            NewPin(title: p.0, category: "cafe", latitude: 37.5 + Double(i) / 100, longitude: 127, createdAt: p.1)
        }
        let r = try UIFixtures.runner(cols: 100, rows: 30, pins: pins, viewport: .world)
        r.char("/")
        r.type("Roasters")
        r.key(.enter)
        let top = 28 - r.state.sheet.height
        XCTAssertEqual((top + 1...top + 4).map { r.line($0) }, [
            "  Search “Roasters”: 3 in view · best match · / edits · Esc in / clears",
            " ◉ Harbor Roasters                                 near Seoul, KR           cafe         2024-05-01",
            " • River Roasters                                  near Seoul, KR           cafe         2023-05-01",
            " • Pepper Roasters                                 near Seoul, KR           cafe         2022-05-01",
        ])
    }
}
