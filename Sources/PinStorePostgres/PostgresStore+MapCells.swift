import PinModel
import PinStore

/// The map's counts: pins per PinGrid cell, grouped on the server over the `pins_cell`
/// index (each pin's finest cell, `pinmap_cell`), the cells' Morton ranges covering the view.
extension PostgresStore {
    /// The finest level `pin_cells` holds (migration 3); finer views group the pins they hold.
    static let cellTableMaxLevel = 16

    public func pinCellTotals() throws(StoreError) -> PinCellTotals {
        let r = try db.execute("SELECT category, sum(n) FROM pin_cells WHERE level = 2 AND scope = 1 GROUP BY category ORDER BY category")
        var totals = PinCellTotals(total: 0, categories: [])
        for i in 0..<r.rows {
            let n = Int(r.int(i, 1))
            totals.total += n
            if !r.text(i, 0).isEmpty { totals.categories.append(.init(name: r.text(i, 0), count: n)) }
        }
        return totals
    }

    public func pinCellCategoryNames() throws(StoreError) -> [Int64: String] {
        let r = try db.execute("SELECT id, name FROM categories")
        var out: [Int64: String] = [:]
        for i in 0..<r.rows { out[r.int(i, 0)] = r.text(i, 1) }
        return out
    }

    public func visitMapCells(cellWidth: Double, boxes: [LatLonBox], categories: Set<String>?, refineBudget: Int,
                              accept: (PinCell, _ force: Bool) -> Bool) throws(StoreError) -> MapCellVisit {
        let level = PinGrid.level(forCellWidth: cellWidth)
        let ids = try pinCellCategoryNames()
        let scopeOf = Dictionary(ids.map { ($0.value, $0.key) }, uniquingKeysWith: min)
        var straddling: [PinCell] = []
        var dense = false
        for box in boxes {
            let lo = PinGrid.cell(latitude: box.south, longitude: box.west, level: level)
            let hi = PinGrid.cell(latitude: box.north, longitude: box.east, level: level)
            let ranges = PinGrid.mortonRanges(level: level, x0: lo.x, x1: hi.x, y0: lo.y, y1: hi.y)
            for cell in try cells(level: level, ranges: ranges, categories: categories, scopeOf: scopeOf)
            where cell.x >= lo.x && cell.x <= hi.x && cell.y >= lo.y && cell.y <= hi.y {
                if accept(cell, dense) { continue }
                straddling.append(cell)
                if straddling.count > refineBudget {
                    dense = true
                    for c in straddling { _ = accept(c, true) }
                    straddling = []
                }
            }
        }
        // Straddling cells are split a wave at a time, one query per level and category for
        // the whole wave (a round trip each would cost a millisecond, not SQLite's 3 µs).
        var refined = 0
        while !straddling.isEmpty {
            var wave: [Int: [Int64: [PinCell]]] = [:]  // level → scope → cells
            for cell in straddling {
                guard refined < refineBudget, cell.level < PinGrid.maxLevel else { _ = accept(cell, true); continue }
                refined += 1
                wave[cell.level, default: [:]][cell.scope, default: []].append(cell)
            }
            straddling = []
            for (cellLevel, scopes) in wave {
                for (scope, parents) in scopes {
                    let ranges = parents.map { c -> ClosedRange<Int64> in
                        let z = PinGrid.morton(x: c.x, y: c.y, level: cellLevel)
                        return (z << 2)...((z << 2) + 3)
                    }.sorted { $0.lowerBound < $1.lowerBound }
                    let children = try cells(level: cellLevel + 1, ranges: ranges,
                                             categories: categories.map { _ in [ids[scope] ?? ""] }, scopeOf: scopeOf)
                    for child in children where !accept(child, false) { straddling.append(child) }
                }
            }
        }
        return MapCellVisit(level: level, refined: refined)
    }

