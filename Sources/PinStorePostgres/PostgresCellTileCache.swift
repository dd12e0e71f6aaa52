import PinModel
import PinStore

/// The `pin_cells` rows the client read for the last views, in tiles (a cell's ancestor
/// three levels up, as SQLite's `PinCellTileCache`; below level 5, one tile a level), so a
/// frame panned by a fraction of the view reads nothing and one panned further reads only
/// the tiles it uncovers: a round trip and thousands of rows a frame were most of a
/// frame's time. Tiles are read with a margin of a quarter view on every side.
///
/// The store's connection listens on channel `pinmap` (migration 4's announcements name
/// the finest cell of every pin written): before a visit, the tiles holding a changed cell
/// are dropped, and every tile when an announcement names none (a bulk load, an undo of an
/// import). Bounded: at most `maxCells` cells, all dropped when more.
final class PostgresCellTileCache {
    /// A tile of one level and scope: `category` nil is all pins (scope 0).
    struct Key: Hashable {
        var level: Int
        var category: String?
        var tile: Int64
    }

    /// Most cells held.
    static let maxCells = 1 << 18

    private var tiles: [Key: [PinCell]] = [:]
    private var cellCount = 0
    /// Category names by id (`pinCellCategoryNames`) and the totals (`pinCellTotals`), read
    /// once until a change.
    var categoryNames: [Int64: String]?
    var totals: PinCellTotals?

    /// Cells held (tests).
    var count: Int { cellCount }

    /// The tile of a cell of `level` with Morton `code`.
    static func tile(code: Int64, level: Int) -> Int64 { level >= PinGrid.minLevel + 3 ? code >> 6 : 0 }

    func cells(_ key: Key) -> [PinCell]? { tiles[key] }

    func keep(_ key: Key, _ cells: [PinCell]) {
        if cellCount + cells.count > Self.maxCells { dropAll() }
        tiles[key] = cells
        cellCount += cells.count
    }

    func dropAll() {
        tiles = [:]
        cellCount = 0
        categoryNames = nil
        totals = nil
    }

    /// Drops the tiles, at every level, that hold one of the finest-level cells `cells`.
    func drop(fineCells cells: Set<Int64>) {
        categoryNames = nil  // a write may have added a category
        totals = nil
        guard !tiles.isEmpty, !cells.isEmpty else { return }
        var gone = Set<Key>()
        for key in tiles.keys {
            let shift = Int64(2 * (PinGrid.maxLevel - key.level))
            if cells.contains(where: { Self.tile(code: $0 >> shift, level: key.level) == key.tile }) { gone.insert(key) }
        }
        for key in gone { cellCount -= tiles.removeValue(forKey: key)?.count ?? 0 }
    }

    /// Applies the announcements' payloads (`insert ID CELL`, `update ID OLD NEW`,
    /// `delete ID CELL`, `comment ID`; anything else: drop all).
    func apply(_ payloads: [String]) {
        var changed = Set<Int64>()
        for payload in payloads {
            let parts = PostgresAnnouncement(payload).words
            switch parts.first {
            case "comment": continue
            case "insert", "update", "delete":
                let cells = parts.dropFirst(2).compactMap { Int64($0) }
                guard !cells.isEmpty else { dropAll(); return }
                changed.formUnion(cells)
            default:
                dropAll()
                return
            }
        }
        if changed.count > 64 { dropAll() } else { drop(fineCells: changed) }
    }
}
