import XCTest
import Foundation
@testable import PinStore

final class ExportFormatTests: XCTestCase {
    private let leeum = Pin(id: 20, title: "Leeum Museum of Art", description: #"Booked online. The "Maman" spider, by the entrance"#,
                            category: "museum", latitude: 37.5383, longitude: 126.999,
                            createdAt: "2024-03-09T14:00:00+09:00", updatedAt: "2026-11-30T11:16:33Z")

    func testCSVQuotesOnlyWhatRFC4180Needs() {
        XCTAssertEqual(CSVText.field("plain 전쟁기념관"), "plain 전쟁기념관")
        XCTAssertEqual(CSVText.field("a,b"), #""a,b""#)
        XCTAssertEqual(CSVText.field(#"say "hi""#), #""say ""hi""""#)
        XCTAssertEqual(CSVText.field("two\nlines"), "\"two\nlines\"")
        XCTAssertEqual(CSVText.field("cr\r"), "\"cr\r\"")
        XCTAssertEqual(CSVText.field(" padded "), "\" padded \"")
        XCTAssertEqual(CSVText.field(""), "")
        XCTAssertEqual(PinExport.csvRecord(leeum),
                       #"Leeum Museum of Art,"Booked online. The ""Maman"" spider, by the entrance",museum,37.5383,126.999,2024-03-09T14:00:00+09:00"# + "\r\n")
        XCTAssertEqual(PinExport.csvHeader, "title,description,category,latitude,longitude,created_at\r\n")
    }

    func testNumbersAreShortestRoundTripDecimals() {
        XCTAssertEqual(PinExport.number(37.5365), "37.5365")
        XCTAssertEqual(PinExport.number(-90), "-90.0")
        XCTAssertEqual(PinExport.number(1e-7), "1e-07")
        XCTAssertEqual(PinExport.number(0.1 + 0.2), "0.30000000000000004")
        for v in [37.5365, -179.99999999999997, 1e-7, 0.1 + 0.2, -0.0, 126.97700000000001] {
            XCTAssertEqual(Double(PinExport.number(v))?.bitPattern, v.bitPattern, "\(v)")
        }
    }

    func testJSONStringsEscapeQuotesBackslashesAndControls() {
        XCTAssertEqual(JSONText.string("전쟁기념관 😱"), "\"전쟁기념관 😱\"")
        XCTAssertEqual(JSONText.string("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(JSONText.string("plain ASCII ~"), #""plain ASCII ~""#)
        XCTAssertEqual(JSONText.string(""), #""""#)
        var out = "["
        JSONText.append("a", to: &out)
        JSONText.append("b\u{7F}", to: &out)
        XCTAssertEqual(out, #"["a""b\u007f""#)
        XCTAssertEqual(JSONText.string("\u{1B}[31mred\n\t\u{7F}\u{85}"), #""\u001b[31mred\n\t\u007f\u0085""#)
        let back = try? JSONSerialization.jsonObject(with: Data(JSONText.string("\u{1B}x\u{2028}\"").utf8), options: .fragmentsAllowed)
        XCTAssertEqual(back as? String, "\u{1B}x\u{2028}\"")
    }

    func testGeoJSONFeatureIsAPointWithLongitudeFirst() throws {
        let text = PinExport.geoJSONHeader + PinExport.geoJSONFeature(leeum) + PinExport.geoJSONSeparator
            + PinExport.geoJSONFeature(Pin(id: 2, title: "South Pole", latitude: -90, longitude: 0, createdAt: "c", updatedAt: "u"))
            + PinExport.geoJSONFooter
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(root["type"] as? String, "FeatureCollection")
        let features = try XCTUnwrap(root["features"] as? [[String: Any]])
        XCTAssertEqual(features.count, 2)
        let f = features[0]
        XCTAssertEqual(f["type"] as? String, "Feature")
        XCTAssertEqual((f["id"] as? NSNumber)?.int64Value, 20)
        let geometry = try XCTUnwrap(f["geometry"] as? [String: Any])
        XCTAssertEqual(geometry["type"] as? String, "Point")
        XCTAssertEqual(geometry["coordinates"] as? [Double], [126.999, 37.5383])
        let props = try XCTUnwrap(f["properties"] as? [String: Any])
        XCTAssertEqual(props["title"] as? String, "Leeum Museum of Art")
        XCTAssertEqual(props["description"] as? String, leeum.description)
        XCTAssertEqual(props["category"] as? String, "museum")
        XCTAssertEqual(props["created_at"] as? String, "2024-03-09T14:00:00+09:00")
        // Pinmap's id and updated_at are not Feature properties (a re-import would keep them as such).
        XCTAssertEqual(Set(props.keys), ["title", "description", "category", "created_at"])
        XCTAssertEqual((features[1]["geometry"] as? [String: Any])?["coordinates"] as? [Double], [0, -90])
    }

    func testCursorReadsEveryPinInIdOrder() throws {
        for store in try TestStores.both(self) {
            for i in 0..<5 { try store.insert(NewPin(title: "p\(i)", latitude: Double(i), longitude: 0, createdAt: "2020-0\(5 - i)-01")) }
            let cursor = try store.pinCursor()
            var titles: [String] = []
            while let p = try cursor.next() { titles.append(p.title) }
            XCTAssertEqual(titles, ["p0", "p1", "p2", "p3", "p4"])
        }
    }
}
