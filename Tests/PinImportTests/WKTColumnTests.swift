import XCTest
import PinModel
import PinStore
@testable import PinImport

/// A WKT column is found as QGIS finds it: by any header holding `wkt` or `geom`,
/// by its content (the first data row holds a POINT), or named with `--wkt COL`.
final class WKTColumnTests: XCTestCase {
    private func scan(_ text: String, _ overrides: ColumnOverrides = ColumnOverrides()) throws -> (PinFileScanner, [ScanEvent]) {
        let path = try temporaryFile(Array(text.utf8))
        var scanner = try PinFileScanner.open(path: path, overrides: overrides)
        var events: [ScanEvent] = []
        while let e = try scanner.next() { events.append(e) }
        return (scanner, events)
    }

    private func points(_ events: [ScanEvent]) -> [[Double]] {
        events.compactMap { if case let .pin(p) = $0 { return [p.latitude, p.longitude] }; return nil }
    }

    func testAHeaderHoldingWktOrGeomIsTheGeometry() throws {
        for header in ["geom_wkt", "WKT_Point", "my_geometry", "the_geom_4326"] {
            let (scanner, events) = try scan("id,name,\(header)\n1,Alpha,POINT (126.97 37.56)\n2,Beta,POINT(127 37.5)\n")
            XCTAssertEqual(scanner.columnsUsed.byName, ["name": "name", "geometry": header], header)
            XCTAssertEqual(points(events), [[37.56, 126.97], [37.5, 127]], header)
        }
    }

    func testAColumnOfPointsIsFoundByItsContentAndItsFirstRowIsKept() throws {
        let (scanner, events) = try scan("name,shape,note\n\nAlpha,SRID=4326;POINT (126.97 37.56),a\nBeta,POINT Z (127 37.5 10),b\n")
        XCTAssertEqual(scanner.columnsUsed.byName, ["name": "name", "geometry": "shape", "description": "note"])
        XCTAssertEqual(points(events), [[37.56, 126.97], [37.5, 127]])
        XCTAssertEqual(scanner.dataRows, 2)
    }

    /// A POINT's Z value is the pin's altitude, kept as `properties.ele` as written (as a
    /// GeoJSON, KML or GeoPackage altitude is); it was dropped. An M value is no place.
    func testAPointsZValueIsKeptAsEle() throws {
        let (_, events) = try scan("""
            name,wkt,ele
            Z,POINT Z (127 37.5 10.50),
            Bare,POINT (127 37.5 -3),
            ZM,POINT ZM (127 37.5 7 99),
            M,POINT M (127 37.5 99),
            Flat,POINT (127 37.5),
            Both,POINT Z (127 37.5 12),300

            """)
        let properties = events.compactMap { if case let .pin(p) = $0 { return "\(p.title) \(p.properties)" }; return nil }
        XCTAssertEqual(properties, [
            #"Z {"ele":"10.50"}"#, #"Bare {"ele":"-3"}"#, #"ZM {"ele":"7"}"#, "M {}", "Flat {}",
            #"Both {"ele":"300","ele (2)":"12"}"#])
    }

    /// A `Coordinates` column of "LAT, LON" gives each row its pin; a value that is not two
    /// coordinates is a rejected row naming it.
    func testACoordinatesColumnIsReadLatitudeFirst() throws {
        let (scanner, events) = try scan("name,Coordinates,note\nA,\"37.5665, 126.978\",x\nB,37.5 126.9,\nC,nowhere,\nD,\"95, 10\",\nE,POINT (127 37),\n")
        XCTAssertEqual(scanner.columnsUsed.byName, ["name": "name", "latitude": "Coordinates", "longitude": "Coordinates", "description": "note"])
        XCTAssertEqual(points(events), [[37.5665, 126.978], [37.5, 126.9], [37, 127]], "a WKT POINT there is read as WKT")
        let rejected = events.compactMap { if case let .rejected(issues, _) = $0 { return issues }; return nil }.flatMap { $0 }
        XCTAssertEqual(rejected.map { "\($0.line) \($0.field) \($0.reason)" }, [
            #"4 Coordinates 'nowhere' is not "latitude, longitude""#,
            "5 Coordinates latitude 95 outside [-90, 90]; the latitude and longitude look swapped"])
    }

    /// A position as Wikipedia, Google Earth and GPS units write it, hemisphere letters and a
    /// space between latitude and longitude (`37°33′58″N 126°58′41″E`, `N37 33.966 E126 58.683`),
    /// is split there; every such row was rejected ("is not \"latitude, longitude\""). The
    /// longitude first, or letters on the wrong axes, are still rejected.
    func testACoordinatesColumnSplitsAtTheHemisphereLetters() throws {
        let (_, events) = try scan("""
            name,Coordinates
            wiki,37°33′58″N 126°58′41″E
            decimal,37.5665°N 126.978°E
            gps,N37 33.966 E126 58.683
            spaced,37 33 58 N 126 58 41 E
            south,33°51′S 151°12′W
            lonFirst,126°58′41″E 37°33′58″N
            axes,37°33′58″E 126°58′41″N

            """)
        XCTAssertEqual(events.compactMap { if case let .pin(p) = $0 { return "\(p.title) \(p.latitude) \(p.longitude)" }; return nil }, [
            "wiki 37.56611111111111 126.97805555555556", "decimal 37.5665 126.978", "gps 37.5661 126.97805",
            "spaced 37.56611111111111 126.97805555555556", "south -33.85 -151.2"])
        let rejected = events.compactMap { if case let .rejected(issues, _) = $0 { return issues }; return nil }.flatMap { $0 }
        XCTAssertEqual(rejected.map { "\($0.line) \($0.rule)" }, ["7 notANumber", "8 notANumber"])
        XCTAssertEqual(rejected[0].reason, #"'126°58′41″E 37°33′58″N' is not "latitude, longitude""#)
    }

    func testWktOptionNamesTheColumnAndWinsOverLatLon() throws {
        let text = "name,lat,lon,a,b\nAlpha,1,2,POINT (3 4),POINT (5 6)\n"
        XCTAssertEqual(points(try scan(text, ColumnOverrides(wkt: "b")).1), [[6, 5]])
        XCTAssertEqual(points(try scan(text, ColumnOverrides(wkt: "4")).1), [[4, 3]])
        XCTAssertEqual(points(try scan(text).1), [[1, 2]])
        XCTAssertThrowsError(try scan(text, ColumnOverrides(wkt: "shape"))) { error in
            guard case let .columns(_, inner) = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(inner, .unknownColumn(option: .geometry, name: "shape", headersFound: ["name", "lat", "lon", "a", "b"]))
        }
    }

    func testOtherWktIsNamedInTheNoCoordinatesError() throws {
        XCTAssertThrowsError(try scan("name,shape\nRoad,\"LINESTRING (1 2, 3 4)\"\n")) { error in
            guard case let .columns(_, inner) = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(inner, .wktNotPoint(column: "shape", geometry: "LINESTRING", headersFound: ["name", "shape"]))
            XCTAssertEqual(inner.description, "no coordinate columns: column \"shape\" holds WKT LINESTRING, not POINT. Headers found: \"name\", \"shape\". Pins need points: name a column of POINTs with --wkt COL, or latitude and longitude columns with --lat COL --lon COL.")
        }
        XCTAssertThrowsError(try scan("name,address\nHome,1 Main St\n")) { error in
            guard case let .columns(_, inner) = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(inner, .noCoordinateColumns(headersFound: ["name", "address"]))
        }
    }
}
