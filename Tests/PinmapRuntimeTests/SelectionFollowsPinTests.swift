import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The selection follows the pin's id across reloads, never the row: pins added elsewhere
/// (newest first, above it) leave the same pin selected; a pin deleted elsewhere leaves none
/// selected, and no other pin drawn as selected.
final class SelectionFollowsPinTests: XCTestCase {
    private func pins(_ prefix: String, _ range: Range<Int>, day: Int) -> [NewPin] {
        range.map { NewPin(title: "\(prefix)\($0)", category: "cafe", latitude: 37.5 + Double($0) * 0.0001, longitude: 127,
                           createdAt: String(format: "2023-05-%02dT10:%02d:00+09:00", day, $0 % 60)) }
    }

    private func selectedRows(_ r: AppRunner) -> [String] {
        let f = r.frame()
        return (0..<r.state.layout.rows).map { f.line($0) }.filter { $0.contains("◉") }
    }

    func testAnImportElsewhereKeepsTheSamePinSelected() throws {
        let store = InMemoryPinRepository(pins: pins("big", 0..<30, day: 1))
        let r = try UIFixtures.runner(over: store)
        r.selectListed("big27")
        XCTAssertEqual([r.state.list.selectedPin?.title, r.state.focus.label], ["big27", "list"])
        for p in pins("new", 0..<100, day: 2) { try store.insert(p) }
        r.handle(.store(.changedElsewhere(StoreChange(added: 100))), now: 5)
        XCTAssertEqual(r.state.list.selectedPin?.title, "big27", "the same pin, not the row (\(r.state.list.pins.count) read, \(r.state.list.unloaded) unread)")
        r.char("e")
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no edit form: \(r.text)") }
        XCTAssertEqual(form[.title].text, "big27", "e edits the pin the user picked")
    }

    /// The list holds at most `ViewRequest.listLimit` rows: 500 newer pins push the selected
    /// one out of it, and no other pin is selected in its place (the row used to be kept).
    func testAPinPushedOutOfTheListLeavesNoneSelected() throws {
        let store = InMemoryPinRepository(pins: pins("big", 0..<30, day: 1))
        let r = try UIFixtures.runner(over: store)
        r.selectListed("big27")
        for p in pins("new", 0..<500, day: 2) { try store.insert(p) }
        r.handle(.store(.changedElsewhere(StoreChange(added: 500))), now: 5)
        XCTAssertNil(r.state.list.selectedID)
        XCTAssertEqual(selectedRows(r), [])
        r.char("e")
        XCTAssertEqual(r.state.feedback.message, "Select a pin first (j/k in the list, or click one)")
        XCTAssertNil(r.state.feedback.modal)
    }

    func testAPinDeletedElsewhereLeavesNoneSelected() throws {
        let store = InMemoryPinRepository(pins: pins("big", 0..<30, day: 1))
        let r = try UIFixtures.runner(over: store)
        r.clickListed("big27")
        let id = try XCTUnwrap(r.state.list.selectedID)
        try store.delete(id: id)
        r.handle(.store(.changedElsewhere(StoreChange(deleted: 1))), now: 5)
        XCTAssertNil(r.state.list.selectedID)
        XCTAssertEqual(selectedRows(r), [])
        r.char("e")
        XCTAssertEqual(r.state.feedback.message, "Select a pin first (j/k in the list, or click one)")
        XCTAssertNil(r.state.feedback.modal)
    }
}
