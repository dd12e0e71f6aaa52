/// Programmatic moves: keys, grabber clicks, map clicks (docs/sheet.md rules 7, 9–11).
extension SheetModel {
    /// Moves to `layout.resolve(target)`, from wherever the sheet is and
    /// keeping a running settle's velocity; ends a drag in progress.
    /// Animated unless `reducedMotion`.
    public mutating func move(to target: Detent, time: Double) {
        advance(time)
        let from = heightExact
        var velocity = 0.0
        if case .settling(let spring) = phase { velocity = spring.velocity(at: clock) }
        phase = .resting
        commit(layout.resolve(target))
        settle(from: from, velocity: velocity)
    }

    /// One active detent up from `detent`.
    /// - Returns: false, changing nothing, when there is none ("already large").
    @discardableResult
    public mutating func raise(time: Double) -> Bool {
        guard let next = layout.detent(above: detent) else { return false }
        move(to: next, time: time)
        return true
    }

    /// One active detent down from `detent`.
    /// - Returns: false, changing nothing, when there is none ("already small").
    @discardableResult
    public mutating func lower(time: Double) -> Bool {
        guard let next = layout.detent(below: detent) else { return false }
        move(to: next, time: time)
        return true
    }

    /// A grabber click: small → medium → large → medium → small, as Android's
    /// drag handle. At medium the direction is the one remembered from the
    /// last end reached by any means (up after small, down after large; up
    /// when neither has happened yet). With medium inactive: small ↔ large.
    /// - Returns: false when only one detent is active.
    @discardableResult
    public mutating func cycle(time: Double) -> Bool {
        let active = layout.activeDetents
        guard active.count > 1 else { return false }
        if detent == active.first { cyclesUp = true }
        if detent == active.last { cyclesUp = false }
        let next = cyclesUp ? layout.detent(above: detent) : layout.detent(below: detent)
        guard let target = next else { return false }
        move(to: target, time: time)
        return true
    }
}
