import Foundation
import XCTest
import PinModel
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import Frame

/// The Import tab with GIS files: the preview and the summary name the coordinate reference
/// system, and the GIS readers' notes read in Korean too.
final class GISImportUITests: XCTestCase {
    /// A fixture of the importer's tests (made with GDAL and cs2cs: see its make-fixtures.sh).
    private func gis(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PinImportTests/Fixtures/gis/\(name)").path
    }

    func testPreviewAndSummaryOfAGeoPackageNameItsSystems() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        for ch in gis("qgis-5179.gpkg") { r.char(ch) }
        r.key(.enter)
        let lines = (0..<30).map { r.line($0) }
        let format = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  GeoPackage · encoding UTF-8") }, lines.joined(separator: "\n"))
        XCTAssertEqual(Array(lines[format + 1...format + 3]), [
            "  columns: latitude ← \"geom\", longitude ← \"geom\", title ← \"name\"",
            "  coordinates from EPSG:5179, Korea 2000 / Unified CS (places); EPSG:2154, RGF93 v1 /",
            "  Lambert-93 (france), transformed to WGS84",
        ])
        r.key(.enter)
        XCTAssertEqual(r.state.importTab.summary[3],
                       "coordinates from EPSG:5179, Korea 2000 / Unified CS (places); EPSG:2154, RGF93 v1 / Lambert-93 (france), transformed to WGS84")
        XCTAssertEqual(r.state.importTab.summary.last,
                       "note: skipped table roads: LINESTRING geometry (2 features); Pinmap reads points")
        XCTAssertEqual(try r.store.pins(matching: PinQuery(search: "광화문")).first?.category, "places")
    }

    func testTheFolderListOffersGeoPackagesShapefilesAndZippedShapefiles() throws {
        let dir = NSTemporaryDirectory() + "pm-gis-list-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["qgis-5179.gpkg", "bng-27700.shp", "bng-27700.dbf", "bng-27700.shx", "bng-27700.zip"] {
            try FileManager.default.copyItem(atPath: gis(name), toPath: dir + "/" + name)
        }
        try Data("PK\u{5}\u{6}not a shapefile".utf8).write(to: URL(fileURLWithPath: dir + "/photos.zip"))
        XCTAssertEqual(FolderReader.list(dir).files.map(\.name), ["bng-27700.shp", "bng-27700.zip", "qgis-5179.gpkg"])
    }

    func testMetresInTheImportTabSuggestTheCommandLineOption() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        for ch in gis("deoksugung-5174.csv") { r.char(ch) }
        r.key(.enter)
        r.key(.enter)
        XCTAssertEqual(r.state.importTab.summary.first { $0.hasPrefix("line 2:") },
                       "line 2: y 451502.669 outside [-90, 90]; projected metres, not degrees? `pinmap import FILE --crs EPSG:5186` (their system) reads them")
    }

    func testGISNotesInKorean() {
        Strings.language = .korean
        defer { Strings.language = .english }
        XCTAssertEqual([ImportNote.skippedTable(table: "roads", geometry: "LINESTRING", features: 2),
                        .skipped(count: 2, .shape("line")), .skipped(count: 1, .nullShape),
                        .skipped(count: 3, .featureWithGeometry("LineString")),
                        .skipped(count: 1, .featureWithEmptyGeometry)].map(ImportNoteText.text), [
            "roads 테이블을 건너뛰었습니다: LINESTRING 지오메트리(피처 2개). Pinmap은 점만 읽습니다",
            "line 도형 2개를 건너뛰었습니다", "null 도형 1개를 건너뛰었습니다",
            "LineString 지오메트리 피처 3개를 건너뛰었습니다", "지오메트리가 빈 피처 1개를 건너뛰었습니다",
        ])
    }
}
