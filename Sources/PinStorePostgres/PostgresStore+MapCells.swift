import PinModel
import PinStore

/// The map's counts: pins per PinGrid cell, grouped on the server over the `pins_cell`
/// index (each pin's finest cell, `pinmap_cell`), the cells' Morton ranges covering the view.
extension PostgresStore {
    /// The finest level `pin_cells` holds (migration 3); finer views group the pins they hold.
    static let cellTableMaxLevel = 16
    /// The finest level of its cells per category (scope 1, migration 10): a view of some
    /// categories finer than this groups their pins as a finer view does. (At a million
    /// pins levels 15 and 16 held 40% of the table's rows, written by every bulk load; a
    /// view of a category that fine reads few enough pins.)
    static let categoryCellMaxLevel = 14
    /// `pin_cells` holds every other level up to those (migration 18): 2, 4, …, 16. A view
    /// of an odd level groups the cells of the level below (`parentCells`): at a million
    /// pins the odd levels were two fifths of the table's rows, written by every bulk load.
    static let cellLevelStep = 2
    static func storesCellLevel(_ level: Int) -> Bool { (level - PinGrid.minLevel) % cellLevelStep == 0 }

    /// Read once until a change is announced (`PostgresCellTileCache`).
    public func pinCellTotals() throws(StoreError) -> PinCellTotals {
        try syncCaches()
        if let known = cellTiles.totals { return known }
        let r = try db.execute("SELECT category, sum(n) FROM pin_cells WHERE level = 2 AND scope = 1 GROUP BY category ORDER BY category")
        var totals = PinCellTotals(total: 0, categories: [])
        for i in 0..<r.rows {
            let n = Int(r.int(i, 1))
            totals.total += n
            if !r.text(i, 0).isEmpty { totals.categories.append(.init(name: r.text(i, 0), count: n)) }
        }
        cellTiles.totals = totals
        return totals
    }

    /// Read once until a change is announced (`PostgresCellTileCache`).
    public func pinCellCategoryNames() throws(StoreError) -> [Int64: String] {
        try syncCaches()
        if let known = cellTiles.categoryNames { return known }
        let r = try db.execute("SELECT id, name FROM categories")
        var out: [Int64: String] = [:]
        for i in 0..<r.rows { out[r.int(i, 0)] = r.text(i, 1) }
        cellTiles.categoryNames = out
        return out
    }

    public func visitMapCells(cellWidth: Double, boxes: [LatLonBox], categories: Set<String>?, refineBudget: Int,
                              accept: (PinCell, _ force: Bool) -> Bool) throws(StoreError) -> MapCellVisit {
        let level = PinGrid.level(forCellWidth: cellWidth)
        let ids = try pinCellCategoryNames()
        let scopeOf = Dictionary(ids.map { ($0.value, $0.key) }, uniquingKeysWith: min)
        var first = StraddlingCells(budget: refineBudget)
        for box in boxes {
            let lo = PinGrid.cell(latitude: box.south, longitude: box.west, level: level)
            let hi = PinGrid.cell(latitude: box.north, longitude: box.east, level: level)
            for cell in try tiledCells(level: level, lo: lo, hi: hi, categories: categories, ids: ids, scopeOf: scopeOf)
            where cell.x >= lo.x && cell.x <= hi.x && cell.y >= lo.y && cell.y <= hi.y
                // A lone pin outside the box is not in view (the SQLite store's tree never offers it).
                && (cell.count > 1 || box.contains(latitude: cell.repLatitude, longitude: cell.repLongitude)) {
                first.offer(cell, to: accept)
            }
        }
        // A wave's cells (all of one level) are split with one query per category (a round
        // trip each would cost a millisecond, not SQLite's 3 µs).
        let refined = try first.refine(to: accept) { (wave) throws(StoreError) in
            guard let cellLevel = wave.first?.level else { return [] }
            let byScope = Dictionary(grouping: wave, by: \.scope)
            var out: [PinCell] = []
            for (scope, cells) in byScope {
                let ranges = cells.map { c -> ClosedRange<Int64> in
                    let z = PinGrid.morton(x: c.x, y: c.y, level: cellLevel)
                    return (z << 2)...((z << 2) + 3)
                }.sorted { $0.lowerBound < $1.lowerBound }
                out += try self.cells(level: cellLevel + 1, ranges: ranges,
                                      categories: categories.map { _ in [ids[scope] ?? ""] }, scopeOf: scopeOf)
            }
            return out
        }
        return MapCellVisit(level: level, refined: refined)
    }

