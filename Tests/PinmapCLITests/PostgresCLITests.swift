import Foundation
import Synchronization
import XCTest
import PinmapCLI
import PinStore
import PinStorePostgres
import PostgresTesting

/// The command line on a PostgreSQL store (a fresh database per test on the server of
/// PINMAP_TEST_PG_URL; `.ci/run` always sets it, a local run without it skips these): the same
/// answers as on a file, versions, copy both ways, and the faults a shared store meets.
final class PostgresCLITests: XCTestCase {
    private var uri = ""
    private var folder: URL!

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        uri = try TestServer.emptyDatabaseURI()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !uri.isEmpty { TestServer.dropDatabase(uri) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ args: String...) -> CLIResult { PinmapCLI.execute(args + ["--db", uri]) }
    private func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func testOnlyInitOrAnImportCreatesTheSchemaAndOtherCommandsSayHow() throws {
        let list = run("list")
        XCTAssertEqual(list.code, 1)
        XCTAssertEqual(list.stderr, "pinmap: no Pinmap store in \(PGLocation(uri: uri)): create one with `pinmap init --db URI` (or `pinmap import FILE --db URI`)\n")
        XCTAssertEqual(run("show", "1").code, 1)
        XCTAssertThrowsError(try PostgresStore(uri: uri, create: false), "still no schema")
    }

    func testImportListSearchAndShowAnswerAsTheFileStoreDoes() throws {
        XCTAssertEqual(run("init").stdout, "Store ready: \(PGLocation(uri: uri)) (0 pins)\n")
        let sqlite = file("pins.sqlite")
        for db in [uri, sqlite] { XCTAssertEqual(PinmapCLI.execute(["import", RepoFiles.airports, "--db", db]).code, 0) }
        let again = PinmapCLI.execute(["import", RepoFiles.airports, "--db", uri])
        XCTAssertTrue(again.stdout.hasPrefix("\(RepoFiles.airports): imported 0 pins"), again.stdout)
        for args in [["list", "--limit", "20"], ["list", "--search", "a"], ["list", "--search", "Ranch"], ["list", "--search", "Farm air"],
["list", "--bbox", "30,-100,40,-80", "--limit", "15"],
                     ["list", "--near", "40,-90", "--limit", "5"], ["list", "--category", "x"], ["imports", "--json"]] {
            let server = PinmapCLI.execute(args + ["--db", uri]), local = PinmapCLI.execute(args + ["--db", sqlite])
            XCTAssertEqual(server.code, 0, server.stderr)
            if args[0] == "imports" {
                let a = try JSON.array(server.stdout), b = try JSON.array(local.stdout)
                XCTAssertEqual(a.map { JSON.int($0["pins_left"]) }, b.map { JSON.int($0["pins_left"]) })
                XCTAssertEqual(a.map { JSON.int($0["duplicates"]) }, [0], "a re-import that adds nothing keeps no batch")
            } else {
                // Position, title and distance: ids and import times differ between the two stores.
                func rows(_ text: String) -> [String] {
                    text.split(separator: "\n").map { line in
                        let f = line.split(separator: "\t", omittingEmptySubsequences: false)
                        return (f[1...3] + (f.count > 6 ? [f[6]] : [])).joined(separator: "\t")
                    }
                }
                XCTAssertEqual(rows(server.stdout), rows(local.stdout), args.joined(separator: " "))
            }
        }
        let shown = try JSON.object(run("show", "1", "--json").stdout)
        XCTAssertEqual(JSON.int(shown["version"]), 1)
    }

