/// Builds one scope's pin cell tree from pins that arrive in Morton order of
/// their finest cell, writing each cell once when it closes. Memory is one
/// open cell per level, whatever the number of pins.
///
/// A cell is written when its parent holds two or more pins (level 2:
/// always), the rule `PinCellWriter` keeps. When a cell closes its parent's
/// count is known unless the parent stays open for the next pin, and then the
/// parent holds at least two pins anyway.
struct PinCellBuilder {
    let scope: Int64
    // The open cell of each level (index = level): its code, the pins of its
    // children closed so far (at the finest level: its pins), and the
    // lowest-id pin among them or the pin that opened it. A count reaches the
    // parent when the cell closes, so a pin costs work only on the levels
    // where it opens a cell, not on every level above.
    private var z = [Int64](repeating: 0, count: PinGrid.maxLevel + 1)
    private var n = [Int](repeating: 0, count: PinGrid.maxLevel + 1)
    private var rep = [PinCellRep](repeating: PinCellRep(id: 0, latitude: 0, longitude: 0, scope: 0),
                                   count: PinGrid.maxLevel + 1)
    /// The previous pin's finest code, or −1 before the first pin.
    private var lastFine: Int64 = -1

    init(scope: Int64) { self.scope = scope }

    private static func code(_ fine: Int64, _ level: Int) -> Int64 { fine >> Int64(2 * (PinGrid.maxLevel - level)) }

    /// Adds the next pin (finest Morton code `fine`, not below the previous
    /// one's) and writes the cells it closes to `sink`.
    mutating func push(_ p: PinCellRep, fine: Int64,
                       sink: PinCellSink) throws(StoreError) {
        let top = PinGrid.maxLevel
        // The first level where the new pin leaves the previous pin's cells: the
        // codes of level k are the finest code shifted by 2 × (22 − k) bits, so
        // they differ from the level of the highest differing bit on.
        var d = PinGrid.minLevel
        if lastFine >= 0 {
            let x = UInt64(bitPattern: lastFine ^ fine)
            d = x == 0 ? top + 1 : max(PinGrid.minLevel, top - (63 - x.leadingZeroBitCount) / 2)
            try close(from: d, sink: sink)
        }
        if d > top {  // the same finest cell
            n[top] += 1
            rep[top] = .lower(rep[top], p)
        } else {
            for k in d...top {
                z[k] = PinCellBuilder.code(fine, k)
                n[k] = 0
                rep[k] = p
            }
            n[top] = 1
        }
        lastFine = fine
    }

    /// Writes the cells still open (after the last pin).
    mutating func finish(sink: PinCellSink) throws(StoreError) {
        if lastFine >= 0 { try close(from: PinGrid.minLevel, sink: sink) }
        lastFine = -1
    }

    /// Closes the open cells of levels `from` and deeper, deepest first,
    /// handing each one's pins to its parent; the parents of level `from`
    /// stay open for the next pin.
    private mutating func close(from: Int, sink: PinCellSink) throws(StoreError) {
        guard from <= PinGrid.maxLevel else { return }
        for m in stride(from: PinGrid.maxLevel, through: from, by: -1) {
            var parentHoldsTwo = true  // level 2 is always written
            if m > PinGrid.minLevel {
                n[m - 1] += n[m]
                rep[m - 1] = .lower(rep[m - 1], rep[m])
                // A parent that stays open also gets the next pin: two or more.
                parentHoldsTwo = m - 1 < from || n[m - 1] >= 2
            }
            if parentHoldsTwo { try sink.write(scope: scope, level: m, z: z[m], n: n[m], rep: rep[m]) }
        }
    }
}

/// The builders of every tree at once: all pins (scope 0) and one per
/// category scope, fed the same pins in Morton order of their finest cell.
struct PinCellForest {
    private var all = PinCellBuilder(scope: 0)
    /// One builder per category scope, indexed by scope id (small integers).
    private var byCategory: [PinCellBuilder] = []

    /// Adds the next pin to the tree of all pins and to its category's.
    mutating func push(_ rep: PinCellRep, fine: Int64, sink: PinCellSink) throws(StoreError) {
        try all.push(rep, fine: fine, sink: sink)
        let i = Int(rep.scope)
        while byCategory.count <= i { byCategory.append(PinCellBuilder(scope: Int64(byCategory.count))) }
        try byCategory[i].push(rep, fine: fine, sink: sink)
    }

    /// Writes every cell still open, then the sink's open tiles.
    mutating func finish(sink: PinCellSink) throws(StoreError) {
        try all.finish(sink: sink)
        for i in byCategory.indices { try byCategory[i].finish(sink: sink) }
        try sink.finish()
    }
}

/// Writes built cells as tiles (`PinCellTile`): cells arrive per scope and
/// level in Morton order, so each tile is complete when the next one starts.
/// Memory: one open tile per scope and level.
final class PinCellSink {
    /// Receives each finished tile: its `pin_tiles` key and blob.
    typealias Output = (_ key: Int64, _ blob: [UInt8]) throws(StoreError) -> Void
    private let output: Output
    /// The open tile of each scope and level, at index scope × 32 + level:
    /// its row key (−1: none) and its records so far (≤ 64; arrays kept for reuse).
    private var keys: [Int64] = []
    private var open: [[PinCellTile.Record]] = []
    /// The blob being written (reused).
    private var blob: [UInt8] = []

    /// A sink that hands each tile to `output` (a side thread's file).
    init(output: @escaping Output) { self.output = output }

    /// A sink that inserts each tile into `pin_tiles`.
    convenience init(db: Database) throws(StoreError) {
        let st = try db.prepare("INSERT INTO pin_tiles(key, cells) VALUES(?, ?)")
        self.init { (key, blob) throws(StoreError) in
            try st.bind([.int(key)])
            try st.bindBlob(blob, at: 2)
            try st.step()
        }
    }

    func write(scope: Int64, level: Int, z: Int64, n: Int, rep: PinCellRep) throws(StoreError) {
        let stream = Int(scope) * 32 + level
        if stream >= keys.count {
            keys += Array(repeating: -1, count: stream + 1 - keys.count)
            open += Array(repeating: [], count: stream + 1 - open.count)
        }
        let key = PinCellTile.key(scope: scope, level: level, tile: PinCellTile.tile(of: z))
        if keys[stream] != key {
            if keys[stream] >= 0 { try store(stream) }
            keys[stream] = key
        }
        open[stream].append(PinCellTile.Record(local: PinCellTile.local(of: z), n: n, rep: rep))
    }

    /// Writes the tiles still open.
    func finish() throws(StoreError) {
        for i in keys.indices.filter({ keys[$0] >= 0 }).sorted(by: { keys[$0] < keys[$1] }) { try store(i) }
        keys = []
        open = []
    }

    /// Writes the open tile of `stream` and empties it.
    private func store(_ stream: Int) throws(StoreError) {
        let key = keys[stream]
        blob.removeAll(keepingCapacity: true)
        PinCellTile.append(open[stream], level: PinCellTile.level(ofKey: key), tile: PinCellTile.tile(ofKey: key), to: &blob)
        open[stream].removeAll(keepingCapacity: true)
        try output(key, blob)
    }
}
