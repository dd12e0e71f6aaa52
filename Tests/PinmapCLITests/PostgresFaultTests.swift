import Foundation
import XCTest
import PinmapCLI
import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// A shared store when someone tries to break it, on a cluster of the tests' own
/// (`TestCluster`: a role `alice` that must give a password over TCP, SSL with a self-signed
/// certificate): a server killed during an import, `sslmode`, passwords from libpq's own
/// sources and never in any output. Needs the server's programs: `.ci/run` installs them and
/// sets PINMAP_TEST_PG_URL, so these run there (a local run without it skips them).
final class PostgresFaultTests: XCTestCase {
    nonisolated(unsafe) private static var shared: TestCluster?
    private static let password = "pw-Secret-42"

    private var folder: URL!

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgfault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    override class func tearDown() {
        shared?.stop()
        shared = nil
    }

    /// The cluster, made once: SSL on (a self-signed certificate made with `openssl`), and
    /// `alice` (a password, scram-sha-256 over TCP) with a Pinmap store in database `pins`.
    private func cluster() throws -> TestCluster {
        if let c = Self.shared { return c }
        let c = try TestCluster()
        let data = c.folder + "/data"
        try TestClusterTools.asOwner(["/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                      "-subj", "/CN=127.0.0.1", "-keyout", data + "/server.key", "-out", data + "/server.crt"])
        try TestClusterTools.asOwner(["/bin/chmod", "600", data + "/server.key"])
        try c.appendConfig("ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'")
        try c.prependHBA("host all alice 127.0.0.1/32 scram-sha-256")
        try c.shutDown()
        try c.startAgain()
        try c.psql("CREATE ROLE alice LOGIN SUPERUSER PASSWORD '\(Self.password)'")
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", c.uri]).code, 0)
        Self.shared = c
        return c
    }

    private func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    // MARK: A kill during an import

    func testAServerKilledDuringAnImportKeepsNothingOfIt() throws {
        let c = try cluster()
        let uri = c.uri
        XCTAssertEqual(PinmapCLI.execute(["import", RepoFiles.seoulPins, "--db", uri]).code, 0)
        let before = try c.psql("SELECT (SELECT count(*) FROM pins) || ' ' || (SELECT count(*) FROM import_batches)")
        var text = "title,lat,lon\n"
        for i in 0..<200_000 { text += "Row \(i),\(Double(i % 1000) / 100),\(Double(i / 1000) / 100)\n" }
        let csv = file("big.csv")
        try text.write(toFile: csv, atomically: true, encoding: .utf8)

        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: CLIResult?
        Thread.detachNewThread {
            result = PinmapCLI.execute(["import", csv, "--db", uri])
            done.signal()
        }
        // Killed while the rows stream to the server (COPY) or move into the pins.
        let writing = "SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND state = 'active' AND (query LIKE 'COPY copy_pins%' OR query LIKE 'INSERT INTO pins%')"
        let deadline = Date(timeIntervalSinceNow: 120)
        var seen = false
        while !seen && Date() < deadline && done.wait(timeout: .now()) == .timedOut {
            seen = (try? c.psql(writing).trimmingCharacters(in: .whitespacesAndNewlines)) == "1"
        }
        XCTAssertTrue(seen, "the import was seen writing")
        try c.kill()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "the import ends")
        try c.startAgain()
        let r = try XCTUnwrap(result)
        XCTAssertEqual(r.code, 1, r.stdout)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertEqual(r.stderr, "pinmap import: \(csv): the store failed, nothing was imported: lost the connection to the PostgreSQL server; nothing was written (try again when it is back)\n")
        XCTAssertEqual(try c.psql("SELECT (SELECT count(*) FROM pins) || ' ' || (SELECT count(*) FROM import_batches)"), before,
                       "nothing of the import is left")
    }

    // MARK: sslmode

    func testSSLModeRequireIsRefusedByAServerWithoutSSLAndWorksWithIt() throws {
        let c = try cluster()
        // The tests' server has no SSL: libpq's own words.
        let plain = PGLocation(uri: try XCTUnwrap(TestServer.url))
        let refused = PinmapCLI.execute(["list", "--db", "postgresql://postgres@127.0.0.1:\(plain.port)/postgres?sslmode=require"])
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(refused.stderr, "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:\(plain.port) (database postgres): connection to server at \"127.0.0.1\", port \(plain.port) failed: server does not support SSL, but SSL was required\n")

        // The test cluster speaks SSL: the same option connects, over an encrypted session.
        let uri = c.tcpURI(query: "sslmode=require")
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "over SSL", "--lat", "1", "--lon", "2", "--db", uri]).code, 0)
        let store = try PostgresStore(uri: uri)
        let served = try c.psql("SELECT count(*) FROM pins").trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual("\(try store.count())", served, "read over SSL")
        // The server's own view of Pinmap's open session: encrypted.
        XCTAssertEqual(try c.psql("SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'pinmap'"), "t\n")
        withExtendedLifetime(store) {}
        let disabled = PinmapCLI.execute(["list", "--db", c.tcpURI(query: "sslmode=disable")])
        XCTAssertEqual(disabled.code, 0, disabled.stderr)
    }

    // MARK: Credentials

    func testAPasswordNeverAppearsInAnyOutput() throws {
        let c = try cluster()
        let good = c.tcpURI(user: "alice", password: Self.password)
        var outputs: [(String, String)] = []
        func run(_ args: String...) -> CLIResult {
            let r = PinmapCLI.execute(args.map { $0 == "URI" ? good : $0 })
            outputs.append((args.joined(separator: " "), r.stdout + r.stderr))
            return r
        }
        XCTAssertEqual(run("add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", "URI").code, 0)
        XCTAssertEqual(run("list", "--json", "--db", "URI").code, 0)
        XCTAssertEqual(run("show", "1", "--json", "--db", "URI").code, 0)
        XCTAssertEqual(run("show", "999999", "--db", "URI").code, 1)
        XCTAssertEqual(run("imports", "--json", "--db", "URI").code, 0)
        XCTAssertEqual(run("copy", "--from", "URI", "--to", file("copy.sqlite")).code, 0)
        XCTAssertEqual(run("copy", "--from", "URI", "--to", file("copy.sqlite"), "--json").code, 0)
        XCTAssertEqual(run("edit", "1", "--if-version", "99", "--title", "x", "--db", "URI").code, 1)
        XCTAssertEqual(run("import", "/nonexistent.csv", "--db", "URI").code, 1)
        // A wrong password: libpq's reason, the server named, neither password shown.
        let wrong = PinmapCLI.execute(["list", "--db", c.tcpURI(user: "alice", password: "wrong-Secret-7")])
        outputs.append(("wrong password", wrong.stdout + wrong.stderr))
        XCTAssertEqual(wrong.code, 1)
        XCTAssertEqual(wrong.stderr, "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:\(c.port) (database pins): connection to server at \"127.0.0.1\", port \(c.port) failed: FATAL:  password authentication failed for user \"alice\"\n")
        let log = try String(contentsOfFile: c.folder + "/data/pg.log", encoding: .utf8)
        outputs.append(("the server's log", log))
        for (what, text) in outputs {
            for secret in [Self.password, "wrong-Secret-7"] { XCTAssertFalse(text.contains(secret), "\(what): \(text)") }
        }
    }

    func testCredentialsComeFromLibpqsOwnSources() throws {
        let c = try cluster()
        let bare = c.tcpURI(user: "alice")
        let none = PinmapCLI.execute(["list", "--db", bare])
        XCTAssertEqual(none.code, 1)
        XCTAssertEqual(none.stderr, "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:\(c.port) (database pins): connection to server at \"127.0.0.1\", port \(c.port) failed: fe_sendauth: no password supplied\n")
        // PGPASSWORD.
        setenv("PGPASSWORD", Self.password, 1)
        let byEnvironment = PinmapCLI.execute(["list", "--db", bare])
        unsetenv("PGPASSWORD")
        XCTAssertEqual(byEnvironment.code, 0, byEnvironment.stderr)
        // A password file (~/.pgpass's format, found through PGPASSFILE).
        let passfile = file("pgpass")
        try "127.0.0.1:\(c.port):pins:alice:\(Self.password)\n".write(toFile: passfile, atomically: true, encoding: .utf8)
        chmod(passfile, 0o600)
        setenv("PGPASSFILE", passfile, 1)
        let byFile = PinmapCLI.execute(["list", "--db", bare])
        unsetenv("PGPASSFILE")
        XCTAssertEqual(byFile.code, 0, byFile.stderr)
    }

    // MARK: Hostile text

    /// Titles and descriptions no SQL text could hold as they are round-trip exactly through
    /// `add`, `edit`, an import and `copy` (COPY's text form) on the server, as on a file.
    func testHostileTitlesRoundTripExactly() throws {
        let c = try cluster()
        let hostile = ["'; DROP TABLE pins; --", "it's \"quoted\" \\ back\\slash \\N \\\\ $1 %_", "tab\there\u{1}\u{7}\u{1B}[31mred\u{7F}",
                       "line one\nline two\r\nthree", "종묘 정전 · 국립중앙박물관", "📍 🏳️‍🌈 👩🏽‍💻 e\u{301}"]
        let fresh = file("hostile.sqlite")
        for db in [c.uri, fresh] {
            var ids: [String] = []
            for h in hostile {
                let r = PinmapCLI.execute(["add", "--title", h, "--description", h, "--category", "x", "--lat", "1", "--lon", "2", "--db", db])
                XCTAssertEqual(r.code, 0, r.stderr)
                ids.append(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            for (id, h) in zip(ids, hostile) {
                let shown = try JSON.object(PinmapCLI.execute(["show", id, "--json", "--db", db]).stdout)
                XCTAssertEqual([shown["title"] as? String, shown["description"] as? String], [h, h], db)
                XCTAssertEqual(PinmapCLI.execute(["edit", id, "--title", h + "'", "--db", db]).code, 0)
                XCTAssertEqual(try JSON.object(PinmapCLI.execute(["show", id, "--json", "--db", db]).stdout)["title"] as? String, h + "'")
            }
        }
        // Both ways through COPY: the file's pins onto a fresh server database and back.
        let uri = try TestServer.freshStoreURI()
        defer { TestServer.dropDatabase(uri) }
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", fresh, "--to", uri]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", file("back.sqlite")]).code, 0)
        let titles = { (db: String) throws -> [String] in
            try JSON.array(PinmapCLI.execute(["list", "--json", "--db", db]).stdout).compactMap { $0["title"] as? String }.sorted()
        }
        XCTAssertEqual(try titles(uri), hostile.map { $0 + "'" }.sorted())
        XCTAssertEqual(try titles(file("back.sqlite")), hostile.map { $0 + "'" }.sorted())
    }

    // MARK: Versions on both stores

    func testIfVersionAndShowJSONVersionOnAFileAsOnTheServer() throws {
        let uri = try TestServer.freshStoreURI()
        defer { TestServer.dropDatabase(uri) }
        for db in [uri, file("versions.sqlite")] {
            XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", db]).stdout, "1\n")
            XCTAssertEqual(JSON.int(try JSON.object(PinmapCLI.execute(["show", "1", "--json", "--db", db]).stdout)["version"]), 1, db)
            XCTAssertEqual(PinmapCLI.execute(["edit", "1", "--category", "shrine", "--if-version", "1", "--db", db]).code, 0, db)
            let stale = PinmapCLI.execute(["edit", "1", "--title", "mine", "--if-version", "1", "--db", db])
            XCTAssertEqual(stale.code, 1, db)
            XCTAssertEqual(stale.stderr, "pinmap: pin 1 changed elsewhere since you opened it (version 1, now 2); nothing was changed\n", db)
            let staleDelete = PinmapCLI.execute(["delete", "1", "--if-version", "1", "--db", db])
            XCTAssertEqual(staleDelete.code, 1, db)
            XCTAssertEqual(staleDelete.stderr, "pinmap: pin 1 changed elsewhere since you opened it (version 1, now 2); nothing was changed\n", db)
            XCTAssertEqual(JSON.int(try JSON.object(PinmapCLI.execute(["show", "1", "--json", "--db", db]).stdout)["version"]), 2, db)
            XCTAssertEqual(PinmapCLI.execute(["delete", "1", "--if-version", "2", "--db", db]).code, 0, db)
        }
    }

    // MARK: Locks

    /// A transaction left open holding the pins (psql's `LOCK TABLE`, a long import): a
    /// write and a read wait at most 5 s (`lock_timeout`), then say so, exit 1; once the lock
    /// is gone the write goes through.
    func testALockHeldElsewhereIsSaidAfterFiveSecondsNotWaitedOutSilently() throws {
        let uri = try TestServer.freshStoreURI()
        defer { TestServer.dropDatabase(uri) }
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", uri]).code, 0)
        let holder = try PGConnection(uri: uri)
        try holder.execute("BEGIN")
        try holder.execute("LOCK TABLE pins IN ACCESS EXCLUSIVE MODE")
        let busy = "pinmap: the store is busy: another session holds the pins (an import, or a transaction left open in psql or QGIS); "
            + "waited 5 s; try again when it finishes\n"
        let add = PinmapCLI.execute(["add", "--title", "Changdeokgung", "--lat", "37.5794", "--lon", "126.991", "--db", uri])
        XCTAssertEqual([add.code.description, add.stdout, add.stderr], ["1", "", busy])
        let list = PinmapCLI.execute(["list", "--db", uri])
        XCTAssertEqual([list.code.description, list.stdout, list.stderr], ["1", "", busy])
        try holder.execute("COMMIT")
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Changdeokgung", "--lat", "37.5794", "--lon", "126.991", "--db", uri]).stdout, "2\n")
    }

    // MARK: Unreachable

    /// A server that takes the connection and never answers (a listening socket nobody
    /// serves): Pinmap's own connect_timeout ends the wait, one line, exit 1, within 10 s.
    func testAServerThatNeverAnswersTimesOutWithinTenSeconds() throws {
        let (fd, port) = silentServer()
        defer { close(fd) }
        let start = Date()
        let r = PinmapCLI.execute(["list", "--db", "postgresql://alice:s3cret@127.0.0.1:\(port)/team"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:\(port) (database team): connection to server at \"127.0.0.1\", port \(port) failed: timeout expired\n")
    }

    /// Three servers named in one URI, none answering: libpq waits for each in turn, and
    /// Pinmap's connect_timeout is shared among them (3 s each), so it still fails within 10 s,
    /// naming the servers and each one's reason, on one line.
    func testSeveralServersThatNeverAnswerTimeOutWithinTenSecondsInAll() throws {
        let servers = (0..<3).map { _ in silentServer() }
        defer { servers.forEach { close($0.fd) } }
        let ports = servers.map(\.port)
        let hosts = ports.map { "127.0.0.1:\($0)" }.joined(separator: ",")
        let start = Date()
        let r = PinmapCLI.execute(["list", "--db", "postgresql://alice:s3cret@\(hosts)/team"])
        let took = Date().timeIntervalSince(start)
        XCTAssertLessThan(took, 10)
        XCTAssertGreaterThan(took, 8)  // 3 s each: libpq gave every server its chance
        XCTAssertEqual(r.code, 1)
        let reasons = ports.map { "connection to server at \"127.0.0.1\", port \($0) failed: timeout expired" }.joined(separator: "; ")
        XCTAssertEqual(r.stderr, "pinmap: cannot connect to the PostgreSQL server \(hosts) (database team): \(reasons)\n")
    }

    /// A listening socket on 127.0.0.1 that nobody serves: a connection is taken and never answered.
    private func silentServer() -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        XCTAssertTrue(bound, "no listening socket on 127.0.0.1")
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// An address nothing answers at: one line naming it and libpq's reason, exit 1, well
    /// within 10 s (Pinmap's own connect_timeout when the URI gives none).
    func testAServerThatDoesNotAnswerIsOneLineWithinTenSeconds() throws {
        let start = Date()
        let r = PinmapCLI.execute(["list", "--db", "postgresql://alice:s3cret@192.0.2.1:5432/team"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("pinmap: cannot connect to the PostgreSQL server 192.0.2.1:5432 (database team): "), r.stderr)
        XCTAssertFalse(r.stderr.contains("s3cret"), r.stderr)
    }
}
