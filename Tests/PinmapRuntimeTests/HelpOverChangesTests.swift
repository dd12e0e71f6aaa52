import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The `?` help is drawn over the map in every frame: a change from elsewhere that redraws
/// the map leaves the open help box whole (80×24, Korean).
final class HelpOverChangesTests: XCTestCase {
    func testAChangeElsewhereLeavesTheOpenHelpWhole() throws {
        let spread = (0..<400).map { NewPin(title: "big\($0)", latitude: Double($0 % 40) * 3 - 60, longitude: Double($0 / 40) * 30 - 150) }
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins + spread)
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24, environment: AppEnvironment(language: .korean))
        r.char("?")
        let before = r.frame()
        for i in 0..<400 {
            try store.insert(NewPin(title: "서울 \(i)", latitude: Double(i % 40) * 3 - 58, longitude: Double(i / 40) * 30 - 140))
        }
        r.handle(.store(.changedElsewhere(StoreChange(added: 400))), now: 1)
        let after = r.frame()
        let rows = 0..<(r.state.layout.travel)
        XCTAssertEqual(Set((1..<20).map { after[1, $0].text }), ["│"], "the help's left border, whole")
        XCTAssertEqual(rows.map { after.line($0) }.joined(separator: "\n"), rows.map { before.line($0) }.joined(separator: "\n"))
    }
}
