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












             Enter or typing starts a new path · e edits the last path · ? help
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    /// The path field itself: a server's URI typed into it shows `****` for its password as
    /// soon as the `@` after it is typed, and after Enter, where the field stays on screen
    /// (it once read `File: postgresql://postgres:s3cret@127.0.0.1:5432/pins`). What was typed
    /// stays whole: the import gets the real URI.
    func testTheFieldShowsNoPasswordWhileTypedNorAfterEnter() {
        var state = importTab(FolderListing(path: "/w", entries: []))
        state.type("postgresql://postgres:s3cret")
        XCTAssertEqual(fieldRow(state), "  File: postgresql://postgres:s3cret", "no `@` yet: nothing says it is a password")
        state.type("@127.0.0.1:5432/pins")
        XCTAssertEqual(fieldRow(state), "  File: postgresql://postgres:****@127.0.0.1:5432/pins")
        XCTAssertEqual(state.importTab.field.text, "postgresql://postgres:s3cret@127.0.0.1:5432/pins")
        state.press(.enter)
        XCTAssertEqual(frame(state), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File: postgresql://postgres:****@127.0.0.1:5432/pins

              No file to import in /w














             Enter or typing starts a new path · e edits the last path · ? help
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
        XCTAssertEqual(state.importTab.field.text, "postgresql://postgres:s3cret@127.0.0.1:5432/pins")
    }

    /// The cursor moved into the password: the mask stays `****` (its length is not the
    /// password's) and the cursor is drawn just after it; a password longer than the box
    /// scrolls as four cells.
    func testTheCursorInsideThePasswordStaysAfterTheMask() {
        let field = TextField("postgresql://ann:averyveryverylongpassword@db/pins")
        XCTAssertEqual(field.display(width: 60, ascii: false, hidingPasswords: true).text, "postgresql://ann:****@db/pins")
        var inside = field
        for _ in 0..<12 { inside.handle(.left) }  // between "pass" and "word"
        let shown = inside.display(width: 60, ascii: false, hidingPasswords: true)
        XCTAssertEqual(shown.text, "postgresql://ann:****@db/pins")
        XCTAssertEqual(shown.cursorCol, 21, "on the `@`, after the mask")
        XCTAssertEqual(field.display(width: 20, ascii: false, hidingPasswords: true).text, "://ann:****@db/pins", "scrolled to the cursor")
        XCTAssertEqual(field.display(width: 60, ascii: false).text, "postgresql://ann:averyveryverylongpassword@db/pins",
                       "other fields draw the text as it is")
    }

    private func fieldRow(_ state: AppState) -> String {
        String(frame(state).split(separator: "\n", omittingEmptySubsequences: false)[4])
    }
}
