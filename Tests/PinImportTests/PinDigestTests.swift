import XCTest
import PinModel
import PinStore
@testable import PinImport

final class PinDigestTests: XCTestCase {
    private func encodedDigest(_ title: String, _ description: String, _ category: String, _ created: String,
                               _ lat: Double, _ lon: Double, _ properties: String) -> UInt64 {
        var text: [UInt8] = Array("bytes of earlier rows".utf8)
        let row = EncodedPinRow.append(title: title, description: description, category: category, createdAt: created,
                                       properties: properties, latitude: lat, longitude: lon, to: &text)
        return text.withUnsafeBufferPointer { PinDigest.of(row, in: $0) }
    }

    /// The importer digests a file's pins from the texts the reading thread encoded: the same
    /// digest as from the pin's strings, `""` properties counting as `{}`.
    func testTheDigestOfEncodedTextsIsTheDigestOfTheStrings() {
        let pins: [(String, String, String, String, Double, Double, String)] = [
            ("Cafe", "", "cafe", "2020-01-02T03:04:05Z", 37.5, 127, "{}"),
            ("서울역", "기차 🚆", "", "", -0.0, 0, "{\"k\":\"v\"}"),
            ("a long name past eight bytes", "d", "c", "x", -90, 180, "{\"n\":1}"),
        ]
        for p in pins {
            XCTAssertEqual(encodedDigest(p.0, p.1, p.2, p.3, p.4, p.5, p.6),
                           PinDigest.of(title: p.0, description: p.1, category: p.2, createdAt: p.3,
                                        latitude: p.4, longitude: p.5, properties: p.6), p.0)
        }
        XCTAssertEqual(encodedDigest("a", "", "", "", 1, 2, ""), encodedDigest("a", "", "", "", 1, 2, "{}"))
        XCTAssertEqual(encodedDigest("a", "", "", "", 0, 2, "{}"), encodedDigest("a", "", "", "", -0.0, 2, "{}"))
        XCTAssertNotEqual(encodedDigest("ab", "c", "", "", 1, 2, "{}"), encodedDigest("a", "bc", "", "", 1, 2, "{}"),
                          "fields do not run into each other")
        XCTAssertNotEqual(encodedDigest("a", "", "", "2020", 1, 2, "{}"), encodedDigest("a", "", "", "", 1, 2, "{}"))
    }
}
