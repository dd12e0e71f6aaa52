// Support: general utilities any module may use (no SQLite, no Pinmap types).
import Foundation

/// The one clock for measuring time spans (the UI's animations and ticks, the import
/// progress bar's rate, benchmarks): CLOCK_MONOTONIC, which neither jumps with the wall
/// clock nor stops. Timestamps stored with pins come from the store's `WallClock` instead.
public enum Monotonic {
    /// Seconds since an arbitrary fixed point (boot on Linux); only differences mean anything.
    public static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
