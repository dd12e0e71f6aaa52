/// The first pass of `PinRepository.visitMapCells`, the same in every store: each cell of the
/// view is offered to `accept`; a cell that straddles screen cells waits to be split, unless
/// more than `budget` do: the view is dense then, and every cell is forced as it comes
/// (refining happens only where it can finish).
public struct StraddlingCells {
    /// The cells waiting to be split, in the order offered.
    public private(set) var waiting: [PinCell] = []
    private var dense = false
    private let budget: Int

    public init(budget: Int) { self.budget = budget }

    public mutating func offer(_ cell: PinCell, to accept: (PinCell, _ force: Bool) -> Bool) {
        if accept(cell, dense) { return }
        waiting.append(cell)
        if waiting.count > budget {
            dense = true
            for c in waiting { _ = accept(c, true) }
            waiting = []
        }
    }
}

extension StraddlingCells {
    /// The second pass, the same in every store: splits the waiting cells a wave at a time
    /// (a wave's cells are of one level: the first pass's level, then each wave's children),
    /// each wave in one order (`splitOrder`), so when the budget runs out mid-wave every
    /// store has split the same cells, whatever order it read them in; a split cell's
    /// children are offered to `accept`, and those that straddle wait for the next wave. A
    /// cell past the budget, or of the finest level, is forced.
    /// - Parameter children: the children (one level finer) of a wave's cells to split,
    ///   which together hold their pins (a store reads them in as few queries as it can).
    /// - Returns: how many cells were split.
    public mutating func refine(to accept: (PinCell, _ force: Bool) -> Bool,
                                children: ([PinCell]) throws(StoreError) -> [PinCell]) throws(StoreError) -> Int {
        var wave = waiting
        waiting = []
        var refined = 0
        while !wave.isEmpty {
            wave.sort(by: Self.splitOrder)
            var split: [PinCell] = []
            for cell in wave {
                guard refined < budget, cell.level < PinCell.finestLevel else {
                    _ = accept(cell, true)
                    continue
                }
                refined += 1
                split.append(cell)
            }
            wave = split.isEmpty ? [] : try children(split).filter { !accept($0, false) }
        }
        return refined
    }

    /// The order cells are split in: coarser first, then by scope, row and column.
    static func splitOrder(_ a: PinCell, _ b: PinCell) -> Bool {
        (a.level, a.scope, a.y, a.x) < (b.level, b.scope, b.y, b.x)
    }
}
