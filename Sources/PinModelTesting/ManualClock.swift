import Foundation
import PinModel

/// A clock a test moves by hand (`time = "2020-01-01T00:00:00Z"`): give `clock` to a store,
/// then every time it writes is the one set last.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    /// Starts at `iso8601` (`2026-01-01T00:00:00Z`).
    public init(_ iso8601: String) { date = ManualClock.parse(iso8601) }

    /// The time it shows, ISO 8601 UTC.
    public var time: String {
        get { lock.lock(); defer { lock.unlock() }; return Timestamp.format(date) }
        set { lock.lock(); date = ManualClock.parse(newValue); lock.unlock() }
    }

    /// The clock to inject.
    public var clock: WallClock {
        WallClock { [self] in lock.lock(); defer { lock.unlock() }; return date }
    }

    private static func parse(_ s: String) -> Date { ISO8601DateFormatter().date(from: s) ?? Date(timeIntervalSince1970: 0) }
}
