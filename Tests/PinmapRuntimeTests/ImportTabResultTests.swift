import XCTest
import Foundation
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// After a preview or a result: typing starts a new path, Enter never imports the last
/// file again, the old result goes when the path changes, and long lines are wrapped or
/// cut with "…".
final class ImportTabResultTests: XCTestCase {
    /// The test's own folder, under /tmp: the frames show the path (masked).
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try makeTempFolder(under: "/tmp") }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = URL(fileURLWithPath: folder.path).appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func imported(cols: Int = 60, rows: Int = 16) throws -> (AppRunner, String) {
        let path = try file("a.csv", "name,lat,lon\nTower,37.5,126.9\n")
        let r = try UIFixtures.sqliteRunner(cols: cols, rows: rows)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        r.key(.enter)
        return (r, path)
    }

    func testTypingAfterAResultStartsANewPathAndClearsTheResult() throws {
        let (r, _) = try imported()
        XCTAssertFalse(r.state.importTab.summary.isEmpty)
        r.char("/")
        r.char("x")
        XCTAssertEqual(r.state.importTab.field.text, "/x", "not appended to the old path, not swallowed")
        XCTAssertTrue(r.state.importTab.editing)
        XCTAssertEqual(r.state.importTab.summary, [], "the old result goes when the path changes")
    }

    /// A new path after a result (`e` edits the last one; Enter starts an empty one) lists its
    /// folder's files, as the field's hint ("↑↓ pick a file") says; ↓ and a click pick one, and
    /// Esc shows the result again. The result stayed drawn there, so ↓ picked from a hidden
    /// list and a click on a file did nothing.
    func testANewPathAfterAResultListsTheFolderToPickFrom() throws {
        _ = try file("b.csv", "name,lat,lon\nHill,37.6,127.0\n")
        let (r, path) = try imported(cols: 60, rows: 16)
        r.char("e")
        let rows = { (s: Screen) in (0..<s.height).map { s.line($0) } }
        let listed = rows(r.state.render())
        XCTAssertEqual(Array(listed[6...9]), ["  Files in " + listed[6].dropFirst(11), "    a.csv", "    b.csv", ""])
        XCTAssertTrue(listed[6].hasPrefix("  Files in /tmp"), listed[6])
        XCTAssertFalse(listed.contains { $0.contains("imported") }, "the result gives way to the list")
        r.key(.escape)
        XCTAssertTrue(rows(r.state.render()).contains { $0.hasPrefix("  a.csv: 1 imported") }, "Esc shows the result again")
        r.char("e")
        r.key(.down)
        XCTAssertEqual(r.state.importTab.field.text, path, "↓ picks the first file")
        r.mouse(.press, .left, col: 6, row: 8)
        XCTAssertEqual(r.state.importTab.field.text, folder.path + "/b.csv", "a click picks the file under it")
    }

    func testEAndIEnterThePathFieldWithoutBeingTyped() throws {
        let r = try UIFixtures.sqliteRunner(cols: 60, rows: 16)
        r.char("3")
        r.char("i")
        XCTAssertEqual(r.state.importTab.field.text, "", "i enters the field")
        r.char("e")
        XCTAssertEqual(r.state.importTab.field.text, "e", "once in it, e is typed")
    }

    func testEnterAfterAResultNeverImportsTheLastFileAgain() throws {
        let (r, _) = try imported()
        XCTAssertEqual(try r.store.count(), 6)
        r.key(.enter)
        XCTAssertEqual(r.state.importTab.field.text, "", "Enter starts a new, empty path")
        r.key(.enter)
        r.key(.enter)
        XCTAssertEqual(try r.store.count(), 6)
        XCTAssertNil(r.state.importTab.preview)
    }

    func testLettersAfterAPreviewStartANewPath() throws {
        let path = try file("b.csv", "name,lat,lon\nTower,37.5,126.9\n")
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        XCTAssertNotNil(r.state.importTab.preview)
        r.char("~")
        XCTAssertEqual(r.state.importTab.field.text, "~")
        XCTAssertNil(r.state.importTab.preview)
    }

    /// The result is wrapped, never cut, and said once: on the tab, with no toast repeating
    /// it; the hint says what Enter does and drops whole items that do not fit.
    func testResultFrame() throws {
        let (r, _) = try imported()
        XCTAssertNil(r.state.feedback.toast)
        XCTAssertEqual(TempFolder.masked(r.text), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoP…


              File: /tmp/pinmap-test-XXXXXX/a.csv


              a.csv: 1 imported, 0 rejected, 0 duplicates skipped
              (import #1; u undoes it)
              CSV · encoding UTF-8 · delimiter ,
              columns: latitude ← "lat", longitude ← "lon",
              title ← "name"

             u undo import · Enter or typing: new path
             medium · 6 of 6 pins in view · Busan Tower          ? help
                 1 Map       2 Timeline      3 Import      4 Settings
            """)
    }

    /// A user who pressed `1` during the import is told by a toast (the tab's summary waits
    /// for them on the Import tab).
    func testResultIsAToastWhenTheUserLeftTheImportTab() throws {
        let path = try file("c.csv", "name,lat,lon\nTower,37.5,126.9\n")
        let r = try UIFixtures.sqliteRunner(cols: 60, rows: 16)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        r.afterOutcome = { if r.state.importTab.progress != nil, r.state.tab == .importer { r.feed(.input(.key(.char("1"))), now: 0) } }
        r.key(.enter)
        XCTAssertEqual(r.state.tab, .map)
        XCTAssertEqual(r.state.feedback.toast?.message, "c.csv: 1 imported, 0 rejected, 0 duplicates skipped")
        XCTAssertEqual(r.state.importTab.summary.first, "c.csv: 1 imported, 0 rejected, 0 duplicates skipped (import #1; u undoes it)")
    }
}
