import PinModel
import PinStore

/// Boxes read through `pins_cell` (migration 10): a box's pins are the pins of a few runs of
/// finest cells (`pins.cell`, a Morton code, so a box's cells form few runs) that are also
/// inside the box. The index's key (cell, id) and its included columns (category, latitude,
/// longitude, created_at) answer the map's grouping and the newest pins in view alone, so
/// `pins` needs no index on latitude and longitude (at a million pins, its build was
/// 0.8 s of CPU of every bulk import).
extension PostgresStore {
    /// Runs of finest cells that cover a box: at most about this many per box (each one
    /// index range scan; a run also covers some cells outside the box, which the box's own
    /// condition drops).
    static let boxCellRuns = 24

    /// The runs of `pins.cell` values holding every point of `boxes` (sorted, disjoint).
    static func cellRuns(_ boxes: [LatLonBox]) -> [ClosedRange<Int64>] {
        PinGrid.merged(boxes.flatMap { box in
            PinGrid.mortonRanges(level: PinGrid.maxLevel, x0: PinGrid.fineX(box.west), x1: PinGrid.fineX(box.east),
                                 y0: PinGrid.fineY(box.south), y1: PinGrid.fineY(box.north), maxRanges: boxCellRuns)
        })
    }

    /// The condition "inside one of `boxes`" on `pins` (columns prefixed by `alias`), with
    /// the cell runs that let the planner use `pins_cell`.
    static func boxCondition(_ boxes: [LatLonBox], _ b: inout PGParams, alias: String = "") -> String {
        let runs = cellRuns(boxes).map { "\(alias)cell BETWEEN \(b.add($0.lowerBound)) AND \(b.add($0.upperBound))" }
        return "((" + runs.joined(separator: " OR ") + ") AND (" + insideCondition(boxes, &b, alias: alias) + "))"
    }

    /// "Inside one of `boxes`" on the coordinates alone.
    static func insideCondition(_ boxes: [LatLonBox], _ b: inout PGParams, alias: String = "") -> String {
        boxes.map { box in
            "(\(alias)latitude BETWEEN \(b.add(box.south)) AND \(b.add(box.north)) AND "
                + "\(alias)longitude BETWEEN \(b.add(box.west)) AND \(b.add(box.east)))"
        }.joined(separator: " OR ")
    }

    /// A `FROM` item of the ids and creation times of the pins inside `boxes` (of
    /// `categories`, nil: all), read from `pins_cell` alone: one range scan per cell run.
    static func inBoxesFromItem(_ boxes: [LatLonBox], categories: Set<String>?, _ b: inout PGParams) -> String {
        let runs = cellRuns(boxes)
        let lo = b.add(PGArray.ints(runs.map(\.lowerBound))), hi = b.add(PGArray.ints(runs.map(\.upperBound)))
        var filter = " AND (" + insideCondition(boxes, &b, alias: "p.") + ")"
        if let categories { filter += " AND p.category = ANY(\(b.add(PGArray.texts(categories.sorted())))::text[])" }
        // (OFFSET 0: each run its own index scan, not one plan for all.)
        return """
            unnest(\(lo)::bigint[], \(hi)::bigint[]) AS r(lo, hi)
            CROSS JOIN LATERAL (SELECT p.id, p.created_at FROM pins p WHERE p.cell BETWEEN r.lo AND r.hi\(filter) OFFSET 0) AS v
            """
    }
}
