import XCTest
import PinModel
import PinStore
import PinStorePostgres
import PostgresTesting
@testable import PinmapCLI

/// `P` (load the sample pins) never duplicates a pin, edited or not; a
/// sample pin deleted since comes back: on a file store and on a server.
final class SamplePinsTests: XCTestCase {
    func testLoadingTwiceAfterAnEditAddsNothingAndADeletedPinComesBack() throws {
        try checkLoadingAgain(into: try Store.inMemory())
    }

    /// The server once had no per-batch lookup and loaded none while any sample was left:
    /// "The sample pins are already in the store", 44 pins (PINMAP_TEST_PG_URL).
    func testOnAServerADeletedSamplePinComesBackToo() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        defer { TestServer.dropDatabase(uri) }
        try checkLoadingAgain(into: try PostgresStore(uri: uri))
    }

    private func checkLoadingAgain(into store: any PinRepository, line: UInt = #line) throws {
        XCTAssertEqual(try SamplePins.load(into: store), 45, line: line)
        let pins = try store.pins(matching: PinQuery(limit: -1))
        let edited = try XCTUnwrap(pins.first { $0.title == "Garosu-gil coffee" })
        try store.update(id: edited.id, title: "Garosu-gil coffee (closed)", description: nil, category: nil,
                         latitude: 37.5210, longitude: nil)
        XCTAssertEqual(try SamplePins.load(into: store), 0, "the edited pin is not added again", line: line)
        XCTAssertEqual(try store.count(), 45, line: line)
        let deleted = try XCTUnwrap(pins.first { $0.title == "종묘" })
        try store.delete(id: deleted.id)
        XCTAssertEqual(try store.count(), 44, line: line)
        XCTAssertEqual(try SamplePins.load(into: store), 1, "the deleted one comes back", line: line)
        let titles = try store.pins(matching: PinQuery(limit: -1)).map(\.title)
        XCTAssertEqual(titles.count, 45, line: line)
        XCTAssertEqual(titles.filter { $0.hasPrefix("Garosu-gil coffee") }, ["Garosu-gil coffee (closed)"], line: line)
        XCTAssertEqual(titles.filter { $0 == "종묘" }.count, 1, line: line)
        // The second load is a batch of its own: the pins of both count, none is added again.
        XCTAssertEqual(try SamplePins.load(into: store), 0, "all 45 are there", line: line)
        XCTAssertEqual(try store.count(), 45, line: line)
    }
}
