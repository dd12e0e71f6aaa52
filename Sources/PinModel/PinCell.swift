/// A cell of the pin cell tree as the map reads it: how many pins of one
/// scope (all pins, or one category) lie in cell (`x`, `y`) of `PinGrid`
/// level `level`, and the lowest-id one of them.
public struct PinCell: Sendable, Hashable {
    public var level: Int
    /// Column (from 180°W) and row (from 90°S) on `level`.
    public var x: Int, y: Int
    /// Pins in the cell (≥ 1).
    public var count: Int
    /// The lowest pin id in the cell, with its position (degrees) and its
    /// category's id (a key of `Store.pinCellCategoryNames()`; ids are not
    /// counts, so reading cells costs no text).
    public var repID: Int64
    public var repLatitude: Double
    public var repLongitude: Double
    public var repCategoryID: Int64
    /// 0: counts all pins; else the category scope counted.
    public let scope: Int64

    public init(level: Int, x: Int, y: Int, count: Int, repID: Int64, repLatitude: Double, repLongitude: Double,
                repCategoryID: Int64, scope: Int64) {
        self.level = level; self.x = x; self.y = y; self.count = count; self.repID = repID
        self.repLatitude = repLatitude; self.repLongitude = repLongitude; self.repCategoryID = repCategoryID
        self.scope = scope
    }

    /// The finest level of the pin cell tree (cells of ≈ 9.5 m × 19 m at the equator).
    public static let finestLevel = 22

    /// Width of a level-`level` cell in degrees of longitude (`PinGrid`'s grid: 2^level columns).
    public static func width(level: Int) -> Double { 360 / Double(1 << level) }
    /// Height of a level-`level` cell in degrees of latitude (twice its width).
    public static func height(level: Int) -> Double { 720 / Double(1 << level) }
}

/// What `PinRepository.visitMapCells` read: the level of the cells and how many straddling
/// cells it split into their children.
public struct MapCellVisit: Sendable, Equatable {
    public var level: Int
    public var refined: Int
    public init(level: Int, refined: Int) { self.level = level; self.refined = refined }
}

/// Pin counts from the level-2 cells: the whole store and each category.
public struct PinCellTotals: Sendable, Equatable {
    /// Pins in the store (rows).
    public var total: Int
    /// Non-empty categories (not the blank one) with their pin counts, by name
    /// (the order and counts `Store.categories()` gives).
    public var categories: [CategoryTotal]

    public init(total: Int, categories: [CategoryTotal]) { self.total = total; self.categories = categories }

    /// Pins without a category (the blank one): the total less the named categories' pins.
    public var uncategorized: Int { max(0, total - categories.reduce(0) { $0 + $1.count }) }

    public struct CategoryTotal: Sendable, Equatable {
        public var name: String
        public var count: Int
        public init(name: String, count: Int) { self.name = name; self.count = count }
    }
}
