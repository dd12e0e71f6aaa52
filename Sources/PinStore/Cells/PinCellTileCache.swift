import CSQLite

/// Decoded `pin_tiles` rows around the last views, so a frame panned by a fraction of a
/// cell neither reads nor decodes the same tiles again, and one panned past the margin reads
/// only the tiles it uncovers (at street zoom ≈ 10,000 cells a
/// frame, about a third of the frame's CPU). One window per scope and level: the decoded
/// tiles of a rectangle of tiles, the view's with a margin (`margin(_:)`). `visitPinCells`
/// replays a window in key order, exactly as it would replay the rows SQLite returns.
///
/// Bounded: at most `maxCells` decoded cells (48 bytes each, ≈ 6 MiB) in all windows, the
/// least recently used dropped first. Dropped whole whenever the tree may have changed
/// (`StoreChangeWatch`).
final class PinCellTileCache {
    /// One decoded cell: its column and row on the window's level, its pin count and representative.
    struct Cell {
        var id: Int64
        var latitude: Double
        var longitude: Double
        var repScope: Int64
        var x: Int32, y: Int32
        var n: Int32
    }

    /// Tiles `x0…x1` × `y0…y1` (inclusive) on a tile level (the cells' level − 3).
    struct TileRect: Equatable {
        var x0: Int, x1: Int, y0: Int, y1: Int

        func contains(_ o: TileRect) -> Bool { o.x0 >= x0 && o.x1 <= x1 && o.y0 >= y0 && o.y1 <= y1 }
        var isEmpty: Bool { x0 > x1 || y0 > y1 }
        func intersection(_ o: TileRect) -> TileRect {
            TileRect(x0: max(x0, o.x0), x1: min(x1, o.x1), y0: max(y0, o.y0), y1: min(y1, o.y1))
        }
        /// This rectangle less `inner` (inside it): up to four strips.
        func strips(around inner: TileRect) -> [TileRect] {
            [TileRect(x0: x0, x1: x1, y0: y0, y1: inner.y0 - 1), TileRect(x0: x0, x1: x1, y0: inner.y1 + 1, y1: y1),
             TileRect(x0: x0, x1: inner.x0 - 1, y0: inner.y0, y1: inner.y1),
             TileRect(x0: inner.x1 + 1, x1: x1, y0: inner.y0, y1: inner.y1)].filter { !$0.isEmpty }
        }
        func contains(x: Int32, y: Int32) -> Bool {
            Int(x) >= x0 && Int(x) <= x1 && Int(y) >= y0 && Int(y) <= y1
        }
    }

    /// The decoded tiles of one scope and level inside `rect`, in key (Morton) order.
    final class Window {
        let scope: Int64, level: Int, rect: TileRect
        /// Per tile, its Morton code and column and row on the tile level, and where its cells
        /// start in `cells`.
        var tiles: [Int64] = [], tileX: [Int32] = [], tileY: [Int32] = [], starts: [Int32] = [0]
        var cells: [Cell] = []
        var lastUse: UInt64 = 0

        init(scope: Int64, level: Int, rect: TileRect) { self.scope = scope; self.level = level; self.rect = rect }
    }

    /// Most decoded cells kept in all windows.
    static let maxCells = 1 << 17

    private let db: Database
    private let changes: StoreChangeWatch
    private var windows: [Window] = []
    private var cellCount = 0
    private var clock: UInt64 = 0
    /// `changes.generation` when the windows were checked last.
    private var generation = 0
    private var rows: Statement?

    init(db: Database, changes: StoreChangeWatch) { self.db = db; self.changes = changes }

    /// Cells held (tests, benchmarks).
    var count: Int { cellCount }

    /// Drops every window when the tree may have changed since they were read.
    /// Call before every visit, after the tree's sync (which may write).
    func dropIfChanged() throws(StoreError) {
        try changes.check()
        if changes.generation != generation { drop() }
        generation = changes.generation
    }

    /// Forgets every window.
    func drop() {
        windows = []
        cellCount = 0
    }

    /// The window of `scope` and `level` holding every tile of `rect` (tile level = `level` − 3;
    /// below level 5 all cells are in tile 0 and `rect` is 0…0 × 0…0): a kept one, else one read
    /// now with a margin. - Throws: `StoreError` from SQLite.
    func window(scope: Int64, level: Int, rect: TileRect) throws(StoreError) -> Window {
        clock &+= 1
        if let w = windows.first(where: { $0.scope == scope && $0.level == level && $0.rect.contains(rect) }) {
            w.lastUse = clock
            return w
        }
        let w = try read(scope: scope, level: level, rect: Self.margin(rect, level: level))
        w.lastUse = clock
        keep(w)
        return w
    }

