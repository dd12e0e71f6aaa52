import PinModel

extension Store {
    /// Below this many pins the exact `min`/`max` over the pins is as cheap as the tree.
    static let cellExtentMinimumPins = 20_000

    /// The exact box of the pins of `categories` (nil: all): the `min`/`max` of their
    /// latitudes and longitudes, as the SQL over the pins and the PostgreSQL store give it,
    /// found down the pin cell tree instead of reading every pin: at 1,000,000 pins a
    /// `min`/`max` over the table reads every row (≈ 0.14 s of CPU, the start-up fit of a
    /// store with no saved view) while the tree answers from a few tiles per side
    /// (`PinCellExtremeSearch`), reading the pins of a finest cell (≈ 10 m) through the
    /// spatial index when several share it. Nil when the tree cannot stand for the table
    /// (it lags behind it, e.g. while an import's pins wait for it), the spatial index
    /// waits for `pinmap index`, or the store is small: the caller asks SQLite.
    /// Degrees; west < east (the wide box, as the SQL's `min`/`max`).
    /// - Throws: `StoreError` from SQLite.
    func cellExtent(categories: Set<String>?) throws(StoreError) -> LatLonBox? {
        try syncPinCellsIfPossible()
        guard try pinCellsAreCurrent(), try pinCellTotal() >= Self.cellExtentMinimumPins,
              try hasIndex(Self.spatialIndexName) else { return nil }
        var roots: [PinCell] = []
        try forEachPinCell(level: PinGrid.minLevel, boxes: [.world], categories: categories) { roots.append($0) }
        let reader = try PinCellChildReader(store: self)
        var sides: [PinCellExtremeSearch.Side: Double] = [:]
        for side in PinCellExtremeSearch.Side.allCases {
            // All pins' south and north edges are the spatial index's first and last entries
            // (latitude leads it); the tree would open every cell along the edge's row.
            if categories == nil, side.isLatitude {
                guard let d = try extreme(side, in: nil, categories: nil) else { return nil }
                sides[side] = d
                continue
            }
            var search = PinCellExtremeSearch(side: side)
            guard let d = try search.run(roots: roots, children: { (c) throws(StoreError) in try reader.children(of: c) },
                                         exact: { (box) throws(StoreError) in try extreme(side, in: box, categories: categories) })
            else { return nil }
            sides[side] = d
        }
        return LatLonBox(south: sides[.south]!, west: sides[.west]!, north: sides[.north]!, east: sides[.east]!)
    }

    /// The pins' extreme on `side` inside `box` (a finest cell: a short range of the
    /// spatial index; nil: all pins, a single `min` or `max` SQLite reads off the index),
    /// nil when there are none.
    private func extreme(_ side: PinCellExtremeSearch.Side, in box: LatLonBox?,
                         categories: Set<String>?) throws(StoreError) -> Double? {
        let column = side.isLatitude ? "latitude" : "longitude"
        let (whereSQL, args) = PinQuery(boxes: box.map { [$0] } ?? [], categories: categories).whereClause()
        let st = try db.prepare("SELECT \(side.isMinimum ? "min" : "max")(\(column)) FROM pins \(whereSQL)")
        try st.bind(args)
        guard try st.step(), !st.isNull(0) else { return nil }
        return st.double(0)
    }

    /// Whether the tree holds every pin: built, no pins paused out of it, no change waiting
    /// in its log (small tables read; counting the pins would read them all).
    private func pinCellsAreCurrent() throws(StoreError) -> Bool {
        let sql = "SELECT (SELECT count(*) FROM pin_cell_state) > 0"
            + " AND NOT EXISTS (SELECT 1 FROM pin_cell_pause) AND NOT EXISTS (SELECT 1 FROM pin_cell_log)"
        return try db.scalarInt(sql) == 1
    }
}
