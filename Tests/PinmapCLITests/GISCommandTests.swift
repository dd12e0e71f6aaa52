import Foundation
import XCTest
import PinStore
@testable import PinmapCLI

/// `pinmap import --crs`, GeoPackage and Shapefile files on the command line, and
/// `pinmap export --format gpkg`.
final class GISCommandTests: XCTestCase {
    /// A GIS fixture of the importer's tests (made with GDAL and cs2cs: see its make-fixtures.sh).
    private func gis(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PinImportTests/Fixtures/gis/\(name)").path
    }

    func testCRSOptionTransformsKoreanPublicDataAndTheReportNamesTheSystem() throws {
        let s = CLITestStore(self)
        let r = s.run("import", gis("korea-5186.csv"), "--crs", "EPSG:5186")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            \(gis("korea-5186.csv")): imported 4 pins (batch 1; undo with: pinmap undo-import 1), 0 rows rejected, 0 duplicates skipped
              CSV, encoding UTF-8, delimiter ",", columns: name="시설명", latitude="Y좌표", longitude="X좌표"
              coordinates from EPSG:5186, Korea 2000 / Central Belt 2010, transformed to WGS84 by PROJ
              kept as properties: "번호", "소재지"

            """)
        let hall = try XCTUnwrap(try s.open().pins(matching: PinQuery(search: "서울특별시청")).first)
        XCTAssertEqual(hall.latitude, 37.566535002, accuracy: 1e-7, "cs2cs: 37.566535002")
        XCTAssertEqual(hall.longitude, 126.977969001, accuracy: 1e-7, "cs2cs: 126.977969001")
        let json = try JSON.object(s.run("import", gis("korea-5186.csv"), "--crs", "EPSG:5186", "--dry-run", "--json").stdout)
        XCTAssertEqual(json["crs"] as? String, "EPSG:5186, Korea 2000 / Central Belt 2010")
    }

    func testAnUnknownSystemIsAUsageErrorAndCreatesNothing() throws {
        let s = CLITestStore(self)
        let r = s.run("import", gis("korea-5186.csv"), "--crs", "EPSG:123456")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, """
            pinmap import: --crs: unknown coordinate reference system "EPSG:123456": PROJ knows no such system (not an authority code in its database, nor a WKT or PROJ string it can read) (give an EPSG code such as EPSG:5186, or a WKT definition)
            Try 'pinmap import --help'.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path))
    }

    func testDegreesInLatLonColumnsUnderAProjectedCRSFailAndCreateNothing() throws {
        let s = CLITestStore(self)
        let csv = NSTemporaryDirectory() + "pm-degrees-\(UUID().uuidString).csv"
        try "title,lat,lon\nA,37.56,126.97\n".write(toFile: csv, atomically: true, encoding: .utf8)
        addTeardownBlock { unlink(csv) }
        let r = s.run("import", csv, "--crs", "EPSG:5186")
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stdout, """
            \(csv): imported 0 pins, 1 row rejected, 0 duplicates skipped
              CSV, encoding UTF-8, delimiter ",", columns: name="title", latitude="lat", longitude="lon"
              coordinates from EPSG:5186, Korea 2000 / Central Belt 2010, transformed to WGS84 by PROJ
              line 2: lat 37.56, lon 126.97 are degrees, but --crs EPSG:5186 reads projected x, y: drop --crs for WGS84 degrees, or name the columns x and y (easting, northing) if they are in EPSG:5186
              note: nothing was imported; the store is unchanged

            """)
        XCTAssertEqual(r.stderr, "pinmap import: \(csv): every data row was rejected (1); nothing was imported\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path))
    }

    func testAShapefileOfLinesHasNoPointFeaturesAndFails() {
        let s = CLITestStore(self)
        let r = s.run("import", gis("lines.shp"))
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "pinmap import: \(gis("lines.shp")): no point features: 2 line shapes skipped; nothing was imported\n")
    }

    func testMetresWithoutTheOptionSuggestIt() throws {
        let s = CLITestStore(self)
        let r = s.run("import", gis("deoksugung-5174.csv"))
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init)[2],
                       "  line 2: latitude 451502.669 outside [-90, 90]; these look like projected metres, not degrees: name their coordinate reference system with --crs (e.g. --crs EPSG:5186 (Korea), EPSG:27700 (British National Grid), EPSG:326NN (UTM zone NN north))")
    }

    func testGeoPackageExportNeedsAFileAndRoundTripsThroughImport() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", gis("qgis-5179.gpkg"), gis("bng-27700.zip")).code, 0)
        let stdout = s.run("export", "--format", "gpkg")
        XCTAssertEqual(stdout.code, 2)
        XCTAssertEqual(stdout.stderr, "pinmap export: a GeoPackage is a database file, not text: give the file with -o FILE.gpkg\nTry 'pinmap export --help'.\n")
        let file = s.file("pins.gpkg")
        let r = s.run("export", "-o", file)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stderr, "Exported 7 pins to \(file)\n")

        let again = CLITestStore(self)
        let i = again.run("import", file)
        XCTAssertEqual(i.code, 0, i.stderr)
        XCTAssertEqual(i.stdout.split(separator: "\n").map(String.init)[1],
                       "  GeoPackage, encoding UTF-8, columns: name=\"title\", latitude=\"geom\", longitude=\"geom\", description=\"description\", category=\"category\", created=\"created_at\"")
        func listed(_ t: CLITestStore) throws -> [String] {
            try JSON.array(t.run("list", "--json").stdout).map { p in
                ["title", "description", "category", "latitude", "longitude", "created_at"].map { "\(p[$0] ?? "")" }.joined(separator: "|")
                    + "|" + String(describing: (p["properties"] as? [String: Any]).map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } } ?? [])
            }
        }
        XCTAssertEqual(try listed(again), try listed(s))
        XCTAssertEqual(try listed(again).count, 7)
    }

    func testHelpNamesTheNewFormatsAndTheOption() {
        let help = PinmapCLI.execute(["import", "--help"], terminal: false).stdout
        XCTAssertTrue(help.contains("\n  --crs VALUE        coordinate reference system of a file that names none"), help)
        let export = PinmapCLI.execute(["export", "--help"], terminal: false).stdout
        XCTAssertTrue(export.contains("\n  --format VALUE  csv (default), geojson, gpx, kml or gpkg\n"), export)
    }
}
