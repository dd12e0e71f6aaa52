import XCTest
import PinModel
@testable import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// Coordinates come back from the server to the last bit whatever its `extra_float_digits`
/// (0 rounds a float8's text to 15 digits): each session sets its own, so a pin, the map's
/// cells and the fit are where the file store has them.
final class PostgresFloatTextTests: XCTestCase {
    private var databases: [String] = []

    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    func testCoordinatesRoundTripExactlyOnADatabaseSetToFifteenDigits() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        try PostgresDatabases.execute("ALTER DATABASE \(PGLocation(uri: uri).database) SET extra_float_digits = 0", uri: uri)
        let store = try PostgresStore(uri: uri)
        let (lat, lon) = (37.123456789012345, 126.98765432109876)
        let id = try store.insert(NewPin(title: "seventeen digits", latitude: lat, longitude: lon))
        let pin = try XCTUnwrap(try store.pin(id: id))
        XCTAssertEqual([pin.latitude, pin.longitude], [lat, lon])
        XCTAssertEqual(try store.boundingBox(matching: PinQuery()), LatLonBox(south: lat, west: lon, north: lat, east: lon))
        var reps: [[Double]] = []
        _ = try store.visitMapCells(cellWidth: 1, boxes: [.world], categories: nil, refineBudget: 0) { c, _ in
            reps.append([c.repLatitude, c.repLongitude])
            return true
        }
        XCTAssertEqual(reps, [[lat, lon]])
    }
}
