import XCTest
import PinStore
@testable import PinmapCLI
import PinmapTestSupport
import PinStorePostgres
import PostgresTesting

/// The tryout's repro: the pin with the highest id is read (version 1), deleted, and a new
/// pin added; an edit or delete of the deleted pin by id and version must not reach the new
/// pin (a file store gave it the same id, at version 1) but say the pin was deleted.
final class DeletedPinIDTests: XCTestCase {
    private func storeWithoutItsHighestPin() throws -> CLITestStore {
        let s = CLITestStore(self)
        for t in ["Alpha", "Beta", "Gamma"] { XCTAssertEqual(s.run("add", "--title", t, "--lat", "37.5", "--lon", "127").code, 0) }
        XCTAssertEqual(JSON.int(try JSON.object(s.run("show", "3", "--json").stdout)["version"]), 1)
        XCTAssertEqual(s.run("delete", "3").code, 0)
        return s
    }

    func testAnEditOfTheDeletedHighestPinDoesNotOverwriteTheNextNewPin() throws {
        let s = try storeWithoutItsHighestPin()
        XCTAssertEqual(s.run("add", "--title", "Someone else's pin", "--lat", "10", "--lon", "10").stdout, "4\n")
        let edit = s.run("edit", "3", "--if-version", "1", "--title", "Gamma overwritten")
        XCTAssertEqual(edit.code, 1)
        XCTAssertEqual(edit.stderr, "pinmap: no pin with id 3 in \(s.path): it was deleted elsewhere; nothing was changed\n")
        let delete = s.run("delete", "3", "--if-version", "1")
        XCTAssertEqual(delete.code, 1)
        XCTAssertEqual(delete.stderr, "pinmap: no pin with id 3 in \(s.path): it was deleted elsewhere; nothing was changed\n")
        XCTAssertEqual(try s.open().pins(limit: -1).map { "\($0.id) \($0.title) v\($0.version)" },
                       ["4 Someone else's pin v1", "2 Beta v1", "1 Alpha v1"])
    }

    /// The tester's repro: `edit 400 --if-version 1` (or `delete`) of an id the store never
    /// gave said pin 400 was deleted elsewhere. It is no pin, as `show 400` says; the deleted
    /// highest pin's id still says it was deleted. The same on a file and on a server.
    func testAVersionOfAnIDNeverGivenIsNoPinOnAFile() throws {
        let s = CLITestStore(self)
        try checkNeverGivenIsNoPin(store: s.path) { s.run($0) }
    }

    func testAVersionOfAnIDNeverGivenIsNoPinOnAServer() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.emptyDatabaseURI()
        defer { TestServer.dropDatabase(uri) }
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", uri]).code, 0)
        try checkNeverGivenIsNoPin(store: PGLocation(uri: uri).description) { PinmapCLI.execute($0 + ["--db", uri]) }
    }

    private func checkNeverGivenIsNoPin(store: String, run: ([String]) -> CLIResult) throws {
        for t in ["Alpha", "Beta", "Gamma"] { XCTAssertEqual(run(["add", "--title", t, "--lat", "37.5", "--lon", "127"]).code, 0) }
        XCTAssertEqual(run(["delete", "3"]).code, 0)
        let answers = [["show", "400"], ["edit", "400", "--if-version", "1", "--title", "x"], ["delete", "400", "--if-version", "1"],
                       ["edit", "4", "--if-version", "1", "--title", "x"], ["edit", "3", "--if-version", "1", "--title", "x"],
                       ["delete", "3", "--if-version", "1"]].map { args in
            let r = run(args)
            return "\(args.joined(separator: " ")) → \(r.code) \(r.stdout)\(r.stderr)"
        }
        XCTAssertEqual(answers, [
            "show 400 → 1 pinmap: no pin with id 400 in \(store)\n",
            "edit 400 --if-version 1 --title x → 1 pinmap: no pin with id 400 in \(store)\n",
            "delete 400 --if-version 1 → 1 pinmap: no pin with id 400 in \(store)\n",
            "edit 4 --if-version 1 --title x → 1 pinmap: no pin with id 4 in \(store)\n",
            "edit 3 --if-version 1 --title x → 1 pinmap: no pin with id 3 in \(store): it was deleted elsewhere; nothing was changed\n",
            "delete 3 --if-version 1 → 1 pinmap: no pin with id 3 in \(store): it was deleted elsewhere; nothing was changed\n",
        ])
        XCTAssertEqual(run(["list"]).stdout.split(separator: "\n").map { $0.split(separator: "\t")[3] }, ["Beta", "Alpha"])
    }

    func testAnImportAfterTheDeleteStartsAboveIt() throws {
        let s = try storeWithoutItsHighestPin()
        let csv = s.file("more.csv")
        try "title,latitude,longitude\nDelta,1,1\nEpsilon,2,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("import", csv).code, 0)
        XCTAssertEqual(try s.open().pins(limit: -1).map(\.id).sorted(), [1, 2, 4, 5])
        XCTAssertEqual(s.run("edit", "3", "--if-version", "1", "--title", "x").code, 1)
    }
}
