import XCTest
import PinModel
import PinStore
@testable import PinmapCLI

/// `P` (load the sample pins) never duplicates a pin, edited or not; a
/// sample pin deleted since comes back.
final class SamplePinsTests: XCTestCase {
    func testLoadingTwiceAfterAnEditAddsNothingAndADeletedPinComesBack() throws {
        let store = try Store.inMemory()
        XCTAssertEqual(try SamplePins.load(into: store), 45)
        let pins = try store.pins(matching: PinQuery(limit: -1))
        let edited = try XCTUnwrap(pins.first { $0.title == "Garosu-gil coffee" })
        try store.update(id: edited.id, title: "Garosu-gil coffee (closed)", description: nil, category: nil,
                         latitude: 37.5210, longitude: nil)
        XCTAssertEqual(try SamplePins.load(into: store), 0, "the edited pin is not added again")
        XCTAssertEqual(try store.count(), 45)
        let deleted = try XCTUnwrap(pins.first { $0.title == "종묘" })
        try store.delete(id: deleted.id)
        XCTAssertEqual(try SamplePins.load(into: store), 1, "the deleted one comes back")
        let titles = try store.pins(matching: PinQuery(limit: -1)).map(\.title)
        XCTAssertEqual(titles.count, 45)
        XCTAssertEqual(titles.filter { $0.hasPrefix("Garosu-gil coffee") }, ["Garosu-gil coffee (closed)"])
        XCTAssertEqual(titles.filter { $0 == "종묘" }.count, 1)
    }
}
