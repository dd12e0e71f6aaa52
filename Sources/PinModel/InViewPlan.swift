/// How `newestPins(in:categories:limit:inView:)` found its rows, for tests
/// and the benchmark.
public enum InViewPlan: String, Sendable {
    /// Walked `pins_created_position` from the newest pin until `limit` pins
    /// in view were found: cheap when many of all pins are in view.
    case createdScan = "created-at scan"
    /// Merged the newest-first runs of the level-14 tiles in view
    /// (`pins_tile_created`): cheap when few pins are in view.
    case tileMerge = "tile merge"
    /// Let SQLite find and sort the pins in view: only while a large
    /// import's indexes wait for `Store.finishIndexing`.
    case sort = "sort"
}
