import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// An import asked for while the UI indexes what an earlier large import left waits on the
/// write lane: the tab says it waits and for what (before: a bar stuck at "0 %"), and Esc
/// drops it without stopping the indexing.
final class ImportWaitsForIndexingTests: XCTestCase {
    private func importAskedDuringIndexing() -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        state.feed(.indexing(.started(pinCount: 1_172_820, newPins: 1_172_820)))
        state.feed(.indexing(.progress(fraction: 0.5)))
        state.press(.char("3"))
        state.feed(.input(.paste("seoul.csv")))
        state.press(.enter)
        let preview = ImportPreview(path: "/w/seoul.csv", format: "CSV", encoding: "UTF-8", delimiter: ",",
                                    columns: [.title: "title", .latitude: "lat", .longitude: "lon"],
                                    rows: [.pin(title: "종묘", latitude: 37.5744, longitude: 126.9942, category: "")], size: 5_700)
        state.feed(.importer(.previewed(.success(preview))))
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.runImport(path: "/w/seoul.csv")])
        return state
    }

    func testTheTabSaysTheImportWaitsForTheIndexing() {
        let screen = importAskedDuringIndexing().render()
        XCTAssertEqual((0..<24).map { screen.line($0) }, [
            "",
            "  Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile",
            "",
            "",
            "  File: seoul.csv",
            "",
            "  Waiting for the indexing under way (50%): the import starts when it ends",
            "", "", "", "", "", "", "", "", "", "", "", "", "", "",
            " Esc stops the import (nothing is kept) · 1 map · q quits",
            " medium · 0 of 1172820 pins in view   Indexing 1172820 new pins: 50% (q stops)",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    /// After its commit an import's pins are indexed (seconds at a million): the tab says so
    /// until the result comes (before: the folder's files and "Enter or typing starts a new
    /// path", as if the import had vanished).
    func testTheTabSaysTheCommittedImportIsIndexed() {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        state.press(.char("3"))
        state.feed(.importer(.folderListed(FolderListing(path: "/w", entries: [.init(name: "big.csv", isFolder: false)]))))
        state.feed(.input(.paste("big.csv")))
        state.press(.enter)
        state.feed(.importer(.previewed(.success(ImportPreview(path: "/w/big.csv", format: "CSV", encoding: "UTF-8", delimiter: ",",
                                                               columns: [.title: "title", .latitude: "lat", .longitude: "lon"],
                                                               rows: [], size: 80_000_000)))))
        state.press(.enter)
        state.feed(.importer(.started(name: "big.csv")))
        state.feed(.importer(.progress(bytes: 80_000_000, of: 80_000_000)))
        state.feed(.importer(.written))
        state.feed(.indexing(.started(pinCount: 1_000_000, newPins: 1_000_000)))
        state.feed(.indexing(.progress(fraction: 0.5)))
        let screen = state.render()
        XCTAssertEqual((0..<24).map { screen.line($0) }, [
            "",
            "  Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile",
            "",
            "",
            "  File: big.csv",
            "",
            "  Committed: the 1000000 new pins are on the map; indexing them for search and",
            "  the list: 50%",
            "", "", "", "", "", "", "", "", "", "", "", "", "",
            " Enter or typing starts a new path · e edits the last path · ? help",
            " medium · 0 of 1000000 pins in view   Indexing 1000000 new pins: 50% (q stops)",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    func testEscDropsTheImportAndLeavesTheIndexingRunning() {
        var state = importAskedDuringIndexing()
        XCTAssertEqual(state.update(.input(.key(.escape)), now: 0), [.cancelImport])
    }
}
