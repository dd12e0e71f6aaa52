import Foundation
import XCTest
import PinmapCLI
import PinStore

final class ImportCommandTests: XCTestCase {
    func testUndoImportRefusesToDropEditedPinsWithoutForce() throws {
        let s = CLITestStore()
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        // In the import's second too: edits are counted, not told by timestamps.
        XCTAssertEqual(s.run("edit", "3", "--title", "Edited").code, 0)
        let refused = s.run("undo-import", "1")
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.contains("1 pin was edited or commented since import 1"), refused.stderr)
        XCTAssertEqual(try s.open().count(), 45, "nothing removed")
        let forced = s.run("undo-import", "1", "--force")
        XCTAssertEqual(forced.code, 0, forced.stderr)
        XCTAssertEqual(forced.stdout, "Removed import batch 1: 45 pins deleted\n")
        XCTAssertEqual(try s.open().count(), 0)
    }

    /// The tester's repro: an edit right after the import (same second) is seen, with
    /// `20-out-of-range.csv` (2 pins).
    func testUndoImportSeesAnEditInTheImportsSecond() throws {
        let s = CLITestStore()
        XCTAssertEqual(s.run("import", RepoFiles.root.appendingPathComponent("Tests/PinImportTests/Fixtures/public/20-out-of-range.csv").path).code, 0)
        XCTAssertEqual(s.run("edit", "1", "--title", "edited").code, 0)
        let refused = s.run("undo-import", "1")
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(refused.stderr, "pinmap: 1 pin was edited or commented since import 1; nothing removed. `pinmap undo-import 1 --force` removes them too\n")
        XCTAssertEqual(try s.open().count(), 2)
    }

    func testAFailedImportLeavesNoNewStoreBehindButKeepsAnExistingOne() throws {
        let s = CLITestStore()
        let missing = s.file("missing.csv")
        XCTAssertEqual(s.run("import", missing).code, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path), "no store was there before")
        let noCoordinates = s.file("names.csv")
        try "title,notes\nA,b\n".write(toFile: noCoordinates, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("import", noCoordinates).code, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path))
        // An import that succeeds with no rows (a header only) keeps its new, empty store.
        let headerOnly = s.file("header.csv")
        try "title,lat,lon\n".write(toFile: headerOnly, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("import", headerOnly).code, 0)
        XCTAssertEqual(s.run("list", "--json").stdout, "[]\n")
        // A store that existed stays, as it was.
        s.run("add", "--title", "kept", "--lat", "1", "--lon", "2")
        XCTAssertEqual(s.run("import", missing).code, 1)
        XCTAssertEqual(try s.open().count(), 1)
    }

    func testBatchIdsAreNeverReusedAfterAnUndo() throws {
        let s = CLITestStore()
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        XCTAssertEqual(s.run("undo-import", "1").code, 0)
        let again = s.run("import", RepoFiles.seoulPins, "--json")
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(again.stdout.contains("\"batch_id\" : 2,"), again.stdout)
        XCTAssertEqual(s.run("undo-import", "1").code, 1, "batch 1 is gone for good")
    }

    func testAFileWhoseEveryRowIsRejectedFailsButAHeaderOnlyFileOrARepeatDoesNot() throws {
        let s = CLITestStore()
        let dir = (s.path as NSString).deletingLastPathComponent
        let bad = dir + "/bad.csv", header = dir + "/header.csv", good = dir + "/good.csv"
        try "name,lat,lon\nA,abc,1\nB,95,1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        try "name,lat,lon\n".write(toFile: header, atomically: true, encoding: .utf8)
        try "name,lat,lon\nC,1,2\n".write(toFile: good, atomically: true, encoding: .utf8)
        let r = s.run("import", bad)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap import: \(bad): every data row was rejected (2); nothing was imported\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path))
        XCTAssertEqual(s.run("import", header).code, 0, "no data rows: nothing to reject")
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.path), "and its new store stays")
        XCTAssertEqual(s.run("import", good).code, 0)
        XCTAssertEqual(s.run("import", good).code, 0, "a repeat: its row is a duplicate, not rejected")
        XCTAssertEqual(s.run("import", bad).code, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.path), "a store that existed stays")
    }

    func testEscapeSequencesFromAFileNeverReachATerminal() throws {
        let s = CLITestStore()
        let path = s.file("esc.csv")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "name,lat,lon\nx,\u{1B}]0;HACKED\u{07},1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = s.run(["import", path], terminal: true)
        XCTAssertEqual(r.code, 1, "its only data row was rejected: nothing imported")
        XCTAssertEqual(r.stderr, "pinmap import: \(path): every data row was rejected (1); nothing was imported\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path), "the store this import created is removed")
        XCTAssertFalse(r.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, r.stdout)
        // Quoted values are escaped into one plain line (and a terminal would get placeholders).
        XCTAssertTrue(r.stdout.contains("  line 2: latitude '\\u{1B}]0;HACKED\\u{7}' is not a number\n"), r.stdout)
    }

    /// A junk file's one long "header" with control bytes: the message is one line, the lists
    /// end with whole names and one "…", and nothing is cut from its end.
    func testAColumnErrorOnJunkIsCutBetweenWholeNames() throws {
        let s = CLITestStore()
        let path = s.file("junk.bin")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (String(repeating: "\u{1}\u{13}é\u{9E}", count: 400) + "\n1\n").write(toFile: path, atomically: true, encoding: .utf8)
        let r = s.run("import", path)
        XCTAssertEqual(r.code, 1)
        let junk = String(repeating: "\\u{1}\\u{13}é\\u{9E}", count: 10)
        XCTAssertEqual(r.stderr, """
            pinmap import: \(path): no coordinate columns. Headers found: "\(junk)…". Accepted latitude headers: "latitude", \
            "lat", "y", "lat_dd", "latitude_dd", "decimallatitude", "decimal latitude", "latitud", "latitudine", "breitengrad", \
            "breite", "위도", "緯度", "纬度", "northing", "north", "point_y", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)"; \
            longitude: "longitude", "lon", "lng", "long", "x", "lon_dd", "longitude_dd", \
            "decimallongitude", "decimal longitude", "longitud", "longitudine", "längengrad", "laengengrad", "länge", "경도", \
            "経度", "經度", "经度", "easting", "east", "point_x", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)"; or one geometry column holding POINT (lon lat): "wkt", "geometry", "geom", "the_geom", \
            "wkt_geom". Name the columns with --lat COL --lon COL.

            """)
    }

    func testEmptyDbPathIsAUsageError() {
        let r = PinmapCLI.execute(["list", "--db", ""])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("--db needs a file path"), r.stderr)
    }
}
