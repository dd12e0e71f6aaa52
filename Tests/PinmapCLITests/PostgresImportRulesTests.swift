import Foundation
import XCTest
@testable import PinmapCLI
import PinmapCore
import PinImport
import PinModel
import PinStore
import PinStorePostgres
import PostgresTesting
import PinmapTestSupport

/// Imports into a PostgreSQL store as a file store does them, where the server differs:
/// text holding U+0000 (which PostgreSQL's `text` and `jsonb` refuse) is rejected row by row
/// with its line and field, on the streamed and the staged path; a repeat import lists its
/// duplicates' lines; an import into a database without a store makes one only when it
/// succeeds, and a dry run there makes nothing (PINMAP_TEST_PG_URL).
final class PostgresImportRulesTests: XCTestCase {
    private var uri = ""
    private var temp: TempFolder!
    private var folder: URL { URL(fileURLWithPath: temp.path) }

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        temp = try makeTempFolder()
    }

    override func tearDownWithError() throws {
        if !uri.isEmpty { TestServer.dropDatabase(uri) }
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static let nulSentence = "holds a NUL character (U+0000), which a PostgreSQL store cannot keep; remove it or import into a file store"

    /// A copy's refusal advises a copy, naming the pin where it can be fixed.
    private static func copySentence(_ field: String, pin: Int, _ source: String) -> String {
        "\(field) holds a NUL character (U+0000), which a PostgreSQL store cannot keep; remove it from pin \(pin) in \(source), or copy into a file store"
    }

    /// `n` data rows; row 6 (line 7) has a NUL in its description, row 9 (line 10) in its
    /// `note` (a property).
    private func nulCSV(rows n: Int) throws -> String {
        var text = "title,latitude,longitude,description,note\n"
        for i in 0..<n {
            let description = i == 5 ? "bad\u{0}here" : "a description long enough for the file's size \(i)"
            text += "Pin \(i),\(37 + Double(i % 90) * 0.01),\(127 + Double(i % 80) * 0.01),\(description),\(i == 8 ? "x\u{0}y" : "n\(i % 3)")\n"
        }
        return try write("nul-\(n).csv", text)
    }

    private func expectedNULIssues(_ path: String) -> [RowIssue] {
        [RowIssue(line: 7, field: .column("description"), value: "bad\u{0}here", reason: "description \(Self.nulSentence)", rule: .nulCharacter),
         RowIssue(line: 10, field: .column("note"), value: "{\"note\":\"x\\u0000y\"}", reason: "property \"note\" \(Self.nulSentence)",
                  rule: .nulCharacter)]
    }

    private func tables(_ target: String) throws -> [String] {
        try PostgresDatabases.rows("""
            SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1
            """, uri: target).map { $0[0] ?? "" }
    }

    // MARK: NUL

    func testANULIsRejectedWithItsLineAndFieldOnTheStagedPathAndAFileStoreKeepsIt() throws {
        uri = try TestServer.freshStoreURI()
        let path = try nulCSV(rows: 12)
        let server = try PostgresStore(uri: uri)
        XCTAssertNil(try server.streamedImport(expectedPins: 12), "a small file is staged")
        let report = try ServerImport.run(path: path, store: server)
        XCTAssertEqual([report.imported, report.rejected], [10, 2])
        XCTAssertEqual(report.errors, expectedNULIssues(path))
        XCTAssertEqual(try server.count(), 10)
        // The file store keeps every row as it was written.
        let file = try Store(path: folder.appendingPathComponent("pins.sqlite").path)
        let kept = try Importer.run(path: path, store: file)
        XCTAssertEqual([kept.imported, kept.rejected], [12, 0])
        XCTAssertEqual(try file.pin(id: 6)?.description, "bad\u{0}here")
        // The command line names line and field.
        TestServer.dropDatabase(uri)
        uri = try TestServer.freshStoreURI()
        let cli = PinmapCLI.execute(["import", path, "--db", uri])
        XCTAssertEqual(cli.code, 0, cli.stderr)
        XCTAssertEqual(cli.stdout.split(separator: "\n").filter { $0.hasPrefix("  line") }, [
            "  line 7: description \(Self.nulSentence)", "  line 10: property \"note\" \(Self.nulSentence)"])
    }

    func testANULIsRejectedWithItsLineAndFieldOnTheStreamedPath() throws {
        uri = try TestServer.freshStoreURI()
        let path = try nulCSV(rows: 6_000)
        let server = try PostgresStore(uri: uri)
        XCTAssertNotNil(try server.streamedImport(expectedPins: 6_000), "this import streams")
        let report = try ServerImport.run(path: path, store: server)
        XCTAssertEqual([report.imported, report.rejected], [5_998, 2])
        XCTAssertEqual(report.errors, expectedNULIssues(path))
        XCTAssertEqual(try server.count(), 5_998)
        XCTAssertEqual(try server.importBatches().map(\.rejected), [2])
    }

    // MARK: Repeated headers

    /// A header that repeats a name keeps both columns' values (`dup`, `dup (2)`), on the
    /// staged path (a small file) and the streamed one, as a file store does; the report lists
    /// the stored keys and the second column's value is found by search.
    func testARepeatedHeaderKeepsEveryColumnsValuesOnTheStagedAndTheStreamedPath() throws {
        for n in [3, 6_000] {
            if !uri.isEmpty { TestServer.dropDatabase(uri) }
            uri = try TestServer.freshStoreURI()
            var text = "title,lat,lon,dup,dup\n"
            for i in 0..<n { text += "P\(i),\(37 + Double(i % 90) * 0.01),127,d1-\(i),\(i == n - 1 ? "onlysecond" : "d2-\(i)")\n" }
            let path = try write("dup-\(n).csv", text)
            let server = try PostgresStore(uri: uri)
            XCTAssertEqual(try server.streamedImport(expectedPins: n) != nil, n > 3, "\(n)")
            let report = try ServerImport.run(path: path, store: server)
            XCTAssertEqual([report.imported, report.rejected], [n, 0])
            XCTAssertEqual(report.properties, ["dup", "dup (2)"])
            XCTAssertEqual(try server.pin(id: 2)?.properties, #"{"dup":"d1-1","dup (2)":"d2-1"}"#)
            XCTAssertEqual(try PostgresDatabases.rows("""
                SELECT count(*) FROM pins WHERE properties->>'dup' = 'd1-' || (id - 1)
                AND properties->>'dup (2)' = CASE WHEN id = \(n) THEN 'onlysecond' ELSE 'd2-' || (id - 1) END
                """, uri: uri), [["\(n)"]])
            XCTAssertEqual(try server.pins(matching: PinQuery(search: "onlysecond")).map(\.title), ["P\(n - 1)"])
        }
    }

    func testAJSONEscapedNULInATakeoutOrGeoJSONPropertyIsRejected() throws {
        uri = try TestServer.freshStoreURI()
        let path = try write("places.geojson", """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127, 37]}, "properties": {"name": "Fine", "memo": "ok"}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127.1, 37.1]}, "properties": {"name": "Bad", "memo": "a\\u0000b"}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127.2, 37.2]}, "properties": {"name": "Literal", "memo": "a\\\\u0000b"}}
            ]}
            """)
        let server = try PostgresStore(uri: uri)
        let report = try ServerImport.run(path: path, store: server)
        XCTAssertEqual([report.imported, report.rejected], [2, 1])
        XCTAssertEqual(try server.pin(id: 2)?.properties, #"{"memo":"a\\u0000b"}"#, "an escaped backslash before u0000 is no NUL")
        XCTAssertEqual(report.errors.map(\.description), ["feature 2: property \"memo\" \(Self.nulSentence)"])
        XCTAssertEqual(report.errors.map(\.field), [.member("memo")])
    }

    /// A NUL in a feature's title names the feature and the key the file used (`name` or
    /// `title`), and a NUL in a property's name is shown as every message shows a control
    /// character.
    func testANULInAGeoJSONTitleNamesTheFeatureAndItsKey() throws {
        uri = try TestServer.freshStoreURI()
        let path = try write("titles.geojson", """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127, 37]}, "properties": {"name": "Fine"}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127.1, 37.1]}, "properties": {"name": "Ba\\u0000d"}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127.2, 37.2]}, "properties": {"title": "T\\u0000", "name": "n"}},
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127.3, 37.3]}, "properties": {"name": "Key", "a\\u0000b": 1}}
            ]}
            """)
        let cli = PinmapCLI.execute(["import", path, "--db", uri, "--dry-run"])
        XCTAssertEqual(cli.code, 0, cli.stderr)
        XCTAssertEqual(cli.stdout.split(separator: "\n").filter { $0.hasPrefix("  feature") }, [
            "  feature 2: properties.name \(Self.nulSentence)", "  feature 3: properties.title \(Self.nulSentence)",
            "  feature 4: property \"a\\x00b\" \(Self.nulSentence)"])
        let report = try ServerImport.run(path: path, store: try PostgresStore(uri: uri))
        XCTAssertEqual(report.errors.map(\.field), [.member("properties.name"), .member("properties.title"), .member("a\u{0}b")])
        XCTAssertEqual(report.errors.map(\.unit), [.feature, .feature, .feature])
    }

    func testAddEditCommentAndCopyRefuseANULOnAServer() throws {
        uri = try TestServer.freshStoreURI()
        func run(_ args: [String]) -> CLIResult { PinmapCLI.execute(args + ["--db", uri]) }
        let add = run(["add", "--title", "Jong\u{0}myo", "--lat", "37.57", "--lon", "126.99"])
        XCTAssertEqual(add.code, 1)
        XCTAssertEqual(add.stderr, "pinmap: title \(Self.nulSentence)\n")
        XCTAssertEqual(run(["add", "--title", "Jongmyo", "--lat", "37.57", "--lon", "126.99"]).stdout, "1\n")
        let edit = run(["edit", "1", "--description", "a\u{0}"])
        XCTAssertEqual(edit.code, 1)
        XCTAssertEqual(edit.stderr, "pinmap: description \(Self.nulSentence)\n")
        let server = try PostgresStore(uri: uri)
        XCTAssertThrowsError(try server.addComment(pinID: 1, body: "x\u{0}")) {
            XCTAssertEqual(($0 as? StoreError)?.message, "the comment \(Self.nulSentence)")
        }
        XCTAssertEqual(try server.pin(id: 1)?.version, 1, "nothing written")
        // A file store's pin with a NUL: the copy names the pin and its field, and copies nothing.
        let file = folder.appendingPathComponent("pins.sqlite").path
        XCTAssertEqual(PinmapCLI.execute(["import", try nulCSV(rows: 12), "--db", file]).code, 0)
        let copy = PinmapCLI.execute(["copy", "--from", file, "--to", uri])
        XCTAssertEqual(copy.code, 1)
        XCTAssertEqual(copy.stderr, "pinmap copy: --to: pin 6: \(Self.copySentence("description", pin: 6, file)); nothing was copied\n")
        XCTAssertEqual(try server.count(), 1)
        XCTAssertEqual(try server.importBatches().count, 0)
    }

    // MARK: Duplicates

    func testARepeatImportListsItsDuplicatesByLineAsAFileStoreDoes() throws {
        uri = try TestServer.freshStoreURI()
        let first = try write("first.csv", "title,latitude,longitude,category\nA,37.5,127,cafe\nB,37.6,127.1,\nC,37.7,127.2,park\n")
        let again = try write("again.csv", "title,latitude,longitude,category\nNew,1,2,\nC,37.7,127.2,park\nNew,1,2,\nA,37.5,127,cafe\n")
        let file = folder.appendingPathComponent("pins.sqlite").path
        var outputs: [String] = []
        var reports: [ServerImportTestReport] = []
        for db in [uri, file] {
            XCTAssertEqual(PinmapCLI.execute(["import", first, "--db", db]).code, 0)
            let dry = PinmapCLI.execute(["import", again, "--db", db, "--dry-run"])
            let json = PinmapCLI.execute(["import", again, "--db", db, "--json"])
            let report = try JSON.object(json.stdout)
            reports.append(try ServerImportTestReport.decode(report))
            outputs.append(dry.stdout)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(reports[0], reports[1])
        XCTAssertEqual(reports[0].duplicateRows, [DuplicateRow(line: 3, ofPin: 3), DuplicateRow(line: 4, ofLine: 2), DuplicateRow(line: 5, ofPin: 1)])
        XCTAssertEqual(reports[0].imported, 1)
        // The Import tab's lines, from the server's report as from the file's.
        let server = try ServerImport.run(path: again, store: try PostgresStore(uri: uri))
        let local = try Importer.run(path: again, store: try Store(path: file))
        XCTAssertEqual(ImportResultText.summary(server).dropFirst(), ImportResultText.summary(local).dropFirst())
        XCTAssertEqual(Array(ImportResultText.summary(server).suffix(5)), [
            "line 2 repeats pin 4 in the store", "line 3 repeats pin 3 in the store", "line 4 repeats pin 4 in the store",
            "line 5 repeats pin 1 in the store", "note: nothing was imported; the store is unchanged"])
    }

    /// A small file into a server of many pins is checked row by row through the pins'
    /// GiST index (`PostgresPinLookup.probeShare`): the same duplicates and lines as a file
    /// store's, which reads its pins whole.
    func testASmallFileIntoALargerServerFindsTheSameDuplicatesAsAFileStore() throws {
        uri = try TestServer.freshStoreURI()
        var text = "title,latitude,longitude,category,created_at\n"
        for i in 0..<400 { text += "Pin \(i),\(37 + Double(i) * 0.001),127,\(i % 2 == 0 ? "cafe" : ""),2024-05-0\(1 + i % 9)\n" }
        let first = try write("first.csv", text)
        let again = try write("again.csv", """
            title,latitude,longitude,category,created_at
            Pin 4,37.004,127,cafe,2024-05-05
            Pin 5,37.005,127,,
            Pin 6,37.006,127,cafe,2023-01-01
            Other,37.004,127,cafe,

            """)
        let file = folder.appendingPathComponent("pins.sqlite").path
        var outputs: [String] = []
        for db in [uri, file] {
            XCTAssertEqual(PinmapCLI.execute(["import", first, "--db", db]).code, 0)
            outputs.append(PinmapCLI.execute(["import", again, "--db", db]).stdout)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(outputs[0].split(separator: "\n").filter { $0.hasPrefix("  line") }, [
            "  line 2 duplicates pin 5 in the store", "  line 3 duplicates pin 6 in the store"])
    }

    // MARK: A database without a store

    func testAFailedFirstImportLeavesTheDatabaseWithoutAStore() throws {
        uri = try TestServer.emptyDatabaseURI()
        let extensions = try PostgresDatabases.rows("SELECT extname FROM pg_extension ORDER BY 1", uri: uri)
        // Every row rejected: staged (a small file), then streamed (a large one).
        let small = try write("bad.csv", "title,latitude,longitude\nA,100,2\nB,100,3\n")
        let result = PinmapCLI.execute(["import", small, "--db", uri])
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(try tables(uri), [])
        var rows = "title,latitude,longitude,description\n"
        for i in 0..<6_000 { rows += "Pin \(i),95,127,a description long enough for the file's size\n" }
        let large = try write("large-bad.csv", rows)
        XCTAssertEqual(PinmapCLI.execute(["import", large, "--db", uri]).code, 1)
        XCTAssertEqual(try tables(uri), [])
        // A streamed import stopped half way.
        let good = try write("large.csv", rows.replacingOccurrences(of: ",95,", with: ",37,"))
        let store = try PostgresStore(uri: uri, creatingOnImport: true)
        XCTAssertFalse(store.hasSchema)
        var asked = 0
        XCTAssertThrowsError(try ServerImport.run(path: good, store: store, shouldStop: { asked += 1; return asked > 1 }))
        XCTAssertEqual(try tables(uri), [])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT extname FROM pg_extension ORDER BY 1", uri: uri), extensions)
        // Then the same import succeeds, and keeps its store.
        XCTAssertEqual(try ServerImport.run(path: good, store: store).imported, 6_000)
        XCTAssertEqual(try PostgresStore(uri: uri).count(), 6_000)
    }

    func testADryRunIntoADatabaseWithoutAStoreSaysWhatItWouldImportAndMakesNothing() throws {
        uri = try TestServer.emptyDatabaseURI()
        let path = try write("pins.csv", "title,latitude,longitude\nA,37.5,127\nB,37.6,127.1\nA,37.5,127\n")
        let dry = PinmapCLI.execute(["import", path, "--db", uri, "--dry-run"])
        let missing = PinmapCLI.execute(["import", path, "--db", folder.appendingPathComponent("none.sqlite").path, "--dry-run"])
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertEqual(dry.stdout, missing.stdout)
        XCTAssertEqual(dry.stdout.split(separator: "\n").first, "\(path): would import 2 pins, 0 rows rejected, 1 duplicate skipped")
        XCTAssertEqual(try tables(uri), [])
        // A staged first import makes the store in its transaction, its pins searchable and
        // on the map (the pins' triggers on after the migrations).
        XCTAssertEqual(PinmapCLI.execute(["import", path, "--db", uri]).code, 0)
        XCTAssertEqual(try PostgresStore(uri: uri).count(), 2)
        XCTAssertEqual(PinmapCLI.execute(["list", "--search", "b", "--db", uri]).stdout.split(separator: "\t").dropFirst().first, "37.600000")
        XCTAssertEqual(try PostgresDatabases.rows("SELECT sum(n) FROM pin_cells WHERE level = 2 AND scope = 0", uri: uri), [["2"]])
    }

    /// `--dry-run` exits with the code the import would give: 1 when every row is rejected,
    /// into a database without a store, into one with pins, and for rows a server refuses
    /// (NUL); a file store's dry run agrees.
    func testADryRunOfAFileWhoseEveryRowIsRejectedFailsAsTheImportWould() throws {
        let allBad = try write("allbad.csv", "title,latitude,longitude\nA,95,127\nB,37,500\n")
        let allNUL = try write("allnul.csv", "title,latitude,longitude\nA\u{0},37.5,127\nB\u{0},37.6,127.1\n")
        let file = folder.appendingPathComponent("pins.sqlite").path
        uri = try TestServer.emptyDatabaseURI()
        for (path, db) in [(allBad, uri), (allNUL, uri), (allBad, file)] {
            let dry = PinmapCLI.execute(["import", path, "--db", db, "--dry-run"])
            XCTAssertEqual(dry.code, 1, "\(path) into \(db)")
            XCTAssertEqual(dry.stderr, "pinmap import: \(path): every data row was rejected (2); nothing would be imported\n")
        }
        XCTAssertEqual(PinmapCLI.execute(["import", allBad, "--db", uri]).code, 1)
        XCTAssertEqual(try tables(uri), [])
        let good = try write("good.csv", "title,latitude,longitude\nA,37.5,127\n")
        XCTAssertEqual(PinmapCLI.execute(["import", good, "--db", uri]).code, 0)
        for path in [allBad, allNUL] {
            XCTAssertEqual(PinmapCLI.execute(["import", path, "--db", uri, "--dry-run"]).code, 1, "\(path) into a store with pins")
            XCTAssertEqual(PinmapCLI.execute(["import", path, "--db", uri]).code, 1)
        }
        XCTAssertEqual(try PostgresStore(uri: uri).count(), 1)
    }

    func testAFailedCopyIntoADatabaseWithoutAStoreLeavesNone() throws {
        uri = try TestServer.emptyDatabaseURI()
        let file = folder.appendingPathComponent("pins.sqlite").path
        XCTAssertEqual(PinmapCLI.execute(["import", try nulCSV(rows: 12), "--db", file]).code, 0)
        let copy = PinmapCLI.execute(["copy", "--from", file, "--to", uri])
        XCTAssertEqual(copy.stderr, "pinmap copy: --to: pin 6: \(Self.copySentence("description", pin: 6, file)); nothing was copied\n")
        XCTAssertEqual(try tables(uri), [])
    }

    // MARK: Blank titles

    /// A title of white space other than ASCII spaces, written by SQL from outside Pinmap (the
    /// server's CHECK, `btrim(title) <> ''`, trims only spaces): a copy into a file store
    /// names the first such pin with its title escaped and how to fix it, and copies nothing.
    func testACopyIntoAFileStoreNamesAPinWhoseTitleIsOnlyWhiteSpace() throws {
        let titles: [(sql: String, shown: String)] = [("E'\\t\\n'", "'\\t\\n'"), ("U&'\\3000'", "'\\u3000'"),
                                                      ("U&'\\00A0 '", "'\\u00a0 '")]
        for (sql, shown) in titles {
            uri = try TestServer.freshStoreURI()
            defer { TestServer.dropDatabase(uri); uri = "" }
            XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Kept", "--lat", "1", "--lon", "2", "--db", uri]).code, 0)
            let ids = try ["first", "second"].map { _ in
                try PostgresDatabases.rows("""
                    INSERT INTO pins(title, latitude, longitude, created_at, updated_at)
                    VALUES (\(sql), 3, 4, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z') RETURNING id
                    """, uri: uri)[0][0] ?? ""
                }
            let file = folder.appendingPathComponent("trip.sqlite").path
            try? FileManager.default.removeItem(atPath: file)
            XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Here before", "--lat", "5", "--lon", "6", "--db", file]).code, 0)
            let before = PinmapCLI.execute(["list", "--db", file]).stdout
            let copy = PinmapCLI.execute(["copy", "--from", uri, "--to", file])
            XCTAssertEqual(copy.code, 1)
            XCTAssertEqual(copy.stderr, """
                pinmap copy: --to: pin \(ids[0]): title \(shown) is blank; give it one with \
                `pinmap edit \(ids[0]) --title TITLE --db '\(uri)'`, then copy again; nothing was copied

                """)
            XCTAssertEqual(PinmapCLI.execute(["list", "--db", file]).stdout, before)
            XCTAssertEqual(try Store(path: file).count(), 1)
            // A file the copy would have made is not left behind.
            let made = folder.appendingPathComponent("new.sqlite").path
            XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", made]).stderr, copy.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: made))
            // The advice works: with both titles given, the copy goes through.
            for id in ids { XCTAssertEqual(PinmapCLI.execute(["edit", id, "--title", "Named \(id)", "--db", uri]).code, 0) }
            XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", file]).code, 0)
            XCTAssertEqual(try Store(path: file).count(), 4)
        }
    }
}

/// The fields of `import --json` both stores must agree on.
private struct ServerImportTestReport: Equatable {
    var imported: Int, rejected: Int, duplicates: Int
    var duplicateRows: [DuplicateRow]

    static func decode(_ o: [String: Any]) throws -> ServerImportTestReport {
        let rows = (JSON.objects(o["duplicate_rows"]) ?? []).map {
            DuplicateRow(line: Int(JSON.int($0["line"]) ?? 0), ofLine: JSON.int($0["of_line"]).map { Int($0) }, ofPin: JSON.int($0["of_pin"]))
        }
        func n(_ key: String) -> Int { Int(JSON.int(o[key]) ?? -1) }
        return ServerImportTestReport(imported: n("imported"), rejected: n("rejected"), duplicates: n("duplicates"), duplicateRows: rows)
    }
}
