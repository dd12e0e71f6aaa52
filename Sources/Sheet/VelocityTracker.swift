/// Estimates the drag velocity in rows/s at release (docs/sheet.md rule 4).
///
/// Follows Android's `VelocityTracker` horizon: only the motion of the last
/// `horizon` seconds (default 0.1 s) before release counts, and a release more
/// than `horizon` after the last motion is v = 0 (the user paused: a "place",
/// not a "throw"). Terminal mice report whole rows, often one report per row,
/// so when the horizon holds a single report the newest report before it is
/// kept as an anchor (*ours*); otherwise one slow row would read as v = 0.
///
/// Velocity = (newest − oldest position) / (newest − oldest time) over the
/// samples used: the average over the window, which is robust to the uneven
/// spacing of terminal reports.
public struct VelocityTracker: Sendable, Equatable {
    /// A position report: `time` in seconds, `position` in rows.
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var position: Double
    }

    /// Seconds of motion that count before release.
    public let horizon: Double
    /// Reports kept: those inside the horizon of the newest one, plus one anchor before it.
    public private(set) var samples: [Sample] = []
    /// Time in seconds of the last report whose position changed; nil before any motion.
    public private(set) var lastMotionTime: Double?

    /// - Parameter horizon: seconds; non-finite or ≤ 0 is replaced by 0.1.
    public init(horizon: Double = 0.1) {
        self.horizon = horizon.isFinite && horizon > 0 ? horizon : 0.1
    }

    /// Records the pointer-derived position (rows) at `time` (seconds). Non-finite
    /// input is ignored; a time earlier than the previous report counts as that time.
    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        let t = max(time, samples.last?.time ?? time)
        if let last = samples.last, last.position != position { lastMotionTime = t }
        samples.append(Sample(time: t, position: position))
        // Keep the horizon plus one anchor before it; older reports can never count.
        if let firstInside = samples.firstIndex(where: { $0.time >= t - horizon }), firstInside > 1 {
            samples.removeFirst(firstInside - 1)
        }
    }

    /// Velocity in rows/s at `time` (seconds, the release): 0 with no motion,
    /// or when the last motion is more than `horizon` before `time`.
    public func velocity(at time: Double) -> Double {
        guard let lastMotion = lastMotionTime, time.isFinite, time - lastMotion <= horizon else { return 0 }
        var used = samples.filter { $0.time >= time - horizon && $0.time <= time }
        if used.count < 2, let anchor = samples.last(where: { $0.time < time - horizon }) {
            used.insert(anchor, at: 0)
        }
        guard let first = used.first, let last = used.last, last.time - first.time > 1e-6 else { return 0 }
        return (last.position - first.position) / (last.time - first.time)
    }
}
