import Foundation
@testable import PinStore
import PinModel
import PinModelTesting

/// Stores for tests: every store test runs on `:memory:` and on a WAL file.
enum TestStores {
    /// A path in a fresh temporary folder (the store creates the folder).
    static func tempPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("pinmap-\(UUID().uuidString)").appendingPathComponent("pins.sqlite").path
    }

    /// An in-memory store and a fresh on-disk store.
    static func both(clock: WallClock = .system) throws -> [Store] {
        [try Store.inMemory(clock: clock), try Store(path: tempPath(), clock: clock)]
    }

    /// Asserts FTS5's own consistency check of `pins_fts` against the pins
    /// table (throws "database disk image is malformed" when they differ).
    static func checkSearchIndex(_ store: Store) throws {
        try store.db.execute("INSERT INTO pins_fts(pins_fts, rank) VALUES ('integrity-check', 1)")
    }
}
