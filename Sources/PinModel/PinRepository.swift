/// Every read and write of pins the app and the command line need, whatever holds them: the
/// SQLite store (`Store` in PinStore) or an in-memory fake (`InMemoryPinRepository` in
/// PinModelTesting), later a shared server. Coordinates are WGS84 decimal degrees, times
/// ISO 8601 text, counts are pins. Every method throws `StoreError` (its `message` in the
/// user's words, never SQL) when the pins cannot be read or written; nothing is half
/// written then. One repository is used by one thread at a time.
public protocol PinRepository: AnyObject {
    /// Where the pins are, for messages and the Settings tab (a file path, `:memory:`).
    var location: String { get }
    /// True when the pins live on a database server: `location` is then no file path, and
    /// what the app writes beside the store goes into the current folder instead.
    var isServer: Bool { get }
    /// Which text the store can keep (`StoredTextRule`): its writes refuse the rest.
    var textRule: StoredTextRule { get }
    /// Bytes the pins take on disk (the file and its write-ahead log); 0 in memory.
    func sizeInBytes() -> Int64

    // MARK: Reading pins

    /// How many pins there are (a full count: use `pinCellTotals` on the UI path).
    func count() throws(StoreError) -> Int
    /// Pin `id`, nil when there is none.
    func pin(id: Int64) throws(StoreError) -> Pin?
    /// The highest id the store has given a pin (0: none yet), whether or not that pin is
    /// still there: an id above it never named a pin, so nobody read it (no store gives an id
    /// twice). A server's sequence also passes ids that an insert took and rolled back; it
    /// cannot tell those from a deleted pin's, so they count as given.
    func highestGivenPinID() throws(StoreError) -> Int64
    /// The pins with these ids, in the order of `ids`; missing ids are left out.
    func pins(ids: [Int64]) throws(StoreError) -> [Pin]
    /// The titles of the pins with these ids, by id (missing ids are left out): what the
    /// map reads to name pins beside their markers, for each view.
    func titles(ids: [Int64]) throws(StoreError) -> [Int64: String]
    /// The pins `query` selects, in its order, at most `query.limit` (−1: all).
    func pins(matching query: PinQuery) throws(StoreError) -> [Pin]
    /// Calls `body` with each pin `query` selects, in its order, at most `query.limit`,
    /// stopping when `body` returns false. A store that can stream its rows (SQLite) hands
    /// over the first before reading the last; the default reads them all first.
    func forEachPin(matching query: PinQuery, _ body: (Pin) -> Bool) throws(StoreError)
    /// The newest `limit` pins inside `boxes` whose category is in `categories` (nil: all),
    /// newest first, without sorting the pins in view; `inView` (an estimate is fine) of
    /// `total` pins chooses the plan.
    func newestPins(in boxes: [LatLonBox], categories: Set<String>?, limit: Int,
                    inView: Int, total: Int) throws(StoreError) -> (pins: [Pin], plan: InViewPlan)
    /// The pins `query` selects (its order ignored) with their great-circle distance in
    /// metres from (`latitude`, `longitude`), nearest first, at most `query.limit`.
    func pinsByDistance(_ query: PinQuery, latitude: Double, longitude: Double) throws(StoreError) -> [PinDistance]
    /// The smallest box holding every pin `query` selects (boxes and limit ignored); nil when none.
    func boundingBox(matching query: PinQuery) throws(StoreError) -> LatLonBox?
    /// Every pin matching `text` (words, Korean included, property values too), newest id
    /// first, at most `scanLimit` (then `capped`): position, category and `SearchRelevance`.
    func search(_ text: String, categories: Set<String>?, scanLimit: Int) throws(StoreError) -> SearchResults
    /// Runs `body` with one consistent view of the pins (a read transaction); nests.
    func reading<T>(_ body: () throws -> T) throws -> T

    // MARK: The map's counts

    /// Pins in total and per non-empty category, by name.
    func pinCellTotals() throws(StoreError) -> PinCellTotals
    /// Category id (`PinCell.repCategoryID`) → name.
    func pinCellCategoryNames() throws(StoreError) -> [Int64: String]
    /// Visits the pin cells covering `boxes` at the coarsest level whose cells are at most
    /// `cellWidth` degrees wide, splitting cells `accept` refuses (it returns false when a
    /// cell straddles screen cells and `force` is false) while `refineBudget` lasts.
    func visitMapCells(cellWidth: Double, boxes: [LatLonBox], categories: Set<String>?, refineBudget: Int,
                       accept: (PinCell, _ force: Bool) -> Bool) throws(StoreError) -> MapCellVisit

    // MARK: Timeline

    /// Day of month → pins created that day, for `year`-`month` (by `created_at`'s date).
    func days(inMonth year: Int, month: Int) throws(StoreError) -> [Int: Int]
    /// The pins created on `day` (`2026-12-01`), oldest first.
    func pins(onDay day: String) throws(StoreError) -> [Pin]

    // MARK: Writing pins

    /// Stores `pin` (refused by `StoreError` when its title is blank or a coordinate is out
    /// of range); returns its id. `batchID`: the import it belongs to (nil: by hand).
    @discardableResult
    func insert(_ pin: NewPin, batchID: Int64?) throws(StoreError) -> Int64
    /// Changes the given fields of pin `id` (nil keeps one); the pin as it is now, or nil
    /// when there is no pin `id`. With `ifVersion`, a pin at another version (someone
    /// changed it since it was read) is left as it is: `StoreError.changedElsewhere`.
    @discardableResult
    func update(id: Int64, title: String?, description: String?, category: String?,
                latitude: Double?, longitude: Double?, ifVersion: Int64?) throws(StoreError) -> Pin?
    /// Deletes pin `id` with its comments (at `ifVersion`, as `update`); false when there was none.
    @discardableResult
    func delete(id: Int64, ifVersion: Int64?) throws(StoreError) -> Bool
    /// Deletes pin `id` (at `ifVersion`, as `update`) and returns what `restore` needs to put
    /// it back with its id; nil when none.
    func deleteForUndo(id: Int64, ifVersion: Int64?) throws(StoreError) -> DeletedPin?
    /// Puts a deleted pin back with its id, comments and batch; returns its id.
    @discardableResult
    func restore(_ deleted: DeletedPin) throws(StoreError) -> Int64

