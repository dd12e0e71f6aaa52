import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinStore

/// Projected coordinates, GeoPackage and Shapefile imports against the reference: the
/// fixtures in Fixtures/gis were made with GDAL's ogr2ogr and PROJ's cs2cs
/// (make-fixtures.sh), and cs2cs-reference.tsv holds cs2cs's WGS84 position of every point.
final class GISImportTests: XCTestCase {
    struct Scan {
        var format: PinFileScanner.Format
        var encoding: String
        var system: String?
        var columns: [String: String]
        var pins: [ParsedPin]
        var rejected: [[RowIssue]]
        var notes: [String]
    }

    func gis(_ name: String) -> String { Fixture.path("gis/\(name)") }

    func read(_ path: String, crs: String? = nil) throws -> Scan {
        var scanner = try PinFileScanner.open(path: path, crs: crs)
        var s = Scan(format: scanner.format, encoding: scanner.encodingLabel, system: scanner.coordinateSystem,
                     columns: scanner.columnsUsed.byName, pins: [], rejected: [], notes: [])
        while let event = try scanner.next() {
            switch event {
            case .pin(let p): s.pins.append(p)
            case .rejected(let issues, _): s.rejected.append(issues)
            }
        }
        s.notes = scanner.notes.map(\.description)
        return s
    }

