/// Pointer gestures, ticks and resize (docs/sheet.md rules 3–7 and 12).
extension SheetModel {
    /// Adopts a new travel (rows). At rest the sheet shows
    /// `layout.resolve(preferredDetent)`. During a drag or a settle it lands
    /// at once on the active detent nearest to where it was, the height taken
    /// as the same fraction of the travel (a sheet at half height stays near
    /// half height); the drag is over, later `drag` calls are ignored.
    public mutating func resize(travel: Int, time: Double) {
        advance(time)
        let old = layout
        let height = heightExact
        layout = DetentLayout(travel: travel, minimumSmall: old.minimumSmall, minimumGap: old.minimumGap)
        guard phase != .resting else {
            detent = layout.resolve(preferredDetent)
            return
        }
        let scaled = old.travel > 0 ? height / Double(old.travel) * Double(layout.travel) : height
        phase = .resting
        commit(ReleasePolicy.target(height: scaled, velocity: 0, current: detent, layout: layout))
    }

    /// A press at screen row `pointerRow`. A running settle stops where it is
    /// and the drag starts from that height (docs/sheet.md rule 6). A press while
    /// already dragging (a lost release) starts over from the current height.
    public mutating func beginDrag(pointerRow: Int, time: Double) {
        advance(time)
        let height = heightExact
        var tracker = VelocityTracker()
        tracker.add(time: clock, position: height)
        phase = .dragging(Drag(pressRow: pointerRow, anchorRow: pointerRow, anchorHeight: height,
                               row: pointerRow, height: height, moved: false,
                               interrupted: isSettling, tracker: tracker))
    }

    /// Pointer motion to screen row `pointerRow`: the height follows 1:1 ×
    /// `sensitivity` from the press, clamped to `layout.heightRange`.
    /// Ignored when not dragging.
    public mutating func drag(pointerRow: Int, time: Double) {
        guard case .dragging(var drag) = phase else { return }
        advance(time)
        if pointerRow != drag.pressRow { drag.moved = true }
        drag.row = pointerRow
        let range = layout.heightRange
        let unclamped = drag.anchorHeight + (Double(drag.anchorRow) - Double(pointerRow)) * sensitivity
        drag.height = min(max(unclamped, Double(range.lowerBound)), Double(range.upperBound))
        // The sheet's own motion, clamped: pulling past large is not a throw.
        drag.tracker.add(time: clock, position: drag.height)
        phase = .dragging(drag)
    }

    /// The release at screen row `pointerRow`.
    /// - Returns: `.click` when the pointer never left the press row (a settle
    ///   the press caught resumes towards its detent); otherwise the detent
    ///   from `ReleasePolicy`, which the sheet now settles on.
    ///   Without a drag in progress: `.settle(detent)` and nothing changes.
    @discardableResult
    public mutating func endDrag(pointerRow: Int, time: Double) -> ReleaseOutcome {
        guard case .dragging(let before) = phase else { return .settle(detent) }
        // A release on the row of the last motion report is not motion: adding it as a
        // sample would read a throw released 90 ms after its last report as a stop.
        if pointerRow != before.row { drag(pointerRow: pointerRow, time: time) } else { advance(time) }
        guard case .dragging(let drag) = phase else { return .settle(detent) }
        phase = .resting
        if !drag.moved {
            if drag.interrupted { settle(from: drag.height, velocity: 0) }
            return .click
        }
        let velocity = releaseVelocity(drag)
        let target = ReleasePolicy.target(height: drag.height, velocity: velocity, current: detent, layout: layout)
        commit(target)
        settle(from: drag.height, velocity: velocity)
        return .settle(target)
    }

    /// The detent the sheet would settle on if released now: during a drag, the release
    /// decision for the current height and velocity; otherwise the current detent.
    public var settleTarget: Detent {
        guard case .dragging(let drag) = phase else { return detent }
        return ReleasePolicy.target(height: drag.height, velocity: releaseVelocity(drag), current: detent, layout: layout)
    }

    /// The drag's velocity now (rows/s); 0 when pressed against an end and still pushing
    /// (nothing to throw).
    private func releaseVelocity(_ drag: Drag) -> Double {
        let velocity = drag.tracker.velocity(at: clock)
        let range = layout.heightRange
        if (drag.height >= Double(range.upperBound) && velocity > 0)
            || (drag.height <= Double(range.lowerBound) && velocity < 0) { return 0 }
        return velocity
    }

    /// Advances a settle to `time` seconds; once within half a row of the
    /// detent and slower than `Spring.restSpeed` it snaps there and stops.
    /// A no-op when not settling.
    public mutating func tick(time: Double) {
        advance(time)
        if case .settling(let spring) = phase, spring.isSettled(at: clock) { phase = .resting }
    }
}
