import XCTest
@testable import GeoMap

/// `country(containing:)` skips the rings whose bounding box (`Gazetteer.ringBoxes`) does not hold
/// the point; that must never change the answer of the even-odd test over every ring.
final class RingBoxTests: XCTestCase {
    func testSkippingRingsByBoxChangesNoAnswer() {
        let g = Gazetteer.shared
        var seed: UInt64 = 0x5EED
        func next() -> Double {  // xorshift64*, in [0, 1): the same points on every run
            seed ^= seed >> 12; seed ^= seed << 25; seed ^= seed >> 27
            return Double((seed &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
        }
        var inCountries = 0
        for _ in 0..<2_000 {
            let p = GeoPoint(latitude: next() * 150 - 60, longitude: next() * 360 - 180)
            let expected = everyRing(g, x: p.longitude * 100, y: p.latitude * 100)
            XCTAssertEqual(g.country(containing: p), expected, "\(p)")
            if expected != nil { inCountries += 1 }
        }
        XCTAssertGreaterThan(inCountries, 300, "the points cover land as well as sea")
    }

    /// The first country whose rings hold (x, y) an odd number of times, testing every ring.
    private func everyRing(_ g: Gazetteer, x: Double, y: Double) -> Int? {
        g.countries.indices.first { ci in
            g.countries[ci].rings.reduce(false) { inside, ring in
                var hit = false
                let r = g.ringRanges[ring]
                var j = r.upperBound - 1
                for i in r {
                    let yi = Double(g.ringLats[i]), yj = Double(g.ringLats[j])
                    if (yi > y) != (yj > y) {
                        let xi = Double(g.ringLons[i]), xj = Double(g.ringLons[j])
                        if x < xi + (y - yi) * (xj - xi) / (yj - yi) { hit.toggle() }
                    }
                    j = i
                }
                return inside != hit
            }
        }
    }
}
