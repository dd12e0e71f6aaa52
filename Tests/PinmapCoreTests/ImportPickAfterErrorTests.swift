import XCTest
import Frame
import PinModel
import PinmapCore

/// A file of the listed folder that cannot be previewed leaves the folder listed with that
/// file marked: ↓ picks the next one and Enter previews it. ↓ did nothing there (the hint
/// offered only Enter, which cleared the path and the listing), so a newcomer who picked
/// `LICENSE-airportsdata.txt` beside `airports.csv` had to type the folder again.
final class ImportPickAfterErrorTests: XCTestCase {
    func testArrowsPickAnotherFileAfterAFailedPreview() {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w", entries: [
            .init(name: "LICENSE.txt", isFolder: false), .init(name: "airports.csv", isFolder: false)]))), now: 0)
        _ = state.update(.input(.key(.down)), now: 0)
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.previewImport(path: "/w/LICENSE.txt")])
        _ = state.update(.importer(.previewed(.failure(ImportFailure(file: "LICENSE.txt", .columns)))), now: 0)
        let screen = state.render()
        XCTAssertEqual((0..<screen.height).map { screen.line($0) }, [
            "",
            "  Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile",
            "",
            "",
            "  File: LICENSE.txt",
            "",
            "  ✗ LICENSE.txt: no latitude/longitude (or name) column found; name them lat,",
            "  lon and name",
            "  Files in /w",
            "  ▸ LICENSE.txt",
            "    airports.csv",
        ] + Array(repeating: "", count: 10) + [
            " ↑↓ pick another file · Enter or typing: new path · e edits the path · ? help",
            " medium · 0 of 0 pins in view                                            ? help",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
        _ = state.update(.input(.key(.down)), now: 0)
        XCTAssertEqual(state.importTab.field.text, "airports.csv", "↓ picks the next file of the listing")
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.previewImport(path: "/w/airports.csv")])
    }
}
