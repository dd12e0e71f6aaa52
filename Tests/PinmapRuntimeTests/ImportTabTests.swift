import XCTest
import Foundation
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinImport

final class ImportTabTests: XCTestCase {
    private func csvFile(_ text: String) throws -> String {
        let dir = URL(fileURLWithPath: try makeTempFolder().path)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("places.csv")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testTypePathPreviewImportAndSeeTheNotice() throws {
        let path = try csvFile("이름;위도;경도;category\n남산타워;37,5512;126,9882;view\nBad;abc;126;x\n")
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        for ch in path { r.char(ch) }
        XCTAssertTrue(r.text.contains("places.csv"), r.text)
        r.key(.enter)
        var t = r.text
        XCTAssertTrue(t.contains("CSV · encoding UTF-8 · delimiter ;"), t)
        XCTAssertTrue(t.contains("latitude ← \"위도\""), t)
        XCTAssertTrue(t.contains("남산타워  37.5512, 126.9882  view"), t)
        XCTAssertTrue(t.contains("✗ line 3:"), t)
        XCTAssertEqual(try r.store.count(), 5, "a preview writes nothing")
        r.key(.enter)
        t = r.text
        XCTAssertTrue(t.contains("places.csv: 1 imported, 1 rejected, 0 duplicates skipped"), t)
        XCTAssertNil(r.state.feedback.toast, "the tab says it; a toast would say it twice")
        XCTAssertEqual(try r.store.count(), 6)
        XCTAssertEqual(r.state.list.totalCount, 6, "the list and map update at once")
    }

    /// Enter with no path names every format the tab reads, as its title does (it named two
    /// of eight), from the one list of them; the list is the formats the importer reads.
    func testEnterWithNoPathNamesEveryFormat() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        r.key(.enter)
        let f = r.frame()
        let rows = (0..<f.height).map { f.line($0) }
        let top = try XCTUnwrap(rows.firstIndex { $0.contains("Import pins from") }, f.text())
        XCTAssertEqual(Array(rows[top..<(top + 7)]).map { String($0.reversed().drop { $0 == " " }.reversed()) }, [
            "  Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile",
            "", "",
            "  File:",
            "",
            "  ✗ Type the path of the file to import first (CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or",
            "  Shapefile)",
        ], f.text())
        let names = PinFileScanner.Format.allCases.map { $0 == .takeout ? "JSON" : $0.rawValue }
        XCTAssertEqual(S.importFormats.text, names.dropLast().joined(separator: ", ") + " or " + names.last!)
    }

    func testMissingFileSaysWhyAndWritesNothing() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        for ch in "/nonexistent/pins.csv" { r.char(ch) }
        r.key(.enter)
        XCTAssertNotNil(r.state.importTab.error)
        XCTAssertTrue(r.text.contains("✗ "), r.text)
        XCTAssertEqual(try r.store.count(), 5)
    }

    func testQIsTextInThePathFieldAndEscLeavesIt() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        r.char("/")
        r.char("q")
        XCTAssertFalse(r.state.quit)
        XCTAssertEqual(r.state.importTab.field.text, "/q")
        r.key(.escape)
        r.char("1")
        XCTAssertEqual(r.state.tab, .map)
    }
}
