import XCTest
import Frame
import PinModel
import PinmapCore

/// The Import tab's preview lists its first rows in columns (title, coordinates, category),
/// a long title cut at 32 cells; before, each part followed the last after two spaces, so no
/// two rows' coordinates lined up.
final class ImportPreviewColumnsTests: XCTestCase {
    func testTheFirstRowsReadAsATable() {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.input(.paste("korea.shp")), now: 0)
        _ = state.update(.input(.key(.enter)), now: 0)
        let preview = ImportPreview(
            path: "/w/korea.shp", format: "Shapefile", encoding: "CP949 (.cpg)", delimiter: "",
            columns: [.title: "이름", .latitude: "shape", .longitude: "shape", .category: "분류"],
            rows: [.pin(title: "창덕궁", latitude: 37.579_4, longitude: 126.991, category: "궁궐"),
                   .pin(title: "한강공원", latitude: 37.528, longitude: 126.934_01, category: "공원"),
                   .pin(title: "A very long title that goes on and on past the column", latitude: -8.5, longitude: 115,
                        category: ""),
                   .pin(title: "Tower", latitude: 37.5, longitude: 126.9, category: "view")],
            size: 156)
        _ = state.update(.importer(.previewed(.success(preview))), now: 0)
        let screen = state.render()
        XCTAssertEqual((0..<13).map { screen.line($0) }, [
            "",
            "  Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile",
            "",
            "",
            "  File: korea.shp",
            "",
            "  Shapefile · encoding CP949 (.cpg) · 156 B",
            "  columns: category ← \"분류\", latitude ← \"shape\", longitude ← \"shape\",",
            "  title ← \"이름\"",
            "  first rows:",
            "    창덕궁                            37.5794, 126.991   궁궐",
            "    한강공원                          37.528, 126.93401  공원",
            "    A very long title that goes on …  -8.5, 115",
        ])
        XCTAssertEqual(screen.line(13), "    Tower                             37.5, 126.9        view")
    }
}
