/// What a large import left to index after it committed (Store+BulkInsert.swift).
public struct IndexBacklog: Sendable, Equatable {
    /// Pins that are not in the search index yet (rows; the map's pin cell
    /// tree holds every pin from the import's commit on).
    public var pins: Int
    /// Indexes on `pins` that are not rebuilt yet (names).
    public var indexes: [String]
    /// Whether a pause mark is set (a bulk insert ran and was not finished).
    public var paused: Bool

    public init(pins: Int, indexes: [String], paused: Bool) {
        self.pins = pins; self.indexes = indexes; self.paused = paused
    }

    /// True when everything is indexed.
    public var isEmpty: Bool { !paused && indexes.isEmpty }
}

/// How far `finishIndexing` is, for a progress bar.
public struct IndexingProgress: Sendable, Equatable {
    public enum Stage: String, Sendable {
        case indexes = "rebuilding indexes"
        case search = "indexing for search"
        case map = "clustering for the map"
    }
    public var stage: Stage
    /// Fraction of the whole job done, 0…1 (stages weighted by their measured share).
    public var fraction: Double

    public init(stage: Stage, fraction: Double) { self.stage = stage; self.fraction = fraction }
}
