/// Builds one scope's pin cell tree from pins that arrive in Morton order of
/// their finest cell, writing each cell once when it closes. Memory is one
/// open cell per level, whatever the number of pins.
///
/// A cell is written when its parent holds two or more pins (level 2:
/// always), the rule `PinCellWriter` keeps. When a cell closes its parent's
/// count is known unless the parent stays open for the next pin, and then the
/// parent holds at least two pins anyway.
final class PinCellBuilder {
    private struct Open { var z: Int64; var n: Int; var rep: PinCellRep }

    let scope: Int64
    private var open: [Open?] = Array(repeating: nil, count: PinGrid.maxLevel + 1)
    private var lastFine: Int64?

    init(scope: Int64) { self.scope = scope }

    private static func code(_ fine: Int64, _ level: Int) -> Int64 { fine >> Int64(2 * (PinGrid.maxLevel - level)) }

    /// Adds the next pin (finest Morton code `fine`, not below the previous
    /// one's) and writes the cells it closes to `sink`.
    func push(_ p: PinCellRep, fine: Int64,
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
    func finish(sink: PinCellSink) throws(StoreError) {
        try close(from: PinGrid.minLevel, sink: sink)
        lastFine = nil
    }

    /// Closes the open cells of levels `from` and deeper, deepest first;
    /// the parents of level `from` stay open for the next pin.
    private func close(from: Int, sink: PinCellSink) throws(StoreError) {
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

/// Writes built cells with one prepared INSERT, binding values directly
/// (a rebuild writes millions of rows).
final class PinCellSink {
    private let st: Statement

    init(db: Database) throws(StoreError) {
        st = try db.prepare("INSERT INTO pin_cells(scope, level, z, n, rep_id, rep_lat, rep_lon, rep_scope) VALUES(?, ?, ?, ?, ?, ?, ?, ?)")
    }

    func write(scope: Int64, level: Int, z: Int64, n: Int, rep: PinCellRep) throws(StoreError) {
        st.reset()
        try st.bind(.int(scope), at: 1)
        try st.bind(.int(Int64(level)), at: 2)
        try st.bind(.int(z), at: 3)
        try st.bind(.int(Int64(n)), at: 4)
        try st.bind(.int(rep.id), at: 5)
        try st.bind(.double(rep.latitude), at: 6)
        try st.bind(.double(rep.longitude), at: 7)
        try st.bind(.int(rep.scope), at: 8)
        try st.step()
    }
}
