
import Foundation
import XCTest
@testable import PinImport
import PinModel
@testable import PinStore

/// The GeoPackage export's structure (what GDAL's validate_gpkg.py checks: application id,
/// version, the required tables and rows, geometry blobs, the R-tree and its extension row),
/// the round trip through the importer, and the geometry blobs other writers make.
final class GeoPackageTests: XCTestCase {
    private func folder() -> String {
        let dir = NSTemporaryDirectory() + "pm-gpkg-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// Rows of `sql` as text columns joined by `|`.
    private func rows(_ path: String, _ sql: String) throws -> [String] {
        let db = try SQLiteReadOnly(path: path)
        let r = try db.rows(sql)
        var out: [String] = []
        while try r.step() { out.append((0..<r.columnCount).map { r.kind($0) == .null ? "NULL" : r.text($0) }.joined(separator: "|")) }
        return out
    }

    private func store(_ dir: String) throws -> Store {
        let store = try Store(path: dir + "/pins.sqlite")
        try store.insert(NewPin(title: "경복궁", description: "Palace\nwith two lines", category: "palace",
                                latitude: 37.579617, longitude: 126.977041, createdAt: "2024-05-01T09:30:00Z",
                                properties: #"{"입장료":"3000원","rating":4.5,"visits":12,"open":true,"tags":["a","b"]}"#))
        try store.insert(NewPin(title: "Big Ben", latitude: 51.500729, longitude: -0.124625, createdAt: "2023-01-02",
                                properties: #"{"rating":5.5,"visits":7,"open":false,"tags":"one","Rating":"x"}"#))
        try store.insert(NewPin(title: "South Pole", latitude: -90, longitude: 180, createdAt: "2020-12-31T23:59:59Z"))
        return store
    }

    /// Pins whose properties hold numbers in the forms JSON allows but SQL loses.
    private func awkwardStore(_ dir: String) throws -> Store {
        let store = try Store(path: dir + "/awkward.sqlite")
        try store.insert(NewPin(title: "A", latitude: 1.0000000000000002, longitude: -0.30000000000000004, createdAt: "2024-05-01",
                                properties: #"{"ratio":0.10,"big":12345678901234567890,"exp":1E5,"neg":-0.0,"n":null,"obj":{"k":[1,2.50]}}"#))
        try store.insert(NewPin(title: "B", latitude: 2, longitude: 3, createdAt: "2024-05-02",
                                properties: #"{"ratio":0.5,"big":1,"exp":2,"n":"x","obj":"plain"}"#))
        return store
    }

    func testExportHasTheStructureOfAGeoPackage() throws {
        let dir = folder()
        let path = dir + "/out.gpkg"
        let summary = try GeoPackageExport.write(try store(dir), to: path)
        XCTAssertEqual(summary, GeoPackageExport.Summary(pins: 3, renamed: [("Rating", "Rating_2")]))
        XCTAssertEqual(try rows(path, "PRAGMA application_id"), ["1196444487"], "'GPKG'")
        XCTAssertEqual(try rows(path, "PRAGMA user_version"), ["10300"])
        XCTAssertEqual(try rows(path, "SELECT srs_id, organization, organization_coordsys_id FROM gpkg_spatial_ref_sys ORDER BY srs_id"),
                       ["-1|NONE|-1", "0|NONE|0", "4326|EPSG|4326"])
        XCTAssertEqual(try rows(path, "SELECT table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, srs_id FROM gpkg_contents"),
                       ["pins|features|pins|Pinmap pins|-0.124625|-90.0|180.0|51.500729|4326"])
        XCTAssertEqual(try rows(path, "SELECT * FROM gpkg_geometry_columns"), ["pins|geom|POINT|4326|0|0"])
        XCTAssertEqual(try rows(path, "SELECT name, type, \"notnull\", pk FROM pragma_table_info('pins')"), [
            "fid|INTEGER|1|1", "geom|POINT|0|0", "title|TEXT|1|0", "description|TEXT|0|0", "category|TEXT|0|0",
            "created_at|TEXT|0|0", "입장료|TEXT|0|0", "rating|REAL|0|0", "visits|INTEGER|0|0", "open|BOOLEAN|0|0",
            "tags|TEXT|0|0", "Rating_2|TEXT|0|0",
        ])
        XCTAssertEqual(try rows(path, "SELECT table_name, column_name, name, mime_type FROM gpkg_data_columns"),
                       ["pins|tags|tags|application/json", "pins|Rating_2|Rating|NULL"],
                       "arrays beside strings: JSON text; the renamed column keeps its key")
        XCTAssertEqual(try rows(path, "SELECT table_name, column_name, extension_name, scope FROM gpkg_extensions ORDER BY extension_name, table_name"), [
            "pins|geom|gpkg_rtree_index|write-only",
            "gpkg_data_column_constraints|NULL|gpkg_schema|read-write", "gpkg_data_columns|NULL|gpkg_schema|read-write",
        ])
        XCTAssertEqual(try rows(path, "SELECT id, minx, maxx, miny, maxy FROM rtree_pins_geom ORDER BY id").count, 3)
        XCTAssertEqual(try rows(path, "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name"), [
            "rtree_pins_geom_delete", "rtree_pins_geom_insert", "rtree_pins_geom_update1",
            "rtree_pins_geom_update2", "rtree_pins_geom_update3", "rtree_pins_geom_update4",
        ])
        XCTAssertEqual(try rows(path, "SELECT hex(geom) FROM pins WHERE fid = 3"),
                       ["47500001E6100000" + "0101000000" + "0000000000806640" + "00000000008056C0"],
                       "GP, version 0, little-endian without envelope, srs 4326; WKB Point (180, -90)")
        XCTAssertEqual(try rows(path, "SELECT title, description, category, created_at, \"입장료\", rating, visits, open, tags, Rating_2 FROM pins ORDER BY fid"), [
            "경복궁|Palace\nwith two lines|palace|2024-05-01T09:30:00Z|3000원|4.5|12|1|[\"a\",\"b\"]|NULL",
            "Big Ben|NULL|NULL|2023-01-02|NULL|5.5|7|0|\"one\"|x",
            "South Pole|NULL|NULL|2020-12-31T23:59:59Z|NULL|NULL|NULL|NULL|NULL|NULL",
        ])
        XCTAssertEqual(try rows(path, "PRAGMA integrity_check"), ["ok"])
        XCTAssertEqual(try rows(path, "PRAGMA foreign_key_check"), [])
    }

    func testRoundTripThroughTheImporterIsExact() throws {
        let dir = folder()
        let source = try store(dir)
        let path = dir + "/out.gpkg"
        _ = try GeoPackageExport.write(source, to: path)
        let target = try Store(path: dir + "/again.sqlite")
        let report = try Importer.run(path: path, store: target)
        XCTAssertEqual(report.imported, 3)
        XCTAssertEqual(report.format, "GeoPackage")
        XCTAssertNil(report.coordinateSystem)
        func pins(_ s: Store) throws -> [String] {
            var out: [String] = []
            let cursor = try s.pinCursor()
            while let p = try cursor.next() {
                out.append([p.title, p.description, p.category, "\(p.latitude)", "\(p.longitude)", p.createdAt].joined(separator: "|"))
            }
            return out
        }
        XCTAssertEqual(try pins(target), try pins(source))
        let reader = try PropertyReader()
        func properties(_ s: Store) throws -> [[String: String]] {
            var out: [[String: String]] = []
            let cursor = try s.pinCursor()
            while let p = try cursor.next() {
                out.append(Dictionary(uniqueKeysWithValues: try reader.entries(p.properties).map { ($0.key, "\($0.isString) \($0.value)") }))
            }
            return out
        }
        XCTAssertEqual(try properties(target), try properties(source), "every key with its value and JSON type")
    }

    func testRoundTripKeepsEveryNumberAsWritten() throws {
        let dir = folder()
        let source = try awkwardStore(dir)
        let path = dir + "/awkward.gpkg"
        _ = try GeoPackageExport.write(source, to: path)
        XCTAssertEqual(try rows(path, "SELECT column_name FROM gpkg_data_columns ORDER BY column_name"),
                       ["big", "exp", "n", "neg", "obj", "ratio"], "numbers whose text SQL would change, and nulls, are JSON text")
        XCTAssertEqual(try rows(path, "SELECT ratio, big, exp, neg, n, obj FROM pins ORDER BY fid"), [
            "0.10|12345678901234567890|1E5|-0.0|null|{\"k\":[1,2.50]}", "0.5|1|2|NULL|\"x\"|\"plain\"",
        ])
        let target = try Store(path: dir + "/again.sqlite")
        XCTAssertEqual(try Importer.run(path: path, store: target).imported, 2)
        func all(_ s: Store) throws -> [String] {
            var out: [String] = []
            let cursor = try s.pinCursor()
            while let p = try cursor.next() { out.append("\(p.title) \(p.latitude) \(p.longitude) \(p.createdAt) \(p.properties)") }
            return out
        }
        XCTAssertEqual(try all(target), [
            #"A 1.0000000000000002 -0.30000000000000004 2024-05-01 {"ratio":0.10,"big":12345678901234567890,"exp":1E5,"neg":-0.0,"n":null,"obj":{"k":[1,2.50]}}"#,
            #"B 2.0 3.0 2024-05-02 {"ratio":0.5,"big":1,"exp":2,"n":"x","obj":"plain"}"#,
        ])
        XCTAssertEqual(try all(target), try all(source))
    }

    func testAFailedExportLeavesTheFileAsItWas() throws {
        let dir = folder()
        let source = try store(dir)
        XCTAssertThrowsError(try GeoPackageExport.write(source, to: dir + "/missing/out.gpkg")) { error in
            XCTAssertTrue((error as? StoreError)?.message.hasPrefix("cannot create \(dir)/missing/out.gpkg: ") ?? false, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted().filter { !$0.hasPrefix("pins.sqlite") }, [],
                       "no temporary file is left")
    }

    /// A full disk while the temporary file grows is said of the file asked for, as the text
    /// exports say it; it named the temporary `.out.gpkg.XXXXXX` with the store's "nothing was
    /// changed", and `pinmap export` added "(nothing was written to out.gpkg)" after it.
    func testAFullDiskIsSaidOfTheFileAskedFor() {
        let full = StoreError("the disk is full: /d/.out.gpkg.Ab12Cd cannot grow; free some space and try again (nothing was changed)",
                              code: 13, kind: .diskFull(path: "/d/.out.gpkg.Ab12Cd"))
        let said = GeoPackageExport.said(full, of: "/d/.out.gpkg.Ab12Cd", as: "/d/out.gpkg")
        XCTAssertEqual(said, StoreError("cannot write /d/out.gpkg: the disk is full", code: 13, kind: .diskFull(path: "/d/out.gpkg")))
        let other = StoreError("cannot create /d/out.gpkg: Permission denied")
        XCTAssertEqual(GeoPackageExport.said(other, of: "/d/.out.gpkg.Ab12Cd", as: "/d/out.gpkg"), other)
    }

    /// GDAL's own checks (python3-gdal's validate_gpkg.py, and ogrinfo reading every pin):
    /// `.ci/run` installs GDAL; a machine without it skips this, saying why.
    func testGDALValidatesTheExportWhenInstalled() throws {
        let validator = ["/usr/lib/python3/dist-packages/osgeo_utils/samples/validate_gpkg.py",
                         "/usr/share/doc/python3-gdal/examples/validate_gpkg.py"].first { FileManager.default.fileExists(atPath: $0) }
        guard let validator, FileManager.default.fileExists(atPath: "/usr/bin/ogrinfo") else {
            throw XCTSkip("GDAL (python3-gdal's validate_gpkg.py, ogrinfo) is not installed")
        }
        let dir = folder()
        let path = dir + "/out.gpkg"
        _ = try GeoPackageExport.write(try store(dir), to: path)
        func run(_ tool: String, _ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = args
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            try p.run()
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, out)
        }
        let (status, out) = try run("/usr/bin/python3", [validator, path])
        XCTAssertEqual(status, 0, out)
        XCTAssertEqual(out, "", "validate_gpkg.py prints nothing for a valid file")
        let (infoStatus, info) = try run("/usr/bin/ogrinfo", ["-q", "-ro", path, "pins", "-fid", "1"])
        XCTAssertEqual(infoStatus, 0, info)
        XCTAssertEqual(info.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init), [
            "  DESCRIPTION=Pinmap pins",
            "  title (String) = 경복궁",
            "  description (String) = Palace",
            "  category (String) = palace",
            "  created_at (String) = 2024-05-01T09:30:00Z",
            "  입장료 (String) = 3000원",
            "  rating (Real) = 4.5",
            "  visits (Integer64) = 12",
            "  open (Integer(Boolean)) = 1",
            "  tags (String(JSON)) = [\"a\",\"b\"]",
            "  Rating_2 (String) = (null)",
            "  POINT (126.977041 37.579617)",
        ])
    }

    // MARK: Geometry blobs

    /// `GP` header bytes: flags, srs_id little-endian, then `envelope` doubles.
    private func header(flags: UInt8, srs: Int32 = 4326, envelope: Int = 0) -> [UInt8] {
        var b: [UInt8] = [0x47, 0x50, 0, flags]
        withUnsafeBytes(of: flags & 1 == 1 ? srs.littleEndian : srs.bigEndian) { b += $0 }
        b += [UInt8](repeating: 0, count: envelope * 8)
        return b
    }

    private func wkb(_ type: UInt32, _ values: [Double], little: Bool = true) -> [UInt8] {
        var b: [UInt8] = [little ? 1 : 0]
        withUnsafeBytes(of: little ? type.littleEndian : type.bigEndian) { b += $0 }
        for v in values { withUnsafeBytes(of: little ? v.bitPattern.littleEndian : v.bitPattern.bigEndian) { b += $0 } }
        return b
    }

    func testGeometryBlobsOfEveryFlavour() throws {
        func point(x: Double, y: Double, z: Double?) -> GeoPackageGeometry.Position { .init(x: x, y: y, z: z) }
        func shape(_ blob: [UInt8]) throws -> GeoPackageGeometry.Shape { try GeoPackageGeometry(blob).shape }
        XCTAssertEqual(try shape(header(flags: 1) + wkb(1, [1, 2])), .points([point(x: 1, y: 2, z: nil)]))
        XCTAssertEqual(try GeoPackageGeometry(header(flags: 0, srs: 5186) + wkb(1, [1, 2], little: false)).srsID, 5186, "big-endian header")
        XCTAssertEqual(try shape(header(flags: 0b0000_0011, envelope: 4) + wkb(1, [3, 4])), .points([point(x: 3, y: 4, z: nil)]), "xy envelope")
        XCTAssertEqual(try shape(header(flags: 0b0000_0101, envelope: 6) + wkb(1001, [3, 4, 5])), .points([point(x: 3, y: 4, z: 5)]), "xyz envelope, ISO Point Z")
        XCTAssertEqual(try shape(header(flags: 0b0000_1001, envelope: 8) + wkb(3001, [3, 4, 5, 6])), .points([point(x: 3, y: 4, z: 5)]), "ZM")
        XCTAssertEqual(try shape(header(flags: 1) + wkb(2001, [3, 4, 9])), .points([point(x: 3, y: 4, z: nil)]), "M is not a height")
        XCTAssertEqual(try shape(header(flags: 1) + wkb(0x8000_0001, [3, 4, 5])), .points([point(x: 3, y: 4, z: 5)]), "EWKB Z flag")
        // EWKB's SRID flag: the SRID's 4 bytes after the type are skipped (they were read as
        // the start of x, and the point came out wrong, or cut short).
        var ewkb = header(flags: 1) + Array(wkb(0xA000_0001, []).prefix(5)) + [0xE6, 0x10, 0, 0]
        ewkb += Array(wkb(1, [3, 4, 5]).dropFirst(5))
        XCTAssertEqual(try shape(ewkb), .points([point(x: 3, y: 4, z: 5)]), "EWKB SRID and Z flags")
        XCTAssertEqual(try shape(header(flags: 0b0001_0001)), .points([]), "the empty flag")
        XCTAssertEqual(try shape(header(flags: 1) + wkb(1, [.nan, .nan])), .points([]), "POINT EMPTY")
        var multi = header(flags: 1) + [1] + [4, 0, 0, 0] + [2, 0, 0, 0]
        multi += wkb(1, [1, 2]) + wkb(1, [3, 4], little: false)
        XCTAssertEqual(try shape(multi), .points([point(x: 1, y: 2, z: nil), point(x: 3, y: 4, z: nil)]))
        XCTAssertEqual(try shape(header(flags: 1) + wkb(2, [2])), .other("LineString"))
        // A GeometryCollection: its points (a nested MultiPoint's too) after a Polygon, a
        // MultiLineString and a LineString Z read through.
        var collection = header(flags: 1) + [1] + [7, 0, 0, 0] + [5, 0, 0, 0]
        collection += [1] + [3, 0, 0, 0] + [1, 0, 0, 0] + [4, 0, 0, 0] + wkb(1, [0, 0]).dropFirst(5) + wkb(1, [1, 0]).dropFirst(5) + wkb(1, [1, 1]).dropFirst(5) + wkb(1, [0, 0]).dropFirst(5)
        collection += wkb(1, [5, 6])
        collection += [1] + [5, 0, 0, 0] + [1, 0, 0, 0] + [1] + [2, 0, 0, 0] + [2, 0, 0, 0] + wkb(1, [0, 0]).dropFirst(5) + wkb(1, [1, 1]).dropFirst(5)
        collection += [1] + [4, 0, 0, 0] + [1, 0, 0, 0] + wkb(1001, [7, 8, 9])
        collection += [1] + [0xEA, 0x03, 0, 0] + [1, 0, 0, 0] + wkb(1, [1, 2, 3]).dropFirst(5)
        XCTAssertEqual(try shape(collection), .collection([point(x: 5, y: 6, z: nil), point(x: 7, y: 8, z: 9)],
                                                          skipped: ["Polygon", "MultiLineString", "LineString"]))
        XCTAssertThrowsError(try GeoPackageGeometry(Array(collection.dropLast(8)))) { XCTAssertEqual(($0 as? GeoPackageGeometry.Failure)?.reason, "the WKB geometry is cut short") }
        XCTAssertThrowsError(try GeoPackageGeometry([0x47, 0x51, 0, 1, 0, 0, 0, 0])) { XCTAssertEqual(($0 as? GeoPackageGeometry.Failure)?.reason, "not a GeoPackage geometry (no \"GP\" header)") }
        XCTAssertThrowsError(try GeoPackageGeometry(header(flags: 1) + Array(wkb(1, [1, 2]).prefix(12)))) { XCTAssertEqual(($0 as? GeoPackageGeometry.Failure)?.reason, "the WKB point is cut short") }
        var huge = header(flags: 1) + [1] + [4, 0, 0, 0]
        huge += [0xFF, 0xFF, 0xFF, 0x7F]
        XCTAssertThrowsError(try GeoPackageGeometry(huge)) { XCTAssertEqual(($0 as? GeoPackageGeometry.Failure)?.reason, "the MultiPoint's count 2147483647 exceeds its bytes") }
    }
}
