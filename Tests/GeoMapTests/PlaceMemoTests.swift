import XCTest
@testable import GeoMap

/// `PlaceMemo`: a kept place is the place a look-up finds, for the exact point only,
/// whatever other points share its slot.
final class PlaceMemoTests: XCTestCase {
    func testKeptPlacesAreThePlacesLookedUp() {
        let g = Gazetteer.shared
        var points: [GeoPoint] = []
        for i in 0..<1_500 {  // more points than slots: evictions and shared slots
            let f = Double(i)
            points.append(GeoPoint(latitude: 37.4 + (f * 0.000_37).truncatingRemainder(dividingBy: 0.4),
                                   longitude: 126.8 + (f * 0.000_53).truncatingRemainder(dividingBy: 0.5)))
        }
        points += [GeoPoint(latitude: 0, longitude: -150), GeoPoint(latitude: 24, longitude: 5),
                   GeoPoint(latitude: 48.8566, longitude: 2.3522), GeoPoint(latitude: 37.5663, longitude: 126.9779)]
        // Fresh answers, from a memo nobody else fills.
        let fresh = Gazetteer(blob: EmbeddedBytes.gazetteer)
        let expected = points.map { fresh.place(of: $0) }
        for round in 0..<3 {
            for (p, want) in zip(points, expected) { XCTAssertEqual(g.place(of: p), want, "round \(round) \(p)") }
            for (p, want) in zip(points.reversed(), expected.reversed()) { XCTAssertEqual(g.place(of: p), want, "\(p)") }
        }
        // A point next to a kept one is not taken for it.
        let memo = PlaceMemo()
        let seoul = GeoPoint(latitude: 37.5663, longitude: 126.9779)
        memo.keep(.openSea, of: seoul)
        XCTAssertEqual(memo.place(of: seoul), .openSea)
        XCTAssertNil(memo.place(of: GeoPoint(latitude: 37.5663, longitude: 126.9779.nextUp)))
        XCTAssertNil(memo.place(of: GeoPoint(latitude: 37.5663.nextDown, longitude: 126.9779)))
    }
}
