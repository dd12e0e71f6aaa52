/// The map's reading strategy over the pin cell tree (what `MapCellView.load` did in the UI).
extension Store {
    /// Visits the pin cells covering `boxes` (WGS84 degrees) whose category is in `categories`
    /// (nil: all) at the coarsest level whose cells are at most `cellWidth` degrees wide.
    ///
    /// `accept(cell, force)` counts a cell and returns true, or returns false (counting
    /// nothing) when the cell straddles screen cells and `force` is false: such cells are
    /// split into their children (one indexed read each, ≈ 3 µs) while `refineBudget`
    /// lasts, else passed again with `force`. Refining happens only when it can finish
    /// (sparse views, then exact): once more than `refineBudget` cells straddle, every cell
    /// is forced as it comes.
    /// - Returns: the level read and how many cells were split.
    /// - Throws: `StoreError` from SQLite.
    public func visitMapCells(cellWidth: Double, boxes: [LatLonBox], categories: Set<String>?, refineBudget: Int,
                              accept: (PinCell, _ force: Bool) -> Bool) throws(StoreError) -> MapCellVisit {
        let level = PinGrid.level(forCellWidth: cellWidth)
        var first = StraddlingCells(budget: refineBudget)
        try forEachPinCell(level: level, boxes: boxes, categories: categories) { first.offer($0, to: accept) }
        var reader: PinCellChildReader?  // prepared when a cell is split
        let refined = try first.refine(to: accept) { (wave) throws(StoreError) in
            let r: PinCellChildReader
            if let known = reader { r = known } else { r = try PinCellChildReader(store: self); reader = r }
            var out: [PinCell] = []
            for cell in wave { out += try r.children(of: cell) }
            return out
        }
        return MapCellVisit(level: level, refined: refined)
    }
}
