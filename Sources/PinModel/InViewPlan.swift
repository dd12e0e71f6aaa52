/// How `newestPins(in:categories:limit:inView:)` found its rows, for tests
/// and the benchmark.
public enum InViewPlan: String, Sendable {
    /// Walked `pins_created_position` from the newest pin until `limit` pins
    /// in view were found: cheap when many of all pins are in view.
    case createdScan = "created-at scan"
    /// Fetched the pins in view through the spatial index (`pins_lat_lon`)
    /// and kept the newest `limit`: cheap when few pins are in view.
    case spatialFetch = "spatial fetch"
    /// Let SQLite find and sort the pins in view: only while a large
    /// import's indexes wait for `Store.finishIndexing`.
    case sort = "sort"
}