    /// `rect` grown by a quarter of its size (at least one tile) on every side, within the grid:
    /// pans of up to a quarter view stay inside it, and a miss reads ≈ 2.25 times the view.
    static func margin(_ rect: TileRect, level: Int) -> TileRect {
        guard level - 3 >= PinGrid.minLevel else { return TileRect(x0: 0, x1: 0, y0: 0, y1: 0) }
        let mx = max(1, (rect.x1 - rect.x0 + 1) / 4), my = max(1, (rect.y1 - rect.y0 + 1) / 4)
        return TileRect(x0: max(0, rect.x0 - mx), x1: min(PinGrid.columns(level: level - 3) - 1, rect.x1 + mx),
                        y0: max(0, rect.y0 - my), y1: min(PinGrid.rows(level: level - 3) - 1, rect.y1 + my))
    }

    private func keep(_ w: Window) {
        guard w.cells.count <= Self.maxCells else { return }  // used once, not kept
        // Windows it overlaps were read for the views before (their tiles are in it).
        windows.removeAll { $0.scope == w.scope && $0.level == w.level && !w.rect.intersection($0.rect).isEmpty }
        windows.append(w)
        cellCount = windows.reduce(0) { $0 + $1.cells.count }
        while cellCount > Self.maxCells, let oldest = windows.indices.min(by: { windows[$0].lastUse < windows[$1].lastUse }) {
            cellCount -= windows[oldest].cells.count
            windows.remove(at: oldest)
        }
    }

    /// The window of `rect`: the tiles a kept window of the same scope and level already
    /// holds are taken from it (a pan past the margin reads only the strips it uncovers);
    /// the others are read and decoded. Tiles in key order, as SQLite returns them.
    private func read(scope: Int64, level: Int, rect: TileRect) throws(StoreError) -> Window {
        let old = windows.filter { $0.scope == scope && $0.level == level && !rect.intersection($0.rect).isEmpty }
            .max { $0.lastUse < $1.lastUse }
        let fresh = Window(scope: scope, level: level, rect: rect)
        guard let old, level - 3 >= PinGrid.minLevel else {
            try fetch(rect, into: fresh)
            return fresh
        }
        let shared = rect.intersection(old.rect)
        for strip in rect.strips(around: shared) { try fetch(strip, into: fresh) }
        // Every tile once (the strips and `shared` do not overlap), merged by Morton code.
        var parts: [(tile: Int64, source: Window, index: Int)] = []
        for i in fresh.tiles.indices { parts.append((fresh.tiles[i], fresh, i)) }
        for i in old.tiles.indices where shared.contains(x: old.tileX[i], y: old.tileY[i]) { parts.append((old.tiles[i], old, i)) }
        parts.sort { $0.tile < $1.tile }
        let w = Window(scope: scope, level: level, rect: rect)
        w.cells.reserveCapacity(parts.reduce(0) { $0 + Int($1.source.starts[$1.index + 1] - $1.source.starts[$1.index]) })
        for p in parts {
            let src = p.source, i = p.index
            w.cells.append(contentsOf: src.cells[Int(src.starts[i])..<Int(src.starts[i + 1])])
            w.tiles.append(p.tile); w.tileX.append(src.tileX[i]); w.tileY.append(src.tileY[i]); w.starts.append(Int32(w.cells.count))
        }
        return w
    }

    /// Reads and decodes the tiles of `rect` (the rows of its Morton ranges, those in `rect`)
    /// onto the end of `w`.
    private func fetch(_ rect: TileRect, into w: Window) throws(StoreError) {
        if rows == nil { rows = try db.prepare("SELECT key, cells FROM pin_tiles WHERE key BETWEEN ? AND ?") }
        guard let st = rows else { return }
        let level = w.level, tileLevel = level - 3
        let ranges: [ClosedRange<Int64>] = tileLevel < PinGrid.minLevel ? [0...0]
            : PinGrid.mortonRanges(level: tileLevel, x0: rect.x0, x1: rect.x1, y0: rect.y0, y1: rect.y1, maxRanges: 32)
        for range in ranges {
            try st.bind([.int(PinCellTile.key(scope: w.scope, level: level, tile: range.lowerBound)),
                         .int(PinCellTile.key(scope: w.scope, level: level, tile: range.upperBound))])
            while try st.step() {
                let tile = PinCellTile.tile(ofKey: st.int(0))
                let t = tileLevel < PinGrid.minLevel ? (x: 0, y: 0) : PinGrid.cell(morton: tile, level: tileLevel)
                guard rect.contains(x: Int32(t.x), y: Int32(t.y)) else { continue }
                st.withBlob(1) { p, count in
                    let r = PinCellTileReader(p, bytes: count, level: level, tile: tile)
                    for i in 0..<r.count { w.cells.append(Self.cell(r, at: r.at(i))) }
                }
                w.tiles.append(tile); w.tileX.append(Int32(t.x)); w.tileY.append(Int32(t.y)); w.starts.append(Int32(w.cells.count))
            }
        }
        st.reset()
    }

    @inline(__always)
    private static func cell(_ t: PinCellTileReader, at r: Int) -> Cell {
        let c = t.cell(local: t.local(at: r))
        let rep = t.rep(at: r, x: c.x, y: c.y)
        return Cell(id: rep.id, latitude: rep.latitude, longitude: rep.longitude, repScope: rep.scope,
                    x: Int32(c.x), y: Int32(c.y), n: Int32(t.n(at: r)))
    }
}
