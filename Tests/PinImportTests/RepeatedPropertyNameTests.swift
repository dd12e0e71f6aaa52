import Foundation
import XCTest
@testable import PinImport
import PinModel

/// A name that two fields share (a CSV header `dup,dup`, two `<Data name="x">`, a JSON
/// object's repeated key, a 3D point's `ele` beside an `ele` field) loses no value: the
/// repeat is kept under `name (n)` (`PropertyKey`), and the report lists the same keys.
final class RepeatedPropertyNameTests: XCTestCase {
    private func write(_ text: String, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "repeated-\(UUID().uuidString)-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { unlink(path) }
        return path
    }

    private func scan(_ path: String) throws -> (PinFileScanner, [ParsedPin]) {
        var scanner = try PinFileScanner.open(path: path)
        var pins: [ParsedPin] = []
        while let e = try scanner.next() {
            if case .pin(let p) = e { pins.append(p) } else { XCTFail("rejected: \(e)") }
        }
        return (scanner, pins)
    }

    func testUniqueRenamesRepeatsAroundNamesWrittenLiterally() {
        XCTAssertEqual(PropertyKey.unique(["a", "b"]), ["a", "b"])
        XCTAssertEqual(PropertyKey.unique(["dup", "dup", "dup"]), ["dup", "dup (2)", "dup (3)"])
        // `dup (2)` is a header of its own: the repeats skip it, wherever it stands.
        XCTAssertEqual(PropertyKey.unique(["dup", "dup", "dup (2)", "dup", "x"]), ["dup", "dup (3)", "dup (2)", "dup (4)", "x"])
        XCTAssertEqual(PropertyKey.unique(["a (2)", "a (2)", "a", "a"]), ["a (2)", "a (2) (2)", "a", "a (3)"])
        // Keys are case-sensitive, as JSON's are.
        XCTAssertEqual(PropertyKey.unique(["Dup", "dup"]), ["Dup", "dup"])
    }

    /// Each column keeps its key on every row, also where an earlier column of its name is
    /// empty; a blank header's `column 8` and a header written `column 8` stay apart.
    func testCSVRepeatedHeadersKeepEveryColumnUnderItsOwnKey() throws {
        let path = try write("""
            title,lat,lon,dup,dup,dup (2), dup ,,column 8
            A,37.5,127,d1,d2,lit,d4,blank,c8
            B,37.6,127,,d2b,,,,

            """, "dup.csv")
        let (scanner, pins) = try scan(path)
        XCTAssertEqual(scanner.propertyNames, ["dup", "dup (3)", "dup (2)", "dup (4)", "column 8", "column 8 (2)"])
        XCTAssertEqual(pins.map(\.properties), [
            #"{"dup":"d1","dup (3)":"d2","dup (2)":"lit","dup (4)":"d4","column 8":"blank","column 8 (2)":"c8"}"#,
            #"{"dup (3)":"d2b"}"#,
        ])
    }

    func testGPXRepeatedLeavesAndAnExtensionNamedLikeAField() throws {
        let path = try write("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="37.5" lon="127"><ele>5</ele><name>A</name>
            <extensions><tag>a</tag><tag>b</tag><ele>9</ele></extensions></wpt>
            </gpx>
            """, "dup.gpx")
        let (_, pins) = try scan(path)
        XCTAssertEqual(pins.map(\.properties), [#"{"ele":"5","tag":"a","tag (2)":"b","ele (2)":"9"}"#])
    }

    func testKMLRepeatedDataAndAnAltitudeBesideAnEleField() throws {
        let path = try write("""
            <?xml version="1.0"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>A</name>
            <ExtendedData><Data name="x"><value>1</value></Data><Data name="x"><value>2</value></Data>
            <Data name="ele"><value>e</value></Data></ExtendedData>
            <Point><coordinates>127,37.5,12</coordinates></Point></Placemark></Document></kml>
            """, "dup.kml")
        let (_, pins) = try scan(path)
        XCTAssertEqual(pins.map(\.properties), [#"{"x":"1","ele":"e","x (2)":"2","ele (2)":"12"}"#])
    }

    func testGeoJSONRepeatedKeyAndAThirdCoordinateBesideAnEleProperty() throws {
        let path = try write("""
            {"type":"FeatureCollection","features":[{"type":"Feature",
            "geometry":{"type":"Point","coordinates":[127,37.5,50]},
            "properties":{"name":"A","k":1,"k":"two","ele":3}}]}
            """, "dup.geojson")
        let (_, pins) = try scan(path)
        XCTAssertEqual(pins.map(\.properties), [#"{"k":1,"ele":3,"k (2)":"two","ele (2)":50}"#])
    }

    /// Header names in the text report are escaped as the file name is (a tab, a backslash, a
    /// line feed), so the list stays on its line and can be read back.
    func testTheReportEscapesHeaderNames() {
        var r = ImportReport(file: "p.csv")
        r.imported = 1
        r.delimiter = ","
        r.columns = [.title: "이름\n", .latitude: "lat", .longitude: "lon"]
        r.properties = ["탭\t키", "a\\b", "dup", "dup (2)"]
        XCTAssertEqual(ImportReportFormatter.summary(r), #"""
            p.csv: imported 1 pin, 0 rows rejected, 0 duplicates skipped
              CSV, delimiter ",", columns: name="이름\n", latitude="lat", longitude="lon"
              kept as properties: "탭\t키", "a\\b", "dup", "dup (2)"
            """#)
    }
}
