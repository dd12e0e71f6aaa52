import Foundation
import XCTest
import PinmapCLI
import PinmapTestSupport

/// A store path taken from `PINMAP_DB` is named as such in messages (no `--db` was given).
final class StorePathMessageTests: XCTestCase {
    override func tearDown() { unsetenv("PINMAP_DB") }

    /// A folder that does not exist, in the test's own folder.
    private func missingFolder() throws -> String { try makeTempFolder().path + "/no-such-folder" }

    func testIndexOnAMissingStoreSaysSoAsTheOtherCommandsDo() throws {
        let path = try makeTempFolder().path + "/none.sqlite"
        let index = PinmapCLI.execute(["index", "--db", path])
        XCTAssertEqual(index.code, 1)
        XCTAssertEqual(index.stderr, "pinmap: no Pinmap store at \(path); nothing to index (`pinmap import` or `pinmap add` creates one)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing created")
    }

    func testAMissingFolderFromPINMAP_DBNamesTheVariable() throws {
        let missing = try missingFolder()
        let path = missing + "/p.sqlite"
        setenv("PINMAP_DB", path, 1)
        let add = PinmapCLI.execute(["add", "--title", "a", "--lat", "1", "--lon", "2"])
        XCTAssertEqual(add.code, 1)
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(path) (from PINMAP_DB): the folder \(missing) does not exist; create it first or set PINMAP_DB to another path (or give --db PATH)\n")
        let list = PinmapCLI.execute(["list"])
        XCTAssertEqual(list.code, 1)
        XCTAssertEqual(list.stderr, "pinmap: no Pinmap store at \(path) (from PINMAP_DB) (nothing was created; `pinmap import` or `pinmap add` creates one)\n")
    }

    func testAnExplicitDbPathKeepsTheDbAdvice() throws {
        let missing = try missingFolder()
        let path = missing + "/p.sqlite"
        let add = PinmapCLI.execute(["add", "--title", "a", "--lat", "1", "--lon", "2", "--db", path])
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(path): the folder \(missing) does not exist; create it first or choose another --db path\n")
    }
}
