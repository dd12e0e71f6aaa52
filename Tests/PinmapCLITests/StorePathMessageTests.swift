import Foundation
import XCTest
import PinmapCLI

/// A store path taken from `PINMAP_DB` is named as such in messages (no `--db` was given).
final class StorePathMessageTests: XCTestCase {
    override func tearDown() { unsetenv("PINMAP_DB") }

    func testAMissingFolderFromPINMAP_DBNamesTheVariable() {
        setenv("PINMAP_DB", "/tmp/pinmap-no-such-folder-\(getpid())/p.sqlite", 1)
        let path = "/tmp/pinmap-no-such-folder-\(getpid())/p.sqlite"
        let add = PinmapCLI.execute(["add", "--title", "a", "--lat", "1", "--lon", "2"])
        XCTAssertEqual(add.code, 1)
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(path) (from PINMAP_DB): the folder /tmp/pinmap-no-such-folder-\(getpid()) does not exist; create it first or set PINMAP_DB to another path (or give --db PATH)\n")
        let list = PinmapCLI.execute(["list"])
        XCTAssertEqual(list.code, 1)
        XCTAssertEqual(list.stderr, "pinmap: no Pinmap store at \(path) (from PINMAP_DB) (nothing was created; `pinmap import` or `pinmap add` creates one)\n")
    }

    func testAnExplicitDbPathKeepsTheDbAdvice() {
        let path = "/tmp/pinmap-no-such-folder-\(getpid())/p.sqlite"
        let add = PinmapCLI.execute(["add", "--title", "a", "--lat", "1", "--lon", "2", "--db", path])
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(path): the folder /tmp/pinmap-no-such-folder-\(getpid()) does not exist; create it first or choose another --db path\n")
    }
}