    /// Pin `id`'s properties in source order ([] when it has none or there is no pin `id`).
    func properties(ofPin id: Int64) throws(StoreError) -> [PinProperty]

    // MARK: Comments

    /// Pin `pinID`'s comments, oldest first.
    func comments(pinID: Int64) throws(StoreError) -> [Comment]
    /// Adds a comment dated now; returns its id.
    @discardableResult
    func addComment(pinID: Int64, body: String) throws(StoreError) -> Int64
    /// Deletes comment `id`; the comment deleted, nil when there was none.
    @discardableResult
    func deleteComment(id: Int64) throws(StoreError) -> Comment?

    // MARK: Settings

    /// The UI setting `key`, nil when never set.
    func setting(_ key: String) throws(StoreError) -> String?
    func setSetting(_ key: String, _ value: String) throws(StoreError)

    // MARK: Imports and indexing

    /// Every recorded import, oldest first, with the pins each still has.
    func importBatches() throws(StoreError) -> [ImportBatch]
    /// The newest `limit` imports, newest first, with the pins each still has.
    func recentImports(limit: Int) throws(StoreError) -> [RecentImport]
    /// Pins of batch `id` edited or commented since the import.
    func changedPins(inBatch id: Int64) throws(StoreError) -> Int
    /// Removes batch `id` and its pins; how many pins, nil when there is no batch `id`.
    @discardableResult
    func undoImport(batchID id: Int64) throws(StoreError) -> Int?
    /// True when a large import left pins for `finishIndexing`.
    func hasIndexBacklog() throws(StoreError) -> Bool
    /// What is left to index.
    func indexBacklog() throws(StoreError) -> IndexBacklog
    /// True while another live process indexes the pins its import just committed
    /// (`pinmap import --index`): not to be indexed twice.
    func indexingElsewhere() throws(StoreError) -> Bool
    /// Builds what a large import left (search, map cells, the list's indexes), reporting
    /// `progress`; `shouldStop` returning true abandons it (rolled back, nothing lost, a
    /// `StoreError` thrown). Returns the pins indexed.
    @discardableResult
    func finishIndexing(progress: ((IndexingProgress) -> Void)?, shouldStop: (() -> Bool)?) throws(StoreError) -> Int

    // MARK: Export

    /// Writes every pin as `format` text through `write`, in pieces; returns the pins written.
    /// Throws what `write` throws, or `StoreError`.
    func export(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int
    /// Writes every pin as a GeoPackage file at `path` (replaced whole at the end; left as it
    /// was on a failure); returns the pins written. Throws `StoreError`.
    func exportGeoPackage(to path: String) throws -> Int
    /// Ends a wait for a server that does not answer (stopped, or cut off by the network):
    /// the statement another thread is blocked in fails at once as a lost connection, and the
    /// next one connects again. Any thread; nothing for a file or memory, which never wait
    /// on a network.
    func interruptWaits()
}

extension PinRepository {
    /// A file or memory waits on no network: nothing to end.
    public func interruptWaits() {}

    /// A file or memory: not a server.
    public var isServer: Bool { false }

    /// A file or memory keeps any text.
    public var textRule: StoredTextRule { .anyText }

    /// `forEachPin` over `pins(matching:)`: every match read, then handed over.
    public func forEachPin(matching query: PinQuery, _ body: (Pin) -> Bool) throws(StoreError) {
        for pin in try pins(matching: query) where !body(pin) { return }
    }

    /// Repositories without a GeoPackage writer refuse it with a clear error.
    public func exportGeoPackage(to path: String) throws -> Int {
        throw StoreError("this store does not export GeoPackage files")
    }

    /// `titles(ids:)` from the whole pins (a repository with a cheaper read overrides it).
    public func titles(ids: [Int64]) throws(StoreError) -> [Int64: String] {
        Dictionary(try pins(ids: ids).map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    }

    /// `search` over every category, at most `searchScanLimit` matches.
    public func search(_ text: String) throws(StoreError) -> SearchResults {
        try search(text, categories: nil, scanLimit: SearchResults.scanLimit)
    }

    /// `update` whatever the pin's version.
    @discardableResult
    public func update(id: Int64, title: String? = nil, description: String? = nil, category: String? = nil,
                       latitude: Double? = nil, longitude: Double? = nil) throws(StoreError) -> Pin? {
        try update(id: id, title: title, description: description, category: category, latitude: latitude,
                   longitude: longitude, ifVersion: nil)
    }

    /// `delete` whatever the pin's version.
    @discardableResult
    public func delete(id: Int64) throws(StoreError) -> Bool { try delete(id: id, ifVersion: nil) }

    /// `deleteForUndo` whatever the pin's version.
    public func deleteForUndo(id: Int64) throws(StoreError) -> DeletedPin? { try deleteForUndo(id: id, ifVersion: nil) }

    /// `insert` by hand (no import batch).
    @discardableResult
    public func insert(_ pin: NewPin) throws(StoreError) -> Int64 { try insert(pin, batchID: nil) }

    /// `finishIndexing` without progress or a way to stop.
    @discardableResult
    public func finishIndexing() throws(StoreError) -> Int { try finishIndexing(progress: nil, shouldStop: nil) }
}
