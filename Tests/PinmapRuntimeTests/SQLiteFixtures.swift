import PinStore
import PinmapCore
import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import GeoMap
import Sheet

/// Runners over the SQLite store, for what needs it: the map's pin cells, bulk imports and
/// their indexing, the importer, properties read with SQLite's JSON functions.
extension UIFixtures {
    static func sqliteRunner(cols: Int = 100, rows: Int = 30, pins: [NewPin] = seoulPins,
                             detent: Detent = .medium, viewport: Viewport? = nil,
                             clock: WallClock = .system, environment: AppEnvironment? = nil) throws -> AppRunner {
        let store = try Store.inMemory(clock: clock)
        for p in pins { try store.insert(p) }
        store.useFrameCache()
        return try runner(over: store, cols: cols, rows: rows, detent: detent, viewport: viewport,
                          importer: UIFileImporter.make(), environment: environment)
    }
}

extension AppRunner {
    /// The SQLite store behind the runner (bulk writes, SQL).
    var sqlite: Store { store as! Store }
}
