import Foundation
import XCTest
import PinmapTestSupport
@testable import PinStore
import PinModel
import PinModelTesting

/// Stores for tests: every store test runs on `:memory:` and on a WAL file.
enum TestStores {
    /// A path in a fresh folder (the store creates it) inside a folder of `test`'s own,
    /// removed when the test ends.
    static func tempPath(_ test: XCTestCase) throws -> String {
        try test.makeTempFolder().path + "/store/pins.sqlite"
    }

    /// An in-memory store and a fresh on-disk store (in a folder of `test`'s own).
    static func both(_ test: XCTestCase, clock: WallClock = .system) throws -> [Store] {
        [try Store.inMemory(clock: clock), try Store(path: tempPath(test), clock: clock)]
    }

    /// Asserts FTS5's own consistency check of `pins_fts` against the pins
    /// table (throws "database disk image is malformed" when they differ).
    static func checkSearchIndex(_ store: Store) throws {
        try store.db.execute("INSERT INTO pins_fts(pins_fts, rank) VALUES ('integrity-check', 1)")
    }
}
