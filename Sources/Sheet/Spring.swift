import Foundation

/// A critically damped spring from `start` to `target` rows, solved
/// analytically so any frame time can be sampled (docs/sheet.md rule 6).
///
/// With `x = value − target`, `x0 = start − target` and `ω = 2π / response`
/// (SwiftUI's `response`, damping fraction 1):
///
///     x(t) = (x0 + (v0 + ω·x0)·t) · e^(−ω·t)
///     v(t) = (v0 − ω·(v0 + ω·x0)·t) · e^(−ω·t)
///
/// A critically damped spring overshoots only when thrown towards the target
/// faster than `ω·|x0|`; such an initial velocity is capped at `ω·|x0|`
/// (*ours*), so a spring whose `v0` does not point away from the target moves
/// monotonically and never crosses it. A `v0` pointing away is kept: the sheet
/// carries on briefly, then returns. Being a pure function of time, a spring is
/// interrupted simply by sampling it and starting something else from there.
public struct Spring: Sendable, Equatable {
    /// Default response in seconds (docs/sheet.md: ≈ 0.3–0.4 s).
    public static let defaultResponse = 0.35
    /// Settled when closer than this to the target, in rows: the drawn row is the target's.
    public static let restDistance = 0.5
    /// …and slower than this, in rows/s (*ours*: below 5 rows/s it can no longer leave the row).
    public static let restSpeed = 5.0

    /// Height in rows at `startTime`.
    public let start: Double
    /// Height in rows the spring comes to rest at.
    public let target: Double
    /// Velocity in rows/s at `startTime` (+ = growing), after the overshoot cap.
    public let initialVelocity: Double
    /// Seconds; times before it read as `startTime`.
    public let startTime: Double
    /// Seconds; the period of the undamped spring.
    public let response: Double

    /// - Parameters:
    ///   - start: rows; non-finite is replaced by `target`.
    ///   - target: rows; non-finite is replaced by 0.
    ///   - velocity: rows/s (+ = growing); non-finite is 0; capped towards the target (see above).
    ///   - time: seconds; non-finite is 0.
    ///   - response: seconds; non-finite or ≤ 0 is `defaultResponse`.
    public init(from start: Double, to target: Double, velocity: Double = 0, time: Double,
                response: Double = Spring.defaultResponse) {
        let goal = target.isFinite ? target : 0
        let from = start.isFinite ? start : goal
        let period = response.isFinite && response > 0 ? response : Spring.defaultResponse
        let omega = 2 * Double.pi / period
        let x0 = from - goal
        var v0 = velocity.isFinite ? velocity : 0
        if v0 * x0 < 0 && abs(v0) > omega * abs(x0) { v0 = -omega * x0 }
        self.start = from
        self.target = goal
        self.initialVelocity = v0
        self.startTime = time.isFinite ? time : 0
        self.response = period
    }

    /// Angular frequency in rad/s: `2π / response`.
    public var omega: Double { 2 * Double.pi / response }

    /// Height in rows at `t` seconds.
    public func value(at t: Double) -> Double {
        let (s, decay, x0, v0) = terms(at: t)
        return target + (x0 + (v0 + omega * x0) * s) * decay
    }

    /// Velocity in rows/s at `t` seconds (+ = growing).
    public func velocity(at t: Double) -> Double {
        let (s, decay, x0, v0) = terms(at: t)
        return (v0 - omega * (v0 + omega * x0) * s) * decay
    }

    /// True once within `restDistance` rows of the target and slower than
    /// `restSpeed` rows/s; the caller then snaps to the target exactly.
    public func isSettled(at t: Double) -> Bool {
        let x = value(at: t) - target, v = velocity(at: t)
        guard x.isFinite, v.isFinite else { return true }
        return abs(x) < Spring.restDistance && abs(v) < Spring.restSpeed
    }

    /// Elapsed seconds (≥ 0), e^(−ω·s), x0 and v0.
    private func terms(at t: Double) -> (Double, Double, Double, Double) {
        let s = t.isFinite ? max(0, t - startTime) : 0
        return (s, exp(-omega * s), start - target, initialVelocity)
    }
}
