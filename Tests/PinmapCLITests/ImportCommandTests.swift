import Foundation
import XCTest
import PinmapCLI
import PinStore
import PinmapTestSupport

final class ImportCommandTests: XCTestCase {
    func testUndoImportRefusesToDropEditedPinsWithoutForce() throws {
        let s = CLITestStore(self)
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

    /// `--json` gives the batch and the pins removed as an object (and the refusal stays a
    /// message on stderr, exit 1).
    func testUndoImportJSON() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        XCTAssertEqual(s.run("undo-import", "2", "--json").code, 1, "no batch 2")
        let undone = s.run("undo-import", "1", "--json")
        XCTAssertEqual(undone.code, 0, undone.stderr)
        XCTAssertEqual(undone.stdout, "{\"batch\": 1, \"removed\": 45}\n")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(undone.stdout.utf8)) as? [String: Int])
        XCTAssertEqual(object, ["batch": 1, "removed": 45])
    }

    /// An edit right after the import (same second) is seen, with
    /// `20-out-of-range.csv` (2 pins).
    func testUndoImportSeesAnEditInTheImportsSecond() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", RepoFiles.root.appendingPathComponent("Tests/PinImportTests/Fixtures/public/20-out-of-range.csv").path).code, 0)
        XCTAssertEqual(s.run("edit", "1", "--title", "edited").code, 0)
        let refused = s.run("undo-import", "1")
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(refused.stderr, "pinmap: 1 pin was edited or commented since import 1; nothing removed. `pinmap undo-import 1 --force` removes them too\n")
        XCTAssertEqual(try s.open().count(), 2)
    }

    func testAFailedImportLeavesNoNewStoreBehindButKeepsAnExistingOne() throws {
        let s = CLITestStore(self)
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

    /// A new user previews a file before the first import: a dry run needs no store, reports
    /// as usual (duplicates against an empty store) and creates no file or folder. Before, it
    /// said "no Pinmap store at …".
    func testADryRunWithoutAStoreReportsAndCreatesNothing() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path).appendingPathComponent("none")
        let db = dir.appendingPathComponent("sub/pins.sqlite").path
        let r = PinmapCLI.execute(["import", RepoFiles.seoulPins, "--dry-run", "--db", db])
        XCTAssertEqual(r.code, 0, r.stderr)
        let s = CLITestStore(self)
        s.run("add", "--title", "elsewhere", "--lat", "1", "--lon", "2")
        XCTAssertEqual(r.stdout, s.run("import", RepoFiles.seoulPins, "--dry-run").stdout, "as against an empty store")
        XCTAssertEqual(r.stdout.components(separatedBy: "\n").first, "\(RepoFiles.seoulPins): would import 45 pins, 0 rows rejected, 0 duplicates skipped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path), "neither the store nor its folders")
        let refused = PinmapCLI.execute(["import", s.file("missing.csv"), "--dry-run", "--db", db])
        XCTAssertEqual(refused.code, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path))
    }

    func testBatchIdsAreNeverReusedAfterAnUndo() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        XCTAssertEqual(s.run("undo-import", "1").code, 0)
        let again = s.run("import", RepoFiles.seoulPins, "--json")
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(again.stdout.contains("\"batch_id\" : 2,"), again.stdout)
        XCTAssertEqual(s.run("undo-import", "1").code, 1, "batch 1 is gone for good")
    }

    func testAFileWhoseEveryRowIsRejectedFailsButAHeaderOnlyFileOrARepeatDoesNot() throws {
        let s = CLITestStore(self)
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
        let s = CLITestStore(self)
        let path = s.file("esc.csv")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "name,lat,lon\nx,\u{1B}]0;HACKED\u{07},1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = s.run(["import", path], terminal: true)
        XCTAssertEqual(r.code, 1, "its only data row was rejected: nothing imported")
        XCTAssertEqual(r.stderr, "pinmap import: \(path): every data row was rejected (1); nothing was imported\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path), "the store this import created is removed")
        XCTAssertFalse(r.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, r.stdout)
        // Quoted values are escaped into one plain line (and a terminal would get placeholders).
        XCTAssertTrue(r.stdout.contains("  line 2: latitude '\\x1b]0;HACKED\\x07' is not a number\n"), r.stdout)
    }

    /// A junk file's one long "header" with control bytes: the message is one line, the lists
    /// end with whole names and one "…", and nothing is cut from its end.
    func testAColumnErrorOnJunkIsCutBetweenWholeNames() throws {
        let s = CLITestStore(self)
        let path = s.file("junk.bin")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (String(repeating: "\u{1}\u{13}é\u{9E}", count: 400) + "\n1\n").write(toFile: path, atomically: true, encoding: .utf8)
        let r = s.run("import", path)
        XCTAssertEqual(r.code, 1)
        let junk = String(repeating: "\\x01\\x13é\\u009e", count: 10)
        XCTAssertEqual(r.stderr, """
            pinmap import: \(path): no coordinate columns. Headers found: "\(junk)…". Accepted latitude headers: "latitude", \
            "lat", "y", "lat_dd", "latitude_dd", "decimallatitude", "decimal latitude", "latitud", "latitudine", "breitengrad", \
            "breite", "위도", "緯度", "纬度", "northing", "north", "point_y", "ycoord", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)"; \
            longitude: "longitude", "lon", "lng", "long", "x", "lon_dd", "longitude_dd", \
            "decimallongitude", "decimal longitude", "longitud", "longitudine", "längengrad", "laengengrad", "länge", "경도", \
            "経度", "經度", "经度", "easting", "east", "point_x", "xcoord", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)"; or one geometry column holding POINT (lon lat): "wkt", "geometry", "geom", "the_geom", \
            "wkt_geom"; or one "LAT, LON" column: "coordinates", "좌표" … (18 more). Name the columns with --lat COL --lon COL, or a WKT column with --wkt COL.

            """)
    }

    func testEmptyDbPathIsAUsageError() {
        let r = PinmapCLI.execute(["list", "--db", ""])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap: --db needs a store file's path or a postgresql:// URI, got '' (an empty path would be a throwaway temporary database)\nTry 'pinmap --help'.\n")
    }

    /// Korean Excel's CP949 CSV and a Shift_JIS file import with their titles, the report
    /// names the encoding; `--encoding` overrides it, an unknown name is a usage error, and a
    /// file that would be mojibake is refused with its encoding named, the store untouched.
    func testLegacyCJKEncodingsImportAndAreNamed() throws {
        let own = RepoFiles.root.appendingPathComponent("Tests/PinImportTests/Fixtures/own")
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", own.appendingPathComponent("enc-shiftjis.csv").path).code, 0)
        XCTAssertEqual(s.run("list").stdout.split(separator: "\n").map { String($0.split(separator: "\t")[3]) }, ["浅草寺", "東京タワー"])
        let korean = s.run("import", own.appendingPathComponent("enc-cp949-excel.csv").path, "--dry-run", "--json")
        XCTAssertEqual(korean.code, 0, korean.stderr)
        let report = try JSON.object(korean.stdout)
        XCTAssertEqual(report["encoding"] as? String, "CP949")
        XCTAssertEqual(report["imported"] as? Double, 3)
        let named = s.run("import", own.appendingPathComponent("enc-latin1.csv").path, "--encoding", "latin1", "--dry-run")
        XCTAssertEqual(named.code, 0, named.stderr)
        XCTAssertTrue(named.stdout.hasSuffix("  CSV, encoding ISO-8859-1, delimiter \",\", columns: name=\"name\", latitude=\"lat\", longitude=\"lon\"\n  note: dry run: nothing was written to the store\n"), named.stdout)
        let unknown = s.run("import", own.appendingPathComponent("enc-latin1.csv").path, "--encoding", "klingon")
        XCTAssertEqual(unknown.code, 2)
        XCTAssertEqual(unknown.stderr, "pinmap import: --encoding takes one of UTF-8, UTF-16LE, UTF-16BE, Windows-1252, ISO-8859-1, CP949, Shift_JIS, EUC-JP, GB18030, Big5, Windows-1251, KOI8-R, Windows-1250, Windows-1253, Windows-1254, got 'klingon'\nTry 'pinmap import --help'.\n")
        let mojibake = s.run("import", own.appendingPathComponent("enc-latin1.csv").path)
        XCTAssertEqual(mojibake.code, 1)
        XCTAssertTrue(mojibake.stderr.contains("enc-latin1.csv: the file is not UTF-8 (byte 0xF1 at byte 15, line 2, is not) and its encoding was not recognised: byte 0x81 at byte 17 is no character in Windows-1252 and a control character in ISO-8859-1. Save it as \"CSV UTF-8\", or name its encoding with --encoding"), mojibake.stderr)
        XCTAssertEqual(try s.open().count(), 2, "the refused file added nothing")
    }
}
