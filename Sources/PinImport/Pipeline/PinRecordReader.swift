import PinModel
/// The reader of one non-CSV format (GeoJSON and Takeout, GPX, KML, KMZ): row outcomes in
/// file order, and what it skipped, for the report's notes. CSV keeps its own streaming path
/// in `PinFileScanner` (its rows go through `RowValidator`).
protocol PinRecordReader {
    /// The next pin or rejected row; nil at the end.
    /// - Throws: a file-level failure found after some rows (GPX's malformed XML).
    mutating func next() throws(ImportError) -> RowOutcome?
    /// Notes on things skipped (`skipped 1 track`), complete once `next()` returned nil.
    var notes: [ImportNote] { get }
    /// The features skipped for their geometry (`2 line shapes skipped`), complete once
    /// `next()` returned nil: a file that gave no row but these has no point features, a
    /// failure (`ImportError.noPoints`). Empty for readers that do not count them.
    var skippedGeometry: [SkippedCount] { get }
    /// The name of the rejects file's column that holds a rejected row's source text (GeoJSON's
    /// `feature`), nil for readers that keep none.
    var sourceColumn: String? { get }
    /// The source text of the row `next()` last returned rejected (see `sourceColumn`).
    var lastSource: String? { get }
}

extension PinRecordReader {
    var skippedGeometry: [SkippedCount] { [] }
    var sourceColumn: String? { nil }
    var lastSource: String? { nil }
}

/// Counts skipped things by kind and words them as notes: `skipped 2 routes`,
/// `skipped 3 placemarks with Polygon geometry`. Kinds keep the order they first appeared in.
struct SkipCounter: Sendable {
    private var kinds: [SkippedCount] = []

    /// Counts `count` skipped things of a kind (`.placemarkWithGeometry("Polygon")`).
    mutating func add(_ thing: SkippedThing, count: Int = 1) {
        if let i = kinds.firstIndex(where: { $0.thing == thing }) {
            kinds[i].count += count
        } else {
            kinds.append(SkippedCount(count, thing))
        }
    }

    /// Every kind with its count, in the order first seen.
    var counts: [SkippedCount] { kinds }

    /// One note per kind: `skipped 1 track`.
    var notes: [ImportNote] {
        kinds.map { .skipped(count: $0.count, $0.thing) }
    }
}