    /// The cells of `level` in the cell rectangle `lo`…`hi` (`cells`), from the tile cache; the
    /// tiles it lacks are read in one query, with a margin of a quarter view around.
    /// The most tiles of one level a view reads through the cache (a 200-column map's view
    /// with its margin is a few hundred).
    static let maxViewTiles = 4_096

    private func tiledCells(level: Int, lo: (x: Int, y: Int), hi: (x: Int, y: Int), categories: Set<String>?,
                            ids: [Int64: String], scopeOf: [String: Int64]) throws(StoreError) -> [PinCell] {
        typealias Key = PostgresCellTileCache.Key
        let scopes: [String?] = categories.map { $0.sorted().map { Optional($0) } } ?? [nil]
        let tiled = level >= PinGrid.minLevel + 3
        func tiles(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> [Int64] {
            guard tiled else { return [0] }
            var out: [Int64] = []
            for y in y0...y1 { for x in x0...x1 { out.append(PinGrid.morton(x: x, y: y, level: level - 3)) } }
            return out
        }
        let (x0, x1, y0, y1) = (lo.x >> 3, hi.x >> 3, lo.y >> 3, hi.y >> 3)
        // A view of far more tiles than a screen shows (the whole world read at street level):
        // its cells are read straight, one range of codes from corner to corner, uncached;
        // listing its tiles would take gigabytes.
        if tiled && (x1 - x0 + 1) * (y1 - y0 + 1) > Self.maxViewTiles {
            let corners = PinGrid.morton(x: lo.x, y: lo.y, level: level)...PinGrid.morton(x: hi.x, y: hi.y, level: level)
            return try cells(level: level, ranges: [corners], categories: categories, scopeOf: scopeOf)
        }
        let view = tiles(x0, x1, y0, y1)
        func lacking(_ t: Int64) -> Bool { scopes.contains { cellTiles.cells(Key(level: level, category: $0, tile: t)) == nil } }
        var fetched: [Key: [PinCell]] = [:]
        if view.contains(where: lacking) {
            let mx = max(1, (x1 - x0 + 1) / 4), my = max(1, (y1 - y0 + 1) / 4)
            let wanted = tiled ? tiles(max(0, x0 - mx), min(PinGrid.columns(level: level - 3) - 1, x1 + mx),
                                       max(0, y0 - my), min(PinGrid.rows(level: level - 3) - 1, y1 + my)).filter(lacking).sorted()
                               : [0]
            var ranges: [ClosedRange<Int64>] = []
            for t in wanted {
                if let last = ranges.last, last.upperBound + 1 == t { ranges[ranges.count - 1] = last.lowerBound...t } else { ranges.append(t...t) }
            }
            let cellRanges = tiled ? ranges.map { ($0.lowerBound << 6)...((($0.upperBound + 1) << 6) - 1) }
                                   : [0...((Int64(1) << (2 * level)) - 1)]
            for t in wanted { for scope in scopes { fetched[Key(level: level, category: scope, tile: t)] = [] } }
            for cell in try cells(level: level, ranges: cellRanges, categories: categories, scopeOf: scopeOf) {
                let key = Key(level: level, category: categories == nil ? nil : ids[cell.scope] ?? "",
                              tile: PostgresCellTileCache.tile(code: PinGrid.morton(x: cell.x, y: cell.y, level: level), level: level))
                fetched[key]?.append(cell)
            }
            for (key, cells) in fetched { cellTiles.keep(key, cells) }
        }
        var out: [PinCell] = []
        for t in view {
            for scope in scopes {
                let key = Key(level: level, category: scope, tile: t)
                out += fetched[key] ?? cellTiles.cells(key) ?? []
            }
        }
        return out
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
        guard level <= (categories == nil ? Self.cellTableMaxLevel : Self.categoryCellMaxLevel) else {
            return try groupedCells(level: level, ranges: ranges, categories: categories, scopeOf: scopeOf)
        }
        if Self.storesCellLevel(level) {
            return try storedCells(level: level, ranges: ranges, categories: categories, scopeOf: scopeOf)
        }
        // A cell's children are the four codes after its own times four, so each range's are one range.
        let children = try storedCells(level: level + 1, ranges: ranges.map { ($0.lowerBound << 2)...(($0.upperBound << 2) + 3) },
                                       categories: categories, scopeOf: scopeOf)
        return Self.parentCells(children)
    }

    /// The cells one level coarser holding `children` (of one level): their counts summed,
    /// the lowest-id pin of theirs; in the order of each parent's first child.
    static func parentCells(_ children: [PinCell]) -> [PinCell] {
        var out: [PinCell] = []
        var index: [PinCellKey: Int] = [:]
        for child in children {
            let key = PinCellKey(code: PinGrid.morton(x: child.x >> 1, y: child.y >> 1, level: child.level - 1), scope: child.scope)
            guard let k = index[key] else {
                index[key] = out.count
                var parent = child
                parent.level -= 1
                parent.x >>= 1
                parent.y >>= 1
                out.append(parent)
                continue
            }
            out[k].count += child.count
            if child.repID < out[k].repID {
                out[k].repID = child.repID
                out[k].repLatitude = child.repLatitude
                out[k].repLongitude = child.repLongitude
                out[k].repCategoryID = child.repCategoryID
            }
        }
        return out
    }

    /// The cells finer than `pin_cells` holds (for all pins or for categories), grouped here from the pins in `ranges` (a fine
    /// view holds few): one range scan of the covering `pins_cell` index per range, in cell
    /// and id order, so a cell's first pin is its lowest-id one. Grouping on the server
    /// (a GROUP BY, then each cell's pin fetched by id) took 160 ms for a street view of
    /// 14,000 pins.
    private func groupedCells(level: Int, ranges: [ClosedRange<Int64>], categories: Set<String>?,
                              scopeOf: [String: Int64]) throws(StoreError) -> [PinCell] {
        let shift = Int64(2 * (PinGrid.maxLevel - level))
        let los = ranges.map { $0.lowerBound << shift }, his = ranges.map { (($0.upperBound + 1) << shift) - 1 }
        var b = PGParams(start: 1)
        let lo = b.add(PGArray.ints(los)), hi = b.add(PGArray.ints(his))
        var filter = ""
        if let categories { filter = " AND p.category = ANY(\(b.add(PGArray.texts(categories.sorted())))::text[])" }
        let r = try db.execute("""
            SELECT p.cell, p.id, p.latitude, p.longitude, p.category
            FROM unnest(\(lo)::bigint[], \(hi)::bigint[]) AS r(lo, hi)
            CROSS JOIN LATERAL (SELECT p.cell, p.id, p.latitude, p.longitude, p.category FROM pins p
                                WHERE p.cell BETWEEN r.lo AND r.hi\(filter) ORDER BY p.cell, p.id OFFSET 0) AS p
            """, b.values)
        var out: [PinCell] = []
        var index: [PinCellKey: Int] = [:]
        for i in 0..<r.rows {
            let code = r.int(i, 0) >> shift, id = r.int(i, 1), category = r.text(i, 4)
            let scope = categories == nil ? 0 : scopeOf[category] ?? 0
            let key = PinCellKey(code: code, scope: scope)
            if let k = index[key] {
                out[k].count += 1
                if id < out[k].repID {
                    out[k].repID = id
                    out[k].repLatitude = r.double(i, 2)
                    out[k].repLongitude = r.double(i, 3)
                    out[k].repCategoryID = scopeOf[category] ?? 0
                }
                continue
            }
            let xy = PinGrid.cell(morton: code, level: level)
            index[key] = out.count
            out.append(PinCell(level: level, x: xy.x, y: xy.y, count: 1, repID: id, repLatitude: r.double(i, 2),
                               repLongitude: r.double(i, 3), repCategoryID: scopeOf[category] ?? 0, scope: scope))
        }
        return out
    }
}

/// A cell of one level and scope while its pins are grouped.
private struct PinCellKey: Hashable { var code: Int64; var scope: Int64 }
