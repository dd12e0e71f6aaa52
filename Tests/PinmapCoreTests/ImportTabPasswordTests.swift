import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The Import tab quotes what was typed: a URI pasted into its path field (a server's, with
/// its password) shows `****` in every text the tab draws about it, the folder it names, the
/// file names, an error, an import's summary.
final class ImportTabPasswordTests: XCTestCase {
    private func importTab(_ folder: FolderListing) -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.importer(.folderListed(folder)), now: 0)
        return state
    }

    private func frame(_ state: AppState) -> String {
        state.render().text().split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }

    func testAFolderThatIsAURIShowsNoPassword() {
        let missing = FolderListing(path: "/tmp/x/postgresql://bob:SECRETPW@localhost:1", entries: [], error: "x", missing: true)
        XCTAssertEqual(frame(importTab(missing)), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File:

              There is no such folder: /tmp/x/postgresql://bob:****@localhost:1














             Type or paste a path · Tab completes · ↑↓ pick a file · Enter previews
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    func testAnErrorAndAFileNameShowNoPassword() {
        var state = importTab(FolderListing(path: "/tmp/postgresql:/bob:SECRETPW@localhost:1",
                                            entries: [.init(name: "postgresql:bob:SECRETPW@db.csv", isFolder: false)]))
        state.feed(.importer(.previewed(.failure(ImportFailure(file: "x.csv", .other("cannot open postgresql//bob:SECRETPW@localhost:1/x.csv"))))))
        XCTAssertEqual(frame(state), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File:

              ✗ cannot open postgresql//bob:****@localhost:1/x.csv
              Files in /tmp/postgresql:/bob:****@localhost:1
                postgresql:bob:****@db.csv












             Type or paste a path · Tab completes · ↑↓ pick a file · Enter previews
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    func testASummaryNamesTheFileWithoutItsPassword() {
        var state = importTab(FolderListing(path: "/w", entries: []))
        state.feed(.importer(.finished(name: "x.csv", .success(ImportReport(file: "/tmp/postgresql:/bob:SECRETPW@localhost:1")))))
        XCTAssertEqual(frame(state), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File:


              bob:****@localhost:1: 0 imported, 0 rejected, 0 duplicates skipped
              CSV · encoding -












             Type or paste a path · Tab completes · ↑↓ pick a file · Enter previews
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }
}
