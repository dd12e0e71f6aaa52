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
    var skippedGeometry: String { get }
}

extension PinRecordReader {
    var skippedGeometry: String { "" }
}

/// Counts skipped things by kind and words them as notes: `skipped 2 routes`,
/// `skipped 3 placemarks with Polygon geometry`. Kinds keep the order they first appeared in.
struct SkipCounter: Sendable {
    private var kinds: [(thing: SkippedThing, count: Int)] = []

    /// Counts `count` skipped things of a kind (`.placemarkWithGeometry("Polygon")`).
    mutating func add(_ thing: SkippedThing, count: Int = 1) {
        if let i = kinds.firstIndex(where: { $0.thing == thing }) {
            kinds[i].count += count
        } else {
            kinds.append((thing, count))
        }
    }

    /// Every kind in one phrase: `2 line shapes skipped, 1 null shape skipped`; "" for none.
    var summary: String {
        kinds.map { "\($0.count) \($0.thing.phrase(count: $0.count)) skipped" }.joined(separator: ", ")
    }

    /// One note per kind: `skipped 1 track`.
    var notes: [ImportNote] {
        kinds.map { .skipped(count: $0.count, $0.thing) }
    }
}
