import XCTest
import PinStore
@testable import PinmapCLI
import PinmapTestSupport

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
        XCTAssertEqual(edit.stderr, "pinmap: no pin with id 3 in \(s.path): deleted elsewhere since you opened it (version 1); nothing was changed\n")
        let delete = s.run("delete", "3", "--if-version", "1")
        XCTAssertEqual(delete.code, 1)
        XCTAssertEqual(delete.stderr, "pinmap: no pin with id 3 in \(s.path): deleted elsewhere since you opened it (version 1); nothing was changed\n")
        XCTAssertEqual(try s.open().pins(limit: -1).map { "\($0.id) \($0.title) v\($0.version)" },
                       ["4 Someone else's pin v1", "2 Beta v1", "1 Alpha v1"])
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