    /// `cells` from the counts table.
    private func storedCells(level: Int, ranges: [ClosedRange<Int64>], categories: Set<String>?,
                             scopeOf: [String: Int64]) throws(StoreError) -> [PinCell] {
        var b = PGParams(start: 1)
        let lo = b.add(PGArray.ints(ranges.map(\.lowerBound))), hi = b.add(PGArray.ints(ranges.map(\.upperBound)))
        let filter = categories.map { " AND c.category = ANY(\(b.add(PGArray.texts($0.sorted())))::text[])" } ?? " AND c.category = ''"
        let r = try db.execute("""
            SELECT c.code, c.n, c.rep_id, c.rep_lat, c.rep_lon, c.rep_category, c.category
            FROM unnest(\(lo)::bigint[], \(hi)::bigint[]) AS r(lo, hi)
            CROSS JOIN LATERAL (SELECT * FROM pin_cells c WHERE c.level = \(level) AND c.scope = \(categories == nil ? 0 : 1)\(filter)
                                AND c.code BETWEEN r.lo AND r.hi OFFSET 0) AS c  -- OFFSET 0: an index scan per range
            """, b.values)
        return (0..<r.rows).map { i in
            let xy = PinGrid.cell(morton: r.int(i, 0), level: level)
            return PinCell(level: level, x: xy.x, y: xy.y, count: Int(r.int(i, 1)), repID: r.int(i, 2),
                           repLatitude: r.double(i, 3), repLongitude: r.double(i, 4),
                           repCategoryID: scopeOf[r.text(i, 5)] ?? 0,
                           scope: categories == nil ? 0 : scopeOf[r.text(i, 6)] ?? 0)
        }
    }

    /// The cells of `level` in Morton `ranges` with their counts and lowest-id pin, one per
    /// category when `categories` is given (scope: the category's id), else all pins (scope 0).
    func cells(level: Int, ranges: [ClosedRange<Int64>], categories: Set<String>?,
               scopeOf: [String: Int64]) throws(StoreError) -> [PinCell] {
        guard !ranges.isEmpty else { return [] }
        if level <= Self.cellTableMaxLevel { return try storedCells(level: level, ranges: ranges, categories: categories, scopeOf: scopeOf) }
        let shift = 2 * (PinGrid.maxLevel - level)
        let los = ranges.map { $0.lowerBound << shift }, his = ranges.map { (($0.upperBound + 1) << shift) - 1 }
        var b = PGParams(start: 1)
        let lo = b.add(PGArray.ints(los)), hi = b.add(PGArray.ints(his))
        var filter = ""
        if let categories { filter = " AND p.category = ANY(\(b.add(PGArray.texts(categories.sorted())))::text[])" }
        let scope = categories == nil ? "''" : "p.category"
        let r = try db.execute("""
            WITH c AS (
              SELECT p.cell >> \(shift) AS code, \(scope) AS scope, count(*) AS n, min(p.id) AS rep
              FROM unnest(\(lo)::bigint[], \(hi)::bigint[]) AS r(lo, hi)
              CROSS JOIN LATERAL (SELECT p.cell, p.id, p.category FROM pins p WHERE p.cell BETWEEN r.lo AND r.hi\(filter) OFFSET 0) AS p
              GROUP BY 1, 2)
            SELECT c.code, c.scope, c.n, c.rep, p.latitude, p.longitude, p.category
            FROM c JOIN pins p ON p.id = c.rep
            """, b.values)
        return (0..<r.rows).map { i in
            let xy = PinGrid.cell(morton: r.int(i, 0), level: level)
            return PinCell(level: level, x: xy.x, y: xy.y, count: Int(r.int(i, 2)), repID: r.int(i, 3),
                           repLatitude: r.double(i, 4), repLongitude: r.double(i, 5),
                           repCategoryID: scopeOf[r.text(i, 6)] ?? 0,
                           scope: categories == nil ? 0 : scopeOf[r.text(i, 1)] ?? 0)
        }
    }
}
