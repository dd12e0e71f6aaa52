import XCTest
import PinmapCLI
import PinImport
import PinStore

/// Plain output (list, show, comments, imports) escapes every control character losslessly,
/// also when piped (no ESC or BEL reaches `cat -A` raw).
final class PlainTextEscapeTests: XCTestCase {
    /// A pin with an SGR sequence in the title and an OSC title sequence with BEL in a comment.
    private func controlCharacterStore() throws -> CLITestStore {
        let s = CLITestStore(self)
        let store = try s.open()
        let id = try store.insert(NewPin(title: "Esc\u{1B}[31mRED", description: "one\ntwo\tthree\r\u{7F}\u{85}\u{2028}\u{2029}\\end",
                                         category: "c\u{0}d", latitude: 37.53, longitude: 127.03, createdAt: "2024-01-01T00:00:00Z"))
        _ = try store.addComment(pinID: id, body: "esc \u{1B}]0;TITLE\u{07} bell\nsecond")
        return s
    }

    func testListEscapesEveryControlCharacterWhenPiped() throws {
        let r = try controlCharacterStore().run("list")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout, "1\t37.530000\t127.030000\tEsc\\x1b[31mRED\tc\\x00d\t2024-01-01T00:00:00Z\n")
    }

    func testSearchOutputIsEscapedToo() throws {
        let r = try controlCharacterStore().run("list", "--search", "red")
        XCTAssertEqual(r.stdout, "1\t37.530000\t127.030000\tEsc\\x1b[31mRED\tc\\x00d\t2024-01-01T00:00:00Z\n")
    }

    func testCommentsEscapeEveryControlCharacterWhenPiped() throws {
        let s = try controlCharacterStore()
        let r = s.run("comments", "1")
        let date = try XCTUnwrap(s.open().comments(pinID: 1).first?.createdAt)
        XCTAssertEqual(r.stdout, "1\t\(date)\tesc \\x1b]0;TITLE\\x07 bell\\nsecond\n")
    }

    func testShowKeepsLineBreaksOfADescriptionAndEscapesTheRest() throws {
        let s = try controlCharacterStore()
        let pin = try XCTUnwrap(s.open().pin(id: 1))
        let date = try XCTUnwrap(s.open().comments(pinID: 1).first?.createdAt)
        let r = s.run("show", "1")
        XCTAssertEqual(r.stdout, """
            Esc\\x1b[31mRED
            id           1
            category     c\\x00d
            coordinates  37.53, 127.03  37°31′48.0″N 127°01′48.0″E
            place        near Seoul, KR
            created      2024-01-01T00:00:00Z
            updated      \(pin.updatedAt)
            description  one
                         two\\tthree\\r\\x7f\\u0085\\u2028\\u2029\\\\end
            comments (1)
              #1  \(date)  esc \\x1b]0;TITLE\\x07 bell
                second

            """)
        // On a terminal the same, line breaks included (they were drawn as ␊ there).
        XCTAssertEqual(s.run(["show", "1"], terminal: true).stdout, r.stdout)
    }

    func testImportsTableEscapesFileNamesAndAlignsWideCounts() {
        let small = ImportBatch(id: 1, file: "/tmp/a\u{1B}[2J.csv", importedAt: "2026-11-30T11:16:33Z", imported: 10, rejected: 2,
                                duplicates: 1, encoding: "UTF-8", delimiter: ",", pinsLeft: 10)
        let big = ImportBatch(id: 2, file: "/tmp/pins-1000000.csv", importedAt: "2026-11-30T11:20:00Z", imported: 1_000_000,
                              rejected: 12_345_678, duplicates: 0, encoding: "UTF-8", delimiter: ",", pinsLeft: 999_999)
        XCTAssertEqual(ImportReportFormatter.batchTable([small, big]), """
               id  imported_at                     pins  rejected  duplicates  file
                1  2026-11-30T11:16:33Z              10         2           1  /tmp/a\\x1b[2J.csv
                2  2026-11-30T11:20:00Z  999999/1000000  12345678           0  /tmp/pins-1000000.csv
            """)
    }

    /// A bidi override in a file name is escaped, on a terminal and in a pipe alike (it would
    /// reverse the rest of the line in a pager or a log), as in `list`.
    func testImportsEscapeBidiControlsInFileNames() throws {
        let s = CLITestStore(self)
        let csv = s.file("r\u{202E}ev.csv")
        try "title,lat,lon\nA,1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("import", csv).code, 0)
        let plain = s.run("imports").stdout, shown = s.run("imports", terminal: true).stdout
        XCTAssertTrue(plain.contains("r\\u202eev.csv"), plain)
        XCTAssertFalse(plain.unicodeScalars.contains("\u{202E}"), plain)
        XCTAssertTrue(shown.contains("r\\u202eev.csv"), shown)
        XCTAssertEqual(shown.split(separator: "\n").count, 2, shown)
    }

    /// `list` escapes the bidi embeddings, overrides and isolates when piped, and keeps the
    /// marks (LRM, RLM), which reorder nothing.
    func testListEscapesBidiControls() throws {
        let s = CLITestStore(self)
        _ = try s.open().insert(NewPin(title: "a\u{202E}b\u{2066}c\u{2069}\u{200F}d", latitude: 1, longitude: 2,
                                       createdAt: "2024-01-01T00:00:00Z"))
        XCTAssertEqual(s.run("list").stdout, "1\t1.000000\t2.000000\ta\\u202eb\\u2066c\\u2069\u{200F}d\t\t2024-01-01T00:00:00Z\n")
    }

    /// add, edit, delete, show and list give the same pin object (`place` included).
    func testEveryCommandPrintsTheSamePinObject() throws {
        let s = CLITestStore(self)
        let added = s.run("add", "--title", "War Memorial", "--lat", "37.5365", "--lon", "126.9772", "--json").stdout
        let shown = s.run("show", "1", "--json").stdout
        let listed = s.run("list", "--json").stdout
        XCTAssertEqual(shown.replacingOccurrences(of: "\"comments\":[],", with: ""), added)
        XCTAssertEqual(listed, "[\n" + added.dropLast() + "\n]\n")
        let edited = s.run("edit", "1", "--category", "museum", "--json").stdout
        XCTAssertEqual(s.run("list", "--json").stdout, "[\n" + edited.dropLast() + "\n]\n")
        XCTAssertEqual(s.run("delete", "1", "--json").stdout, edited)
    }
}