    func testIfVersionRefusesAnEditOrDeleteOfAPinChangedElsewhere() throws {
        XCTAssertEqual(run("init").code, 0)
        XCTAssertEqual(run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994").stdout, "1\n")
        XCTAssertEqual(run("edit", "1", "--category", "shrine", "--if-version", "1").code, 0)
        let stale = run("edit", "1", "--title", "mine", "--if-version", "1")
        XCTAssertEqual(stale.code, 1)
        XCTAssertEqual(stale.stderr, "pinmap: pin 1 changed elsewhere since you opened it (version 1, now 2); nothing was changed\n")
        XCTAssertEqual(run("delete", "1", "--if-version", "1").code, 1)
        XCTAssertEqual(run("edit", "1", "--if-version", "0", "--title", "x").code, 2)
        let shown = try JSON.object(run("show", "1", "--json").stdout)
        XCTAssertEqual(shown["title"] as? String, "Jongmyo")
        XCTAssertEqual(JSON.int(shown["version"]), 2)
        XCTAssertEqual(run("delete", "1", "--if-version", "2").code, 0)
        XCTAssertEqual(run("list").stdout, "")
    }

    func testCopyBothWaysCopiesEverythingOnceWithCommentsAndBatches() throws {
        let a = file("a.sqlite"), b = file("b.sqlite")
        XCTAssertEqual(PinmapCLI.execute(["import", RepoFiles.seoulPins, "--db", a]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["comment", "3", "비 오는 날 \\ 'quoted' \"x\"", "--db", a]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", a, "--to", uri]).stdout,
                       "Copied 45 pins, 1 comment and 1 import batch to \(PGLocation(uri: uri))\n")
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", a, "--to", uri]).stdout,
                       "Copied 0 pins, 0 comments and 0 import batches to \(PGLocation(uri: uri)); 45 pins already there\n")
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", b, "--json"]).stdout,
                       "{\"batches\":1,\"comments\":1,\"pins\":45,\"skipped\":0}\n")
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", b, "--json"]).stdout,
                       "{\"batches\":0,\"comments\":0,\"pins\":0,\"skipped\":45}\n")
        for args in [["list", "--json"], ["comments", "3"], ["imports"]] {
            let x = PinmapCLI.execute(args + ["--db", a]).stdout, y = PinmapCLI.execute(args + ["--db", b]).stdout
            XCTAssertEqual(y, x, args.joined(separator: " "))
        }
    }

    /// The server's pins exported and imported into a file make a new batch there whose pins
    /// are all on the server: copied back, the batch is not added to either store as an
    /// emptied one ("0/45"), since nothing of it was imported there.
    func testABatchWhosePinsAreAllThereAlreadyIsNotCopied() throws {
        let a = file("a.sqlite"), c = file("c.sqlite"), exported = file("pins.gpkg")
        XCTAssertEqual(PinmapCLI.execute(["import", RepoFiles.seoulPins, "--db", a]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", a, "--to", uri]).code, 0)
        XCTAssertEqual(run("export", "-o", exported).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["import", exported, "--db", c]).code, 0)
        let batches = "SELECT file, imported FROM import_batches ORDER BY id"
        let before = try PostgresDatabases.rows(batches, uri: uri)
        XCTAssertEqual(before, [[RepoFiles.seoulPins, "45"]])
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", c, "--to", uri]).stdout,
                       "Copied 0 pins, 0 comments and 0 import batches to \(PGLocation(uri: uri)); 45 pins already there\n")
        XCTAssertEqual(try PostgresDatabases.rows(batches, uri: uri), before)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", c, "--to", a, "--json"]).stdout,
                       "{\"batches\":0,\"comments\":0,\"pins\":0,\"skipped\":45}\n")
        XCTAssertEqual(PinmapCLI.execute(["imports", "--db", a]).stdout, PinmapCLI.execute(["imports", "--db", uri]).stdout)
        XCTAssertEqual(PinmapCLI.execute(["imports", "--db", a]).stdout.split(separator: "\n").count, 2, "the header and one batch")
    }

    /// Two copies of one file at once into the server: the second waits for the first's
    /// commit and finds every pin there (each added all 300, twice over, when both read the
    /// server's pins before either committed). A psql session holds the copies' lock for
    /// 1.5 s, so both start while it is taken.
    func testTwoCopiesOfOneFileAtOnceCopyEachPinOnce() throws {
        let trip = file("trip.sqlite"), csv = file("race.csv")
        try (["title,lat,lon,created_at"] + (0..<300).map { "race \($0),36.\($0),127.\($0),2024-02-02T00:00:00Z" })
            .joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", csv, "--db", trip]).code, 0)
        XCTAssertEqual(run("init").code, 0)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = [uri, "-qAtc", "BEGIN; SELECT pg_advisory_xact_lock(5070); SELECT pg_sleep(1.5); COMMIT;"]
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        Thread.sleep(forTimeInterval: 0.5)
        let start = Date()
        let outputs = Mutex([String]()), target = uri
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let r = PinmapCLI.execute(["copy", "--from", trip, "--to", target, "--json"])
            outputs.withLock { $0.append(r.stdout + r.stderr) }
        }
        holder.waitUntilExit()
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 0.8, "the copies waited for the lock")
        XCTAssertEqual(outputs.withLock { $0.sorted() }, ["{\"batches\":0,\"comments\":0,\"pins\":0,\"skipped\":300}\n",
                                                     "{\"batches\":1,\"comments\":0,\"pins\":300,\"skipped\":0}\n"])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*), count(DISTINCT title), (SELECT count(*) FROM import_batches) FROM pins", uri: uri),
                       [["300", "300", "1"]])
    }

    /// A copy that fails after it created its file (the server's rows could not be read)
    /// leaves no file behind: before it there was none.
    func testAFailedCopyIntoANewFileLeavesNoFile() throws {
        XCTAssertEqual(run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994").code, 0)
        try PostgresDatabases.execute("DROP TABLE comments", uri: uri)
        let trip = file("trip.sqlite")
        let copy = PinmapCLI.execute(["copy", "--from", uri, "--to", trip])
        XCTAssertEqual(copy.code, 1, copy.stdout)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, [])
        // A file that was there before stays, with its pins.
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "mine", "--lat", "1", "--lon", "2", "--db", trip]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", trip]).code, 1)
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", trip]).stdout.split(separator: "\n").count, 1)
    }

    func testAnUnreachableServerIsOneLineWithinTenSecondsWithoutThePassword() throws {
        let start = Date()
        let r = PinmapCLI.execute(["list", "--db", "postgresql://alice:s3cret-pw@127.0.0.1:1/team?connect_timeout=3"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("pinmap: cannot connect to the PostgreSQL server 127.0.0.1:1 (database team): "), r.stderr)
        XCTAssertFalse(r.stderr.contains("s3cret"), r.stderr)
    }

    func testAGeoPackageExportOfAServerStoreHasItsPins() throws {
        XCTAssertEqual(run("init").code, 0)
        XCTAssertEqual(run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994").code, 0)
        let gpkg = file("team.gpkg")
        let export = run("export", "-o", gpkg)
        XCTAssertEqual([export.stderr, "\(export.code)"], ["Exported 1 pin to \(gpkg)\n", "0"])
        let back = file("back.sqlite")
        XCTAssertEqual(PinmapCLI.execute(["import", gpkg, "--db", back]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", back]).stdout.split(separator: "\t").dropFirst().prefix(3).joined(separator: "\t"),
                       "37.574400\t126.994000\tJongmyo")
    }

    /// A second copy that finds every pin here writes nothing: no index dropped and built
    /// again (their ids stay), no cell rebuilt.
    func testASecondCopyOfManyPinsRebuildsNothing() throws {
        let trip = file("trip.sqlite")
        var text = "title,latitude,longitude\n"
        for i in 0..<6_000 { text += "Site \(i),\(37 + Double(i % 97) * 0.01),\(126 + Double(i % 89) * 0.013)\n" }
        try text.write(toFile: file("trip.csv"), atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", file("trip.csv"), "--db", trip]).code, 0)
        XCTAssertEqual(run("init").code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", trip, "--to", uri]).code, 0)
        let indexes = "SELECT indexrelid::bigint FROM pg_index WHERE indrelid = 'pins'::regclass ORDER BY 1"
        let before = try PostgresDatabases.rows(indexes, uri: uri)
        let again = PinmapCLI.execute(["copy", "--from", trip, "--to", uri])
        XCTAssertEqual(again.stdout, "Copied 0 pins, 0 comments and 0 import batches to \(PGLocation(uri: uri)); 6000 pins already there\n")
        XCTAssertEqual(try PostgresDatabases.rows(indexes, uri: uri), before)
    }

    func testAnUnreachableServerNamesTheSocketAndDatabaseLibpqTried() throws {
        let folder = "/tmp/pinmap-no-server-\(UUID().uuidString.prefix(8))"
        let r = PinmapCLI.execute(["list", "--db", "postgresql://?host=\(folder)&port=5999&user=alice"])
        XCTAssertEqual(r.code, 1)
        let line = (r.stderr.components(separatedBy: "): ").first ?? "") + ")"
        XCTAssertEqual(line, "pinmap: cannot connect to the PostgreSQL server \(folder):5999 (database alice)", r.stderr)
    }

    func testAReadOnlyRoleBrowsesAndSearchesAndAWriteSaysSo() throws {
        XCTAssertEqual(run("init").code, 0)
        XCTAssertEqual(run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994").code, 0)
        let (role, reader) = try TestServer.readerRole(on: uri)
        defer { TestServer.dropReader(role, uri: uri) }
        XCTAssertEqual(PinmapCLI.execute(["list", "--search", "jong", "--db", reader]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["show", "1", "--db", reader]).code, 0)
        let add = PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "1", "--db", reader])
        XCTAssertEqual(add.code, 1)
        XCTAssertTrue(add.stderr.hasPrefix("pinmap: this PostgreSQL role may not make this write (permission denied for table pins); ask the server's owner"), add.stderr)
        XCTAssertEqual(PinmapCLI.execute(["edit", "1", "--title", "y", "--db", reader]).code, 1)
        XCTAssertEqual(try JSON.object(run("show", "1", "--json").stdout)["title"] as? String, "Jongmyo")
    }
}
