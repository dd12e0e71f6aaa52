import XCTest
import Foundation
@testable import PinStore
import PinmapTestSupport

final class TextFidelityTests: XCTestCase {
    func testNULInsideTextIsKept() throws {
        let store = try Store.inMemory()
        let id = try store.insert(NewPin(title: "NUL\u{0}byte", description: "a\u{0}b", latitude: 1, longitude: 2))
        let pin = try XCTUnwrap(store.pin(id: id))
        XCTAssertEqual(pin.title, "NUL\u{0}byte")
        XCTAssertEqual(pin.description, "a\u{0}b")
    }
}
