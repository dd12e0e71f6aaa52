import PinModel

/// The exact extreme of one side of a set of pins (its southmost latitude, northmost,
/// westmost or eastmost longitude) found down the pin cell tree, best first: a cell is
/// opened only while its edge on that side may still hold a pin beyond the best pin
/// seen. Every cell's lowest-id pin is a real pin (a lower bound of the answer, exact for a
/// cell of one pin); its edge is an upper bound. Cells of the finest level holding several
/// pins are settled by the caller (`exact`: an indexed read of that cell's pins).
struct PinCellExtremeSearch {
    /// A side of the box, as the quantity to maximise.
    enum Side: CaseIterable {
        case south, west, north, east

        /// South and north are latitudes' extremes, west and east longitudes'.
        var isLatitude: Bool { self == .south || self == .north }
        /// South and west are minimums, north and east maximums.
        var isMinimum: Bool { self == .south || self == .west }

        /// The quantity to maximise of a coordinate on this side's axis: negated on the
        /// south and west sides (the quantity is its own inverse).
        func value(_ degrees: Double) -> Double { isMinimum ? -degrees : degrees }

        /// The quantity of a point.
        func value(latitude: Double, longitude: Double) -> Double { value(isLatitude ? latitude : longitude) }

        /// The most `value` any pin of `box` can have: its edge on this side.
        func bound(_ box: LatLonBox) -> Double {
            switch self {
            case .south: value(box.south)
            case .north: value(box.north)
            case .west: value(box.west)
            case .east: value(box.east)
            }
        }
    }

    /// How far past its edges a cell's pins may lie: a pin's cell is worked out in floating
    /// point ((lon + 180) / 360 × 2^22, truncated), which can put a pin within a few ulps of
    /// an edge on its other side.
    static let edgeSlack = 1e-9

    let side: Side
    private var best = -Double.infinity
    private var open = CellHeap()

    init(side: Side) { self.side = side }

    /// The side's extreme in degrees over the pins under `roots` (cells that together hold
    /// every pin of the set), nil when there are none.
    /// - Parameters:
    ///   - children: the stored children of a cell of several pins.
    ///   - exact: the side's extreme (degrees) of the pins inside a box, for a cell no
    ///     child can settle (the finest level); nil when it holds none.
    mutating func run(roots: [PinCell], children: (PinCell) throws(StoreError) -> [PinCell],
                      exact: (LatLonBox) throws(StoreError) -> Double?) throws(StoreError) -> Double? {
        roots.forEach { offer($0) }
        while let cell = open.popMax() {
            guard side.bound(cell.bounds) + Self.edgeSlack > best else { break }  // nothing left can pass `best`
            let kids = cell.level < PinGrid.maxLevel ? try children(cell) : []
            if kids.isEmpty {
                let box = cell.bounds
                let wide = LatLonBox(south: box.south - Self.edgeSlack, west: box.west - Self.edgeSlack,
                                     north: box.north + Self.edgeSlack, east: box.east + Self.edgeSlack)
                if let d = try exact(wide) { best = max(best, side.value(d)) }
            } else {
                kids.forEach { offer($0) }
            }
        }
        return best == -.infinity ? nil : side.value(best)
    }

    /// Takes `cell`'s lowest-id pin as a candidate and keeps the cell open when its other
    /// pins may lie beyond the best so far.
    private mutating func offer(_ cell: PinCell) {
        best = max(best, side.value(latitude: cell.repLatitude, longitude: cell.repLongitude))
        let bound = side.bound(cell.bounds) + Self.edgeSlack
        if cell.count > 1 && bound > best { open.push(cell, key: bound) }
    }
}

/// A max-heap of cells by key, deeper cells first among equal keys (they settle sooner,
/// raising the best value, so their neighbours on the same edge need not be opened).
private struct CellHeap {
    private var items: [(key: Double, cell: PinCell)] = []

    private func above(_ a: Int, _ b: Int) -> Bool {
        (items[a].key, items[a].cell.level) > (items[b].key, items[b].cell.level)
    }

    mutating func push(_ cell: PinCell, key: Double) {
        items.append((key, cell))
        var i = items.count - 1
        while i > 0, above(i, (i - 1) / 2) {
            items.swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }

    mutating func popMax() -> PinCell? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast().cell
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < items.count, above(l, m) { m = l }
            if r < items.count, above(r, m) { m = r }
            if m == i { return top }
            items.swapAt(i, m)
            i = m
        }
    }
}
