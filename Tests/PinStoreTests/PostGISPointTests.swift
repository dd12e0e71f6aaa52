import XCTest
import PinModel
@testable import PinStorePostgres
import PostgresTesting

/// A pin's point goes into `COPY` as the EWKB PostGIS itself makes of it, written in place
/// (`PostGISPoint.write`) as `ewkb` gives it: the field's length, then the bytes.
final class PostGISPointTests: XCTestCase {
    private static let points: [(latitude: Double, longitude: Double)] = [
        (37.5665, 126.978), (-33.8688, 151.2093), (0, -0.0), (90, -180), (-89.999999, 179.999999),
    ]

    func testTheFieldWrittenInPlaceIsTheEWKB() throws {
        for p in Self.points {
            var sent: [UInt8] = []
            let out = PGCopyBinary { sent += Array($0) }
            PostGISPoint.write(latitude: p.latitude, longitude: p.longitude, to: out)
            try out.flush()
            XCTAssertEqual(Array(sent.dropFirst(PGCopyBinary.header.count)),
                           [0, 0, 0, 25] + PostGISPoint.ewkb(latitude: p.latitude, longitude: p.longitude), "\(p)")
        }
    }

    func testTheEWKBIsPostGISsOwn() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        defer { TestServer.dropDatabase(uri) }
        let db = try PGConnection(uri: uri)
        for p in Self.points {
            let hex = try db.execute("SELECT encode(ST_AsEWKB(ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326), 'NDR'), 'hex')",
                                     ["\(p.longitude)", "\(p.latitude)"]).text(0, 0)
            let ours = PostGISPoint.ewkb(latitude: p.latitude, longitude: p.longitude).map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(ours, hex, "\(p)")
        }
    }
}
