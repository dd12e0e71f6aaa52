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
