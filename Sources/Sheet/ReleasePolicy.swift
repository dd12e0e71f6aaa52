/// The release decision: which detent a drag ends on (docs/sheet.md rule 5).
///
/// This is FloatingPanel's `FloatingPanelBehavior` projection. A panel let go
/// at height `h` moving at `v` would coast, decelerating by a factor 0.998 per
/// millisecond (UIScrollView's normal rate), a distance of
/// `v/1000 × 0.998 / (1 − 0.998) = v × 0.499 s`. So the projected height is
/// `p = h + v × 0.499 s`.
///
/// The rule implemented (*ours* where FloatingPanel leaves a choice):
/// 1. Clamp `h` to the active range [small, large]; only active detents are
///    candidates, so a collapsed (inactive) detent is never a target.
/// 2. v = 0: the nearest active detent; the thresholds are the midpoints
///    between detents (≈ 0.236·H and 0.6·H for Pinit's 1/14, 0.4, 0.8; Pinit
///    itself cut at 0.25·H and 0.6·H). Exactly on a midpoint: the one of the
///    two on `current`'s side.
/// 3. v ≠ 0: "behind" is the nearest active detent at or behind `h` against the
///    motion, "ahead" the nearest one strictly ahead of `h` in the motion. Go
///    ahead if `p` passes strictly more than half-way from behind to ahead,
///    else back. With no detent ahead (at or past the last one) the result is
///    the one behind.
/// 4. Never skip a detent: however far `p` reaches, the result is behind or
///    ahead. A flick from small towards large lands on medium unless the drag
///    itself already carried the sheet past medium (then the pair is
///    medium/large and a strong flick reaches large).
public enum ReleasePolicy {
    /// Seconds of coasting folded into the projection: 0.998 / (1 − 0.998) / 1000.
    public static let projectionTime = 0.998 / (1 - 0.998) / 1000

    /// The projected height in rows for a release at `height` rows moving at
    /// `velocity` rows/s (+ = growing); non-finite velocity counts as 0.
    public static func projection(height: Double, velocity: Double) -> Double {
        height + (velocity.isFinite ? velocity : 0) * projectionTime
    }

    /// The detent to settle on.
    /// - Parameters:
    ///   - height: sheet height at release in rows (fractional allowed).
    ///   - velocity: rows/s, positive when the sheet grows; non-finite counts as 0.
    ///   - current: the logical detent before the drag, used only to break an exact tie.
    ///   - layout: detent heights for the current travel.
    /// - Returns: an active detent of `layout`; `layout.resolve(current)` when
    ///   `height` is not finite.
    public static func target(height: Double, velocity: Double, current: Detent, layout: DetentLayout) -> Detent {
        let stops = layout.activeDetents.map { (detent: $0, rows: Double(layout.height(of: $0))) }
        guard height.isFinite, let lowest = stops.first, let highest = stops.last else {
            return layout.resolve(current)
        }
        let h = min(max(height, lowest.rows), highest.rows)
        let v = velocity.isFinite ? velocity : 0
        if v == 0 { return nearest(to: h, in: stops, current: current) }

        let growing = v > 0
        let behindStop = growing ? stops.last { $0.rows <= h } : stops.first { $0.rows >= h }
        let aheadStop = growing ? stops.first { $0.rows > h } : stops.last { $0.rows < h }
        guard let behind = behindStop else { return layout.resolve(current) }
        guard let ahead = aheadStop else { return behind.detent }
        let halfWay = (behind.rows + ahead.rows) / 2
        let p = projection(height: h, velocity: v)
        let passes = growing ? p > halfWay : p < halfWay
        return passes ? ahead.detent : behind.detent
    }

    /// The stop nearest to `h`; on an exact tie the one on `current`'s side.
    private static func nearest(to h: Double, in stops: [(detent: Detent, rows: Double)], current: Detent) -> Detent {
        guard let below = stops.last(where: { $0.rows <= h }) else { return stops.first?.detent ?? current }
        guard let above = stops.first(where: { $0.rows >= h }) else { return below.detent }
        let toBelow = h - below.rows, toAbove = above.rows - h
        if toBelow < toAbove { return below.detent }
        if toAbove < toBelow { return above.detent }
        return current >= above.detent ? above.detent : below.detent
    }
}
