/// A store's bulk-write side, as an import sees it: the store owns its transaction, its
/// batch record and its indexes; the importer (PinImport) only parses files and yields the
/// pins it read into a `PinBulkSink`. PinStore's `Store` implements it; the command line
/// hands the importer the concrete store.
public protocol PinImportStore: AnyObject {
    /// The store's own file: an import's rejects file must never replace it or its journals.
    var path: String { get }
    /// Which text the store can keep: the importer rejects a row holding other text
    /// (`StoredTextRule`), naming its line and field, and imports the rest.
    var textRule: StoredTextRule { get }
    /// How many pins the store holds.
    /// - Throws: `StoreError` when the store cannot be read.
    func count() throws(StoreError) -> Int
    /// The stored pins' fields for the duplicate check, read through statements reused for every row.
    /// - Throws: `StoreError` when the store cannot be read.
    func storedPinLookup() throws(StoreError) -> any StoredPinLookup
    /// Runs one import in one write transaction: records a batch for `file` (with `report`'s
    /// encoding and delimiter), calls `write` with a sink for its pins (`expectedRows` sizes
    /// the store's bulk mode), then, when `write`'s report has imported pins, indexes them
    /// (`deferring`: search and the list's indexes left to `finishIndexing`; `deferringAll`:
    /// every index of these pins alone, reporting `indexProgress`), stores the counts,
    /// calls `beforeCommit` and commits.
    /// - Returns: the batch's id; nil when nothing was imported (rolled back: the store,
    ///   batches included, is as it was).
    /// - Throws: whatever `write` or `beforeCommit` throw, or `StoreError`; rolled back.
    func importBatch(file: String, report: ImportReport, expectedRows: Int, deferring: Bool, deferringAll: Bool,
                     indexProgress: ((IndexingProgress) -> Void)?,
                     write: (any PinBulkSink) throws -> ImportReport, beforeCommit: () throws -> Void) throws -> Int64?
    /// Pins still waiting for their deferred indexes.
    /// - Throws: `StoreError` when the store cannot be read.
    func indexBacklog() throws(StoreError) -> IndexBacklog
}

/// Writes an import's pins in groups, inside the import's transaction (`PinImportStore.importBatch`).
public protocol PinBulkSink: AnyObject {
    /// Rows per write that the sink handles best: the importer queues this many before `write`.
    var groupSize: Int { get }
    /// Writes `rows`, whose texts are in `text`, in order.
    /// - Returns: for each row, its new id, or the error for a row the store refused.
    /// - Throws: `StoreError` for any failure but a constraint on single rows (I/O, a full disk).
    func write(_ rows: [EncodedPinRow], text: [UInt8]) throws(StoreError) -> [Result<Int64, StoreError>]
}

/// A stored pin's fields as the duplicate check compares them.
public struct StoredPinFields: Sendable {
    public var title: String, description: String, category: String
    public var latitude: Double, longitude: Double
    public var createdAt: String
    /// The JSON object's text, compared as text.
    public var properties: String

    public init(title: String, description: String, category: String, latitude: Double, longitude: Double,
                createdAt: String, properties: String) {
        self.title = title; self.description = description; self.category = category
        self.latitude = latitude; self.longitude = longitude; self.createdAt = createdAt; self.properties = properties
    }
}

/// The store's side of finding exact duplicates during an import (`DuplicateFinder` in
/// PinImport): every stored pin's fields once, then lookups by id or by all fields.
public protocol StoredPinLookup: AnyObject {
    /// The highest pin id before the import (0 for an empty store): this import's pins are above it.
    var maxID: Int64 { get }
    /// Visits every stored pin by id with its fields (`createdAt` left empty: not read).
    /// - Throws: `StoreError` when the store cannot be read.
    func forEachPin(_ body: (Int64, StoredPinFields) -> Void) throws(StoreError)
    /// Pin `id`'s fields, nil when there is none.
    /// - Throws: `StoreError` when the store cannot be read.
    func fields(id: Int64) throws(StoreError) -> StoredPinFields?
    /// The lowest id of a stored pin with exactly these fields (`createdAt` "" matches any date).
    /// - Throws: `StoreError` when the store cannot be read.
    func firstPin(matching f: StoredPinFields) throws(StoreError) -> Int64?
    /// How many rows of a file, per stored pin, are cheaper looked up one by one
    /// (`firstPin(matching:)`) than every stored pin read once (`forEachPin`): a file of
    /// fewer rows than `probeShare` × the store's pins is checked row by row. 0: never.
    var probeShare: Double { get }
}

extension StoredPinLookup {
    /// Every stored pin is read once, however small the file.
    public var probeShare: Double { 0 }
}
