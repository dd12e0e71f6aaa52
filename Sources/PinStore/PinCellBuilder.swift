/// Builds one scope's pin cell tree from pins that arrive in Morton order of
/// their finest cell, writing each cell once when it closes. Memory is one
/// open cell per level, whatever the number of pins.
///
/// A cell is written when its parent holds two or more pins (level 2:
/// always), the rule `PinCellWriter` keeps. When a cell closes its parent's
/// count is known unless the parent stays open for the next pin, and then the
/// parent holds at least two pins anyway.
struct PinCellBuilder {
    private struct Open { var z: Int64; var n: Int; var rep: PinCellRep }

    let scope: Int64
    private var open: [Open?] = Array(repeating: nil, count: PinGrid.maxLevel + 1)
    private var lastFine: Int64?

    init(scope: Int64) { self.scope = scope }

    private static func code(_ fine: Int64, _ level: Int) -> Int64 { fine >> Int64(2 * (PinGrid.maxLevel - level)) }

    /// Adds the next pin (finest Morton code `fine`, not below the previous
    /// one's) and writes the cells it closes to `sink`.
    mutating func push(_ p: PinCellRep, fine: Int64,
                       sink: PinCellSink) throws(StoreError) {
        // The first level where the new pin leaves the previous pin's cells.
        var d = PinGrid.minLevel
        if let last = lastFine {
            while d <= PinGrid.maxLevel && PinCellBuilder.code(last, d) == PinCellBuilder.code(fine, d) { d += 1 }
        }
        try close(from: d, sink: sink)
        for k in PinGrid.minLevel..<min(d, PinGrid.maxLevel + 1) {
            open[k]?.n += 1
            if let r = open[k]?.rep { open[k]?.rep = .lower(r, p) }
        }
        if d <= PinGrid.maxLevel {
            for k in d...PinGrid.maxLevel { open[k] = Open(z: PinCellBuilder.code(fine, k), n: 1, rep: p) }
        }
        lastFine = fine
    }

    /// Writes the cells still open (after the last pin).
    mutating func finish(sink: PinCellSink) throws(StoreError) {
        try close(from: PinGrid.minLevel, sink: sink)
        lastFine = nil
    }

    /// Closes the open cells of levels `from` and deeper, deepest first;
    /// the parents of level `from` stay open for the next pin.
    private mutating func close(from: Int, sink: PinCellSink) throws(StoreError) {
        guard from <= PinGrid.maxLevel else { return }
        for m in stride(from: PinGrid.maxLevel, through: from, by: -1) {
            guard let cell = open[m] else { continue }
            let parentStaysOpen = m - 1 < from
            let parentHoldsTwo = m == PinGrid.minLevel || parentStaysOpen || (open[m - 1]?.n ?? 0) >= 2
            if parentHoldsTwo { try sink.write(scope: scope, level: m, z: cell.z, n: cell.n, rep: cell.rep) }
            open[m] = nil
        }
    }
}

/// Writes built cells as tiles (`PinCellTile`): cells arrive per scope and
/// level in Morton order, so each tile is complete when the next one starts.
/// Memory: one open tile per scope and level.
final class PinCellSink {
    private let st: Statement
    /// The open tile of each scope and level, at index scope × 32 + level.
    private var open: [(key: Int64, records: [PinCellTile.Record])?] = []

    init(db: Database) throws(StoreError) {
        st = try db.prepare("INSERT INTO pin_tiles(key, cells) VALUES(?, ?)")
    }

    func write(scope: Int64, level: Int, z: Int64, n: Int, rep: PinCellRep) throws(StoreError) {
        let stream = Int(scope) * 32 + level
        if stream >= open.count { open += Array(repeating: nil, count: stream + 1 - open.count) }
        let key = PinCellTile.key(scope: scope, level: level, tile: PinCellTile.tile(of: z))
        if let o = open[stream], o.key != key {
            try store(o)
            open[stream] = nil
        }
        if open[stream] == nil { open[stream] = (key, []) }
        open[stream]?.records.append(PinCellTile.Record(local: PinCellTile.local(of: z), n: n, rep: rep))
    }

    /// Writes the tiles still open.
    func finish() throws(StoreError) {
        for o in open.compactMap({ $0 }).sorted(by: { $0.key < $1.key }) { try store(o) }
        open = []
    }

    private func store(_ o: (key: Int64, records: [PinCellTile.Record])) throws(StoreError) {
        try st.bind([.int(o.key)])
        try st.bindBlob(PinCellTile.encode(o.records), at: 2)
        try st.step()
    }
}
