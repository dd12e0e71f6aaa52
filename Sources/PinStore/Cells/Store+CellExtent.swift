import PinModel

extension Store {
    /// Below this many pins the exact `min`/`max` over the pins is as cheap as the tree.
    static let cellExtentMinimumPins = 20_000

    /// The box of the pins of `categories` (nil: all), read from the pin cell tree instead of
    /// every pin: at 1,000,000 pins a `min`/`max` over the table reads every row (≈ 0.14 s
    /// of CPU, the start-up fit of a store with no saved view) while the tree answers from
    /// a few tiles. Nil when the tree cannot stand for the table (it lags behind it, e.g.
    /// while an import's pins wait for it) or the store is small: the caller asks SQLite.
    ///
    /// The box is the occupied cells' (a lone pin's own point), read again one level finer
    /// inside the box found until a cell is at most 1/256 of the box's span: a fit then
    /// frames the pins as the exact box would, to within a fraction of a column.
    /// Degrees; west < east (the wide box, as the SQL's `min`/`max`).
    /// - Throws: `StoreError` from SQLite.
    func cellExtent(categories: Set<String>?) throws(StoreError) -> LatLonBox? {
        try syncPinCellsIfPossible()
        guard try pinCellsAreCurrent(), try pinCellTotal() >= Self.cellExtentMinimumPins else { return nil }
        var box = LatLonBox.world
        var level = 8
        while true {
            guard let found = try occupiedBox(level: level, inside: box, categories: categories) else { return nil }
            box = found
            let span = max(box.east - box.west, (box.north - box.south) / 2)
            if level == PinGrid.maxLevel || PinGrid.cellWidth(level: level) * 256 <= span { return box }
            level = min(PinGrid.maxLevel, max(level + 1, PinGrid.level(forCellWidth: span / 256)))
        }
    }

    /// Whether the tree holds every pin: built, no pins paused out of it, no change waiting
    /// in its log (small tables read; counting the pins would read them all).
    private func pinCellsAreCurrent() throws(StoreError) -> Bool {
        let sql = "SELECT (SELECT count(*) FROM pin_cell_state) > 0"
            + " AND NOT EXISTS (SELECT 1 FROM pin_cell_pause) AND NOT EXISTS (SELECT 1 FROM pin_cell_log)"
        return try db.scalarInt(sql) == 1
    }

    /// The smallest box holding the cells of `level` (a lone pin: its point) inside `box`;
    /// nil when there are none.
    private func occupiedBox(level: Int, inside box: LatLonBox, categories: Set<String>?) throws(StoreError) -> LatLonBox? {
        var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity
        try forEachPinCell(level: level, boxes: [box], categories: categories) { cell in
            let b = cell.count == 1
                ? LatLonBox(south: cell.repLatitude, west: cell.repLongitude, north: cell.repLatitude, east: cell.repLongitude)
                : cell.bounds
            south = min(south, b.south); west = min(west, b.west)
            north = max(north, b.north); east = max(east, b.east)
        }
        guard south <= north else { return nil }
        // A cell's edge may pass the box it was read in; its pins lie inside both.
        return LatLonBox(south: max(south, box.south), west: max(west, box.west),
                         north: min(north, box.north), east: min(east, box.east))
    }
}
