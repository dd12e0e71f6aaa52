import Foundation
import XCTest
import PinmapCLI
import PinmapTestSupport

/// `copy` names its stores by --from and --to: its advice names those, never --db.
final class CopyMessageTests: XCTestCase {
    func testAStoreThatCannotBeOpenedIsNamedByItsOption() throws {
        let folder = try makeTempFolder().path
        let notes = folder + "/notes.txt", store = folder + "/pins.sqlite"
        try "not a store\n".write(toFile: notes, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", store]).code, 0)
        let from = PinmapCLI.execute(["copy", "--from", notes, "--to", folder + "/copy.sqlite"])
        XCTAssertEqual(from.code, 1)
        XCTAssertEqual(from.stderr, "pinmap: cannot open store \(notes): it is not an SQLite database (nothing was changed); choose another --from path\n")
        let to = PinmapCLI.execute(["copy", "--from", store, "--to", notes])
        XCTAssertEqual(to.code, 1)
        XCTAssertEqual(to.stderr, "pinmap: cannot open store \(notes): it is not an SQLite database (nothing was changed); choose another --to path\n")
        let missing = PinmapCLI.execute(["copy", "--from", store, "--to", folder + "/none/copy.sqlite"])
        XCTAssertEqual(missing.code, 1)
        XCTAssertEqual(missing.stderr, "pinmap: cannot open store \(folder)/none/copy.sqlite: the folder \(folder)/none does not exist; "
                       + "create it first or choose another --to path\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["notes.txt", "pins.sqlite"])
    }
}