    /// cs2cs's WGS84 (longitude, latitude) of each point of `file`, by title.
    func reference(_ file: String) throws -> [String: (longitude: Double, latitude: Double)] {
        let text = try String(contentsOfFile: gis("cs2cs-reference.tsv"), encoding: .utf8)
        var out: [String: (Double, Double)] = [:]
        for line in text.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count == 4, f[0] == file, let lon = Double(f[2]), let lat = Double(f[3]) { out[f[1]] = (lon, lat) }
        }
        return out
    }

    /// Every pin within 1 m of cs2cs (metres on the sphere; 1 m is about 9e-6° of latitude),
    /// and every reference point imported.
    func assertMatchesReference(_ s: Scan, _ file: String, line: UInt = #line) throws {
        let expected = try reference(file)
        XCTAssertEqual(Set(s.pins.map(\.title)), Set(expected.keys), "the titles", line: line)
        for pin in s.pins {
            guard let e = expected[pin.title] else { continue }
            let dLat = (pin.latitude - e.latitude) * 111_195
            let dLon = (pin.longitude - e.longitude) * 111_195 * cos(e.latitude * .pi / 180)
            XCTAssertLessThan((dLat * dLat + dLon * dLon).squareRoot(), 1.0, "\(pin.title): \(pin.longitude), \(pin.latitude) vs cs2cs \(e)", line: line)
        }
    }

    // MARK: CSV with --crs

    func testKoreanPublicDataCSVInCentralBelt2010WithCRSOption() throws {
        let s = try read(gis("korea-5186.csv"), crs: "EPSG:5186")
        XCTAssertEqual(s.system, "EPSG:5186, Korea 2000 / Central Belt 2010")
        XCTAssertEqual(s.columns, ["name": "시설명", "latitude": "Y좌표", "longitude": "X좌표"])
        XCTAssertEqual(s.rejected, [])
        try assertMatchesReference(s, "korea-5186.csv")
        XCTAssertEqual(s.pins.first?.properties, #"{"번호":"1","소재지":"대한민국"}"#)
    }

    func testMetresWithoutCRSAreRejectedWithTheOptionSuggested() throws {
        let s = try read(gis("korea-5186.csv"))
        XCTAssertEqual(s.pins, [])
        XCTAssertEqual(s.rejected.first, [
            RowIssue(line: 2, field: .column("Y좌표"), value: "551888.916",
                     reason: "latitude 551888.916 outside [-90, 90]; these look like projected metres, not degrees: name their coordinate reference system with --crs (e.g. --crs EPSG:5186 (Korea), EPSG:27700 (British National Grid), EPSG:326NN (UTM zone NN north))",
                     outOfRange: OutOfRange(.outside(.latitude), projectedMetres: true)),
            RowIssue(line: 2, field: .column("X좌표"), value: "198053.629", reason: "longitude 198053.629 outside [-180, 180]",
                     outOfRange: OutOfRange(.outside(.longitude))),
        ])
    }

    func testDegreesInLatLonColumnsUnderAProjectedCRSAreRejected() throws {
        let path = try temporaryFile(Array("title,lat,lon\nCity Hall,37.5665,126.978\n".utf8))
        let s = try read(path, crs: "EPSG:5186")
        XCTAssertEqual(s.pins, [])
        XCTAssertEqual(s.rejected, [[RowIssue(line: 2, field: .column("lat"), value: "37.5665",
            reason: "lat 37.5665, lon 126.978 are degrees, but --crs EPSG:5186 reads projected x, y: drop --crs for WGS84 degrees, or name the columns x and y (easting, northing) if they are in EPSG:5186",
            outOfRange: OutOfRange(.degreesUnderProjectedSystem("EPSG:5186")))]])
        // The same numbers in x/y columns are taken as the system's metres (near its false origin).
        let xy = try temporaryFile(Array("title,x,y\nOrigin,126.978,37.5665\n".utf8))
        XCTAssertEqual(try read(xy, crs: "EPSG:5186").pins.count, 1)
        // A geographic --crs expects degrees in lat/lon columns.
        XCTAssertEqual(try read(path, crs: "EPSG:4167").pins.count, 1)
    }

    func testModifiedCentralBelt5174Point() throws {
        let s = try read(gis("deoksugung-5174.csv"), crs: "EPSG:5174")
        XCTAssertEqual(s.system, "EPSG:5174, Korean 1985 / Modified Central Belt")
        try assertMatchesReference(s, "deoksugung-5174.csv")
    }

    func testDegreesWithWGS84CRSPassUnchanged() throws {
        let path = try temporaryFile(Array("name,lat,lon\nA,37.1234567890123,126.987654321\n".utf8))
        let s = try read(path, crs: "EPSG:4326")
        XCTAssertNil(s.system, "WGS84 needs no transformation")
        XCTAssertEqual(s.pins.map { [$0.latitude, $0.longitude] }, [[37.1234567890123, 126.987654321]])
    }

    func testWKTColumnWithCRS() throws {
        let path = try temporaryFile(Array("name,WKT\nCity Hall,POINT (198053.629 551888.916)\n".utf8))
        let s = try read(path, crs: "EPSG:5186")
        let e = try XCTUnwrap(try reference("korea-5186.csv")["서울특별시청"])
        XCTAssertEqual(s.pins.first?.longitude ?? 0, e.longitude, accuracy: 1e-7)
        XCTAssertEqual(s.pins.first?.latitude ?? 0, e.latitude, accuracy: 1e-7)
    }

    /// A PROJ string as spatialreference.org gives EPSG:5186's (no `+type=crs`): PROJ alone
    /// reads it as an operation; it was refused as "an operation, not a coordinate reference system".
    func testPROJStringWithoutTypeCRSIsASystem() throws {
        let tmerc = "+proj=tmerc +lat_0=38 +lon_0=127 +k=1 +x_0=200000 +y_0=600000 +ellps=GRS80 +units=m +no_defs"
        let s = try read(gis("korea-5186.csv"), crs: tmerc)
        XCTAssertEqual(s.rejected, [])
        try assertMatchesReference(s, "korea-5186.csv")
        let path = try temporaryFile(Array("name,lat,lon\nA,37.5,127.25\n".utf8))
        let wgs = try read(path, crs: "+proj=longlat +datum=WGS84 +no_defs")
        XCTAssertNil(wgs.system, "WGS84 needs no transformation")
        XCTAssertEqual(wgs.pins.map { [$0.latitude, $0.longitude] }, [[37.5, 127.25]])
        XCTAssertEqual(CoordinateSystem.asCRS("+proj=utm +zone=52 +type=crs"), "+proj=utm +zone=52 +type=crs")
        XCTAssertEqual(CoordinateSystem.asCRS("EPSG:5186"), "EPSG:5186")
    }

    func testUnknownSystemIsAFileErrorNamingIt() {
        XCTAssertThrowsError(try read(gis("korea-5186.csv"), crs: "EPSG:99999")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(gis("korea-5186.csv")): --crs: unknown coordinate reference system \"EPSG:99999\": PROJ knows no such system (not an authority code in its database, nor a WKT or PROJ string it can read); nothing was imported")
        }
        XCTAssertThrowsError(try CoordinateSystem("Seoul")) { error in
            XCTAssertEqual((error as? CoordinateSystem.Failure)?.description,
                           "unknown coordinate reference system \"Seoul\": not an AUTHORITY:CODE (EPSG:5186), a URN, a WKT or a PROJ string",
                           "a bare word is not looked up by name (PROJ would find a loose match)")
        }
    }

    func testOptionIsNotUsedWhereTheFormatIsWGS84OrTheFileNamesItsSystem() throws {
        let gpx = try temporaryFile(Array(#"<gpx version="1.1"><wpt lat="1" lon="2"><name>A</name></wpt></gpx>"#.utf8), suffix: ".gpx")
        XCTAssertEqual(try read(gpx, crs: "EPSG:5186").notes,
                       ["--crs EPSG:5186 not used: GPX coordinates are WGS84 longitude, latitude by definition"])
        let shp = try read(gis("bng-27700.shp"), crs: "EPSG:5186")
        XCTAssertEqual(shp.notes, ["--crs EPSG:5186 not used: the file names its own coordinate reference system"])
        XCTAssertEqual(shp.system, "EPSG:27700, OSGB36 / British National Grid")
    }

    // MARK: GeoJSON crs

    func testGeoJSONCRSMemberInUTM52NIsHonouredWithoutTheOption() throws {
        let s = try read(gis("utm-32652.geojson"))
        XCTAssertEqual(s.system, "EPSG:32652, WGS 84 / UTM zone 52N")
        try assertMatchesReference(s, "utm-32652.geojson")
    }

    func testGeoJSONWithoutCRSIsWGS84WhateverTheOptionSays() throws {
        let path = try temporaryFile(Array(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Big Ben"},"geometry":{"type":"Point","coordinates":[-0.1246,51.5007]}}]}"#.utf8), suffix: ".geojson")
        let s = try read(path, crs: "EPSG:27700")
        XCTAssertNil(s.system)
        XCTAssertEqual(s.pins.map { [$0.longitude, $0.latitude] }, [[-0.1246, 51.5007]])
        XCTAssertEqual(s.notes, [#"--crs EPSG:27700 not used: GeoJSON positions are WGS84 longitude, latitude (RFC 7946); only a "crs" member in the file names another system"#])
    }

    func testGeoJSONMetresWithoutCRSPointToTheCRSMemberNotTheOption() throws {
        let text = try String(contentsOfFile: gis("utm-32652.geojson"), encoding: .utf8)
            .replacingOccurrences(of: #""crs": { "type": "name", "properties": { "name": "urn:ogc:def:crs:EPSG::32652" } },"#, with: "")
        XCTAssertFalse(text.contains("crs"))
        let path = try temporaryFile(Array(text.utf8), suffix: ".geojson")
        let s = try read(path)
        XCTAssertEqual(s.pins, [])
        XCTAssertTrue(s.rejected.allSatisfy { $0[0].reason.hasSuffix(#"; these look like projected metres, not degrees: GeoJSON positions are WGS84 longitude, latitude (RFC 7946); name another system in the file's "crs" member ({"type": "name", "properties": {"name": "EPSG:5186"}})"#) }, "\(s.rejected)")
    }

    func testGeoJSONCRSThatPROJCannotResolveRefusesTheFile() throws {
        let path = try temporaryFile(Array(#"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"EPSG:999999"}},"features":[]}"#.utf8), suffix: ".geojson")
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(path): \"crs\": unknown coordinate reference system \"EPSG:999999\": PROJ knows no such system (not an authority code in its database, nor a WKT or PROJ string it can read); nothing was imported (fix the \"crs\" member, or remove it when the positions are WGS84 longitude, latitude)")
            XCTAssertEqual((error as? ImportError)?.code, .coordinateSystem)
        }
    }

    /// A system a file names that PROJ cannot use says what to do about it, as `--crs` does;
    /// it ended at "nothing was imported".
    func testABadPRJOrSpatialRefRowSaysWhatToDo() throws {
        let dir = try folder([("bng-27700.shp", "b.shp"), ("bng-27700.shx", "b.shx"), ("bng-27700.dbf", "b.dbf")])
        try "GARBAGE[".write(toFile: dir + "/b.prj", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try read(dir + "/b.shp")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(dir)/b.shp: .prj: unknown coordinate reference system \"GARBAGE[\": Invalid PROJ string syntax; nothing was imported (fix the .prj, or move it aside and name the system with --crs)")
        }
        let path = try makeTempFolder().path + "/bad.gpkg"
        try FileManager.default.copyItem(atPath: gis("qgis-5179.gpkg"), toPath: path)
        try Database(path: path, create: false).execute("""
            INSERT INTO gpkg_spatial_ref_sys VALUES ('mine', 900001, 'EPSG', 999999, 'undefined', '');
            UPDATE gpkg_geometry_columns SET srs_id = 900001 WHERE table_name = 'france'
            """)
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(path): table france, srs_id 900001: unknown coordinate reference system \"undefined\": not an AUTHORITY:CODE (EPSG:5186), a URN, a WKT or a PROJ string; nothing was imported (fix the table's row in gpkg_spatial_ref_sys, or assign the layer a known system (ogr2ogr -a_srs EPSG:…))")
        }
    }

    // MARK: Shapefile

    func testBritishNationalGridShapefileWithPRJ() throws {
        let s = try read(gis("bng-27700.shp"))
        XCTAssertEqual(s.format, .shapefile)
        XCTAssertEqual(s.system, "EPSG:27700, OSGB36 / British National Grid")
        XCTAssertEqual(s.encoding, "UTF-8 (dbf language driver 87, the writer's ANSI code page: detected from the text)", "ASCII text")
        XCTAssertEqual(s.columns, ["name": "name", "category": "kind", "latitude": "shape", "longitude": "shape"])
        try assertMatchesReference(s, "bng-27700.shp")
        XCTAssertEqual(s.pins.map(\.category), ["clock tower", "castle", "monument"])
        XCTAssertEqual(s.notes, [])
    }

    func testZippedShapefileReadsTheSameAndLeavesNoTemporaryFiles() throws {
        func extracted() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix(FormatReaders.temporaryFolderPrefix) }
        }
        let before = try extracted()
        let zipped = try read(gis("bng-27700.zip"))
        let plain = try read(gis("bng-27700.shp"))
        XCTAssertEqual(zipped.format, .shapefile)
        XCTAssertEqual(zipped.pins.map(\.title), plain.pins.map(\.title))
        XCTAssertEqual(zipped.pins.map(\.latitude), plain.pins.map(\.latitude))
        XCTAssertEqual(zipped.system, plain.system)
        XCTAssertEqual(try extracted(), before, "the extracted files are removed with the reader")
    }

    /// A zip of two Shapefiles reads the first and names the other; the other's pins were
    /// left out without a word.
    func testAZipOfTwoShapefilesReadsBoth() throws {
        let extracted = { try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix(FormatReaders.temporaryFolderPrefix) }.count }
        let before = try extracted()
        let s = try read(gis("two-shapefiles.zip"))
        XCTAssertEqual(try extracted(), before, "the extracted layers are removed")
        let first = try read(gis("bng-27700.shp")), second = try read(gis("multipoint.shp"))
        XCTAssertEqual(s.pins.map(\.title), first.pins.map(\.title) + second.pins.map(\.title))
        XCTAssertEqual(s.pins.map(\.category), first.pins.map(\.category) + second.pins.map(\.category))
        XCTAssertEqual(s.pins.map(\.latitude), first.pins.map(\.latitude) + second.pins.map(\.latitude))
        XCTAssertEqual(s.notes, ["read the zip's 2 Shapefiles, one after the other: bng-27700.shp, multipoint.shp (a pin without a category takes its file's name)"])
        XCTAssertEqual(s.system, first.system, "the second layer is WGS84: only the first names a system")
        XCTAssertEqual(try read(gis("bng-27700.zip")).notes, [], "one Shapefile: no note")
    }

    /// The layer (the category and the fallback title) is the file name without `.shp`, as
    /// GDAL names it; it was cut at the first dot.
    func testTheLayerIsTheWholeFileName() throws {
        let dir = try folder([("multipoint.shp", "seoul.2024.places.shp"), ("multipoint.shx", "seoul.2024.places.shx"),
                              ("multipoint.dbf", "seoul.2024.places.dbf")])
        XCTAssertEqual(try read(dir + "/seoul.2024.places.shp").pins.map(\.category), ["seoul.2024.places", "seoul.2024.places"])
        XCTAssertEqual(ShapefileReader.layerName("a.zip (data/v1.2 roads.SHP)"), "v1.2 roads")
        XCTAssertEqual(ShapefileReader.layerName("/x/y (1)/places (copy).shp"), "places (copy)")
    }

    func testCP949AttributesReadByTheCPGFileAndByTheLDIDByte() throws {
        for (file, encoding) in [("korea-cp949.shp", "CP949 (.cpg)"), ("korea-ldid.shp", "CP949 (dbf language driver 121)")] {
            let s = try read(gis(file))
            XCTAssertEqual(s.encoding, encoding, file)
            XCTAssertEqual(s.pins.map(\.title), ["창덕궁", "한강공원"], file)
            XCTAssertEqual(s.pins.map(\.category), ["궁궐", "공원"], file)
            XCTAssertEqual(s.columns["name"], "이름", file)
            XCTAssertEqual(s.system, "EPSG:5186, Korea 2000 / Central Belt 2010", file)
        }
        try assertMatchesReference(try read(gis("korea-cp949.shp")), "korea-cp949.shp")
    }

    /// A `.dbf` field name holds at most 10 characters: `description` is written `descriptio`
    /// (ogr2ogr, QGIS). It is still the description; a later `memo` (also a description
    /// name) stays a property. (`memo` was taken, and the description went to properties.)
    func testAFieldNameTheDBFCutStillMapsToItsPinField() throws {
        let s = try read(gis("truncated-names.shp"))
        XCTAssertEqual(s.columns["description"], "descriptio")
        XCTAssertEqual(s.pins.map(\.title), ["Gwanghwamun"])
        XCTAssertEqual(s.pins.map(\.description), ["Main gate of Gyeongbokgung"])
        XCTAssertEqual(s.pins.map(\.category), ["gate"])
        XCTAssertEqual(s.pins.map(\.properties), [#"{"memo":"north side"}"#])
    }

    /// An integer field too wide for 32 bits (GDAL's Integer64, N(18,0), which shapelib calls
    /// a double field) keeps every digit as an integer: 123456789012345678 was stored as
    /// 1.2345678901234568e+17 and -9007199254740993 as -9007199254740992.0.
    func testWideIntegerFieldsKeepEveryDigit() throws {
        let s = try read(gis("integer64.shp"))
        XCTAssertEqual(s.pins.map { "\($0.title) \($0.properties)" }, [
            #"Wide {"count":7,"big":123456789012345678,"ratio":0.25}"#,
            #"Negative {"count":-3,"big":-9007199254740993}"#])
    }

    func testLinesAreSkippedWithANoteAndMultipointsGiveAPinEach() throws {
        XCTAssertThrowsError(try read(gis("lines.shp"))) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(gis("lines.shp")): no point features: 2 line shapes skipped; nothing was imported")
            XCTAssertEqual((error as? ImportError)?.code, .noPoints)
        }
        let multi = try read(gis("multipoint.shp"))
        XCTAssertEqual(multi.pins.map { [$0.longitude, $0.latitude] }, [[126.97, 37.56], [126.98, 37.57]])
        XCTAssertEqual(multi.pins.map(\.title), ["Pair", "Pair"])
        XCTAssertNil(multi.system, "no .prj, no --crs: WGS84")
    }

    func testKMLWithOnlyLinesHasNoPointFeaturesLikeAShapefile() throws {
        let path = try temporaryFile(Array(#"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>L</name><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark></kml>"#.utf8), suffix: ".kml")
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(path): no point features: 1 placemark with LineString geometry skipped; nothing was imported")
        }
    }

    /// A folder holding copies of `files` (Fixtures/gis names) under new names (`to`).
    func folder(_ files: [(String, String)]) throws -> String {
        let dir = try makeTempFolder().path
        for (from, to) in files { try FileManager.default.copyItem(atPath: gis(from), toPath: dir + "/" + to) }
        return dir
    }

    func testCP949WithoutCPGOrLDIDIsDetectedFromItsHangul() throws {
        let dir = try folder([("korea-ldid.shp", "k.shp"), ("korea-ldid.shx", "k.shx"), ("korea-ldid.prj", "k.prj"), ("korea-ldid.dbf", "k.dbf")])
        // Byte 29 of a dbf header is the language driver (LDID): 0 names no code page.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: dir + "/k.dbf"))
        try handle.seek(toOffset: 29)
        try handle.write(contentsOf: [0])
        try handle.close()
        let s = try read(dir + "/k.shp")
        XCTAssertEqual(s.encoding, "CP949 (no .cpg or code page byte: detected from the text)")
        XCTAssertEqual(s.pins.map(\.title), ["창덕궁", "한강공원"])
        XCTAssertEqual(s.pins.map(\.category), ["궁궐", "공원"])
        XCTAssertEqual(s.columns["name"], "이름")
    }

    /// GDAL cuts a field name at 10 bytes, inside a UTF-8 character (도로명주소상세 → 도로명
    /// and one byte of 주): that field was "field 2", and without the .cpg the whole table was
    /// read as ISO-8859-1 (시청 became `ì\u{8B}\u{9C}ì²­`). The cut character is dropped.
    func testAFieldNameCutInsideACharacterKeepsItsWholeCharacters() throws {
        let s = try read(gis("utf8-cut-name.shp"))
        XCTAssertEqual(s.encoding, "UTF-8 (no .cpg or code page byte: detected from the text)")
        XCTAssertEqual(s.columns, ["name": "시설명", "description": "설명", "latitude": "shape", "longitude": "shape"])
        XCTAssertEqual(s.pins.map(\.title), ["시청"])
        XCTAssertEqual(s.pins.map(\.properties), [#"{"도로명":"세종대로 110"}"#])
        // CP949: 1 + 4½ Hangul in 10 bytes; a name shorter than 10 bytes is never cut.
        let cp949 = try XCTUnwrap(DBFTextDecoder(iconvName: "CP949"))
        XCTAssertEqual(cp949.decodeName([0x61, 0xB5, 0xB5, 0xB7, 0xCE, 0xB8, 0xED, 0xC1, 0xD6, 0xBC]), "a도로명주")
        XCTAssertNil(cp949.decodeName([0x61, 0xB5, 0xB5, 0xB7, 0xCE, 0xB8, 0xED, 0xC1]))
    }

    /// Language driver 87 is ESRI's "ANSI": the code page of the Windows that wrote the file,
    /// none in particular. ArcGIS on Korean Windows writes CP949 under it, which was read as
    /// CP1252 (창덕궁 stored as `Ã¢´ö±Ã`); the text decides, as without a byte, and Western
    /// text under it is still CP1252.
    func testLanguageDriver87IsTheWritersCodePageDetectedFromTheText() throws {
        let dir = try folder([("korea-ldid.shp", "k.shp"), ("korea-ldid.shx", "k.shx"), ("korea-ldid.prj", "k.prj"), ("korea-ldid.dbf", "k.dbf")])
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: dir + "/k.dbf"))
        try handle.seek(toOffset: 29)
        try handle.write(contentsOf: [0x57])
        try handle.close()
        let s = try read(dir + "/k.shp")
        XCTAssertEqual(s.encoding, "CP949 (dbf language driver 87, the writer's ANSI code page: detected from the text)")
        XCTAssertEqual(s.pins.map(\.title), ["창덕궁", "한강공원"])
        XCTAssertEqual(s.pins.map(\.category), ["궁궐", "공원"])
        XCTAssertNil(DBFCodePage.encoding("LDID/87"))
        XCTAssertEqual(DBFCodePage.encoding("LDID/88")?.iconv, "CP1252")
        let western = DBFCodePage.detect([Array("name".utf8), [0x43, 0x61, 0x66, 0xE9, 0x20, 0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]], codePage: "LDID/87")
        XCTAssertEqual([western.iconv, western.label], ["CP1252", "CP1252 (dbf language driver 87, the writer's ANSI code page: detected from the text)"])
    }

    func testDBFEncodingDetection() {
        let hangul: [UInt8] = [0xC3, 0xA2, 0xB4, 0xF6, 0xB1, 0xC3]  // 창덕궁 in CP949
        XCTAssertEqual(DBFCodePage.detect([Array("name".utf8), Array("창덕궁".utf8)]).iconv, "UTF-8")
        XCTAssertEqual(DBFCodePage.detect([Array("name".utf8), hangul]).iconv, "CP949")
        XCTAssertEqual(DBFCodePage.detect([[0x43, 0x61, 0x66, 0xE9]]).iconv, "CP1252", "Café: no Hangul")
        XCTAssertEqual(DBFCodePage.detect([[0x81, 0x20]]).iconv, "ISO-8859-1", "0x81 + space: neither CP949 nor CP1252")
    }

    func testShapefileWithoutItsDBFSaysItsPointsHaveNoAttributes() throws {
        let dir = try folder([("bng-27700.shp", "b.shp"), ("bng-27700.shx", "b.shx"), ("bng-27700.prj", "b.prj")])
        let s = try read(dir + "/b.shp")
        XCTAssertEqual(s.pins.map(\.title), ["b 1", "b 2", "b 3"])
        XCTAssertEqual(s.encoding, "none (no .dbf)")
        XCTAssertEqual(s.notes, ["no .dbf: points imported without attributes"])
    }

    func testALoneDBFIsRefusedAsATableWithoutItsShp() throws {
        let dir = try folder([("bng-27700.dbf", "b.dbf")])
        XCTAssertThrowsError(try read(dir + "/b.dbf")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(dir)/b.dbf: not a readable Shapefile: a dBASE table (.dbf) without its .shp: import the .shp next to it (the .dbf holds only a Shapefile's attributes); nothing was imported")
        }
    }

    /// What `body` writes to the process's stderr (file descriptor 2: shapelib's C code).
    func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
        let file = NSTemporaryDirectory() + "pm-stderr-\(UUID().uuidString)"
        let fd = open(file, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        let saved = dup(2)
        fflush(nil)
        dup2(fd, 2)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
            close(fd)
            unlink(file)
        }
        try body()
        fflush(nil)
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    func testAShapefilePartPointsToTheShp() {
        XCTAssertThrowsError(try read(gis("bng-27700.dbf"))) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(gis("bng-27700.dbf")): not a readable Shapefile: this is the .dbf part of a Shapefile; import its .shp instead: \(gis("bng-27700.shp")); nothing was imported")
        }
    }

    /// A .shp cut off in a download is refused, naming both lengths; it imported the shapes
    /// before the cut and rejected each of the rest as "a damaged .shp".
    func testAShapefileCutShortIsRefused() throws {
        let dir = try folder([("bng-27700.shx", "b.shx"), ("bng-27700.dbf", "b.dbf"), ("bng-27700.prj", "b.prj")])
        let whole = try Data(contentsOf: URL(fileURLWithPath: gis("bng-27700.shp")))
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: dir + "/b.shp"))
        XCTAssertThrowsError(try read(dir + "/b.shp")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(dir)/b.shp: not a readable Shapefile: its .shp is cut short: its header says \(whole.count) bytes, the file holds \(whole.count - 10) (cut off in a copy or a download? copy it again); nothing was imported")
            XCTAssertEqual((error as? ImportError)?.code, .notShapefile)
        }
    }

    func testShapefileWithoutItsIndexSaysSo() throws {
        let dir = try makeTempFolder().path
        try FileManager.default.copyItem(atPath: gis("bng-27700.shp"), toPath: dir + "/a.shp")
        let printed = try capturingStandardError {
            XCTAssertThrowsError(try read(dir + "/a.shp")) { error in
                XCTAssertEqual((error as? ImportError)?.description,
                               "\(dir)/a.shp: not a readable Shapefile: its index a.shx is missing (a Shapefile is the .shp with its .shx and .dbf beside it); nothing was imported")
                XCTAssertEqual((error as? ImportError)?.code, .notShapefile)
            }
        }
        XCTAssertEqual(printed, "", "shapelib's own message is not printed")
    }

    // MARK: GeoPackage

    func testQGISStyleGeoPackageReadsEveryPointTableInItsSystem() throws {
        let s = try read(gis("qgis-5179.gpkg"))
        XCTAssertEqual(s.format, .geoPackage)
        XCTAssertEqual(s.system, "EPSG:5179, Korea 2000 / Unified CS (places); EPSG:2154, RGF93 v1 / Lambert-93 (france)")
        XCTAssertEqual(s.pins.map(\.title), ["광화문", "해운대해수욕장", "Tour Eiffel", "Mont-Saint-Michel"])
        XCTAssertEqual(s.pins.map(\.category), ["places", "places", "france", "france"], "the table's name, as a KML folder's")
        XCTAssertEqual(s.pins[0].properties, #"{"visited":"2024-05-01","rating":4.5}"#)
        XCTAssertEqual(s.pins[1].properties, #"{"visited":"2023-08-15","rating":5.0}"#)
        XCTAssertEqual(s.notes, ["skipped table roads: LINESTRING geometry (2 features); Pinmap reads points"])
        try assertMatchesReference(s, "qgis-5179.gpkg")
    }

    func testUndefinedCartesianSystemTakesTheOption() throws {
        let path = try makeTempFolder().path + "/qgis-5179.gpkg"
        try FileManager.default.copyItem(atPath: gis("qgis-5179.gpkg"), toPath: path)
        try Database(path: path, create: false).execute("UPDATE gpkg_geometry_columns SET srs_id = -1 WHERE table_name = 'france'")
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(path): table france is in an undefined Cartesian system (srs_id -1): name it with --crs (e.g. --crs EPSG:5186 (Korea), EPSG:27700 (British National Grid), EPSG:326NN (UTM zone NN north)); nothing was imported")
        }
        let s = try read(path, crs: "EPSG:2154")
        XCTAssertEqual(s.system, "EPSG:5179, Korea 2000 / Unified CS (places); EPSG:2154, RGF93 v1 / Lambert-93 (france)")
        XCTAssertEqual(s.notes, ["skipped table roads: LINESTRING geometry (2 features); Pinmap reads points"], "--crs was used")
        try assertMatchesReference(s, "qgis-5179.gpkg")
    }

    /// A GeoPackage of lines only fails as a Shapefile of lines does; it was imported as
    /// nothing, exit 0, with the note "the file has no data rows".
    func testAGeoPackageOfLinesOnlyHasNoPointFeatures() throws {
        let path = try makeTempFolder().path + "/roads.gpkg"
        try FileManager.default.copyItem(atPath: gis("qgis-5179.gpkg"), toPath: path)
        try Database(path: path, create: false).execute("DELETE FROM gpkg_contents WHERE table_name IN ('places', 'france')")
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(path): no point features: 2 features with LINESTRING geometry skipped; nothing was imported")
            XCTAssertEqual((error as? ImportError)?.code, .noPoints)
        }
        // Beside a point table, the lines are a note.
        XCTAssertEqual(try read(gis("qgis-5179.gpkg")).pins.count, 4)
    }

    /// A GeometryCollection's points are pins, as in GeoJSON; the whole feature was skipped
    /// ("skipped 1 feature with GeometryCollection geometry").
    func testEveryKindOfFeatureInAGeometryTable() throws {
        let s = try read(gis("mixed-geometry.gpkg"))
        XCTAssertEqual(s.pins.map { "\($0.title) \($0.longitude) \($0.latitude)" },
                       ["p 127.0 37.5", "mp 127.2 37.2", "mp 127.3 37.3", "gc 127.4 37.4"])
        XCTAssertEqual(s.rejected, [])
        XCTAssertEqual(s.notes, ["skipped 1 feature with LineString geometry", "skipped 1 feature with Polygon geometry",
                                 "skipped 1 feature with null geometry", "skipped 1 feature with empty geometry",
                                 "skipped 1 LineString geometry inside a GeometryCollection"])
    }

    func testSQLiteFilesThatAreNotGeoPackagesAreNamed() throws {
        let folder = try makeTempFolder().path
        let other = folder + "/other.sqlite"
        try Database(path: other).execute("PRAGMA application_id = 1234; CREATE TABLE t (x)")
        XCTAssertThrowsError(try read(other)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(other): not a readable GeoPackage: a SQLite database without the gpkg_contents table (application_id 0x4D2); nothing was imported")
        }
        let path = folder + "/store.gpkg"
        _ = try Store(path: path)
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "\(path): not a readable GeoPackage: a Pinmap store, not a GeoPackage (merge stores by copying one into the other: pinmap copy --from OTHER --to STORE); nothing was imported")
        }
    }
}
