import XCTest
import Frame
import PinModel
import PinModelTesting
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The `?` help is drawn over the map in every frame: a change from elsewhere that redraws
/// the map leaves the open help box whole (80×24, Korean).
final class HelpOverChangesTests: XCTestCase {
    func testAChangeElsewhereLeavesTheOpenHelpWhole() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24, environment: AppEnvironment(language: .korean))
        r.char("?")
        let before = r.frame()
        for i in 0..<40 {
            try store.insert(NewPin(title: "서울 \(i)", latitude: 37.5 + Double(i) * 0.01, longitude: 126.8 + Double(i) * 0.01))
        }
        r.handle(.store(.changedElsewhere(StoreChange(added: 40))), now: 1)
        let after = r.frame()
        let rows = 0..<(r.state.layout.travel)
        XCTAssertEqual(rows.map { after.line($0) }.joined(separator: "\n"), rows.map { before.line($0) }.joined(separator: "\n"))
    }
}
