import Foundation

/// A pin as stored: WGS84 latitude/longitude in decimal degrees, timestamps as
/// ISO 8601 text (the creation time the source gave, or the insert time).
public struct Pin: Sendable, Equatable, Hashable {
    public var id: Int64
    public var title: String
    public var description: String
    public var category: String
    public var latitude: Double
    public var longitude: Double
    public var createdAt: String
    public var updatedAt: String
    /// Every source field that maps to no pin column, as the text of a JSON object
    /// (`{"icao":"EDDF"}`; `{}` when none), keys in source order.
    public var properties: String
    /// Grows by one with every edit (1 when stored): an edit or delete that names the version
    /// it read is refused once someone else changed the pin (`StoreError.changedElsewhere`).
    public var version: Int64

    public init(id: Int64, title: String, description: String = "", category: String = "",
                latitude: Double, longitude: Double, createdAt: String, updatedAt: String,
                properties: String = "{}", version: Int64 = 1) {
        self.id = id; self.title = title; self.description = description; self.category = category
        self.latitude = latitude; self.longitude = longitude
        self.createdAt = createdAt; self.updatedAt = updatedAt
        self.properties = properties
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, category, latitude, longitude, properties, version
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}

/// A pin not yet stored: WGS84 latitude/longitude in decimal degrees (checked by
/// `PinRules` on write), `createdAt` ISO 8601 text, nil meaning "now".
public struct NewPin: Sendable, Equatable, Hashable {
    public var title: String
    public var description: String
    public var category: String
    public var latitude: Double
    public var longitude: Double
    public var createdAt: String?
    /// A JSON object's text, as `Pin.properties`.
    public var properties: String

    public init(title: String, description: String = "", category: String = "",
                latitude: Double, longitude: Double, createdAt: String? = nil, properties: String = "{}") {
        self.title = title; self.description = description; self.category = category
        self.latitude = latitude; self.longitude = longitude; self.createdAt = createdAt
        self.properties = properties
    }
}

/// Where a store's times come from (a pin's `updated_at`, a comment's and an import's
/// time): the system clock, or one a test sets. Injected into the store, never read
/// from a global, so tests freeze time without rewriting rows.
public struct WallClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Date
    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    /// The system's clock.
    public static let system = WallClock { Date() }

    /// A clock stopped at `date`.
    public static func fixed(_ date: Date) -> WallClock { WallClock { date } }

    /// A clock stopped at an ISO 8601 time (`2025-06-08T09:00:00Z`).
    public static func fixed(_ iso8601: String) -> WallClock {
        fixed(ISO8601DateFormatter().date(from: iso8601) ?? Date(timeIntervalSince1970: 0))
    }

    /// The current time as stored: `2026-11-30T11:16:33Z`.
    public func timestamp() -> String { Timestamp.format(now()) }
}

/// ISO 8601 timestamps in UTC with seconds, e.g. `2026-11-30T11:16:33Z`.
public enum Timestamp {
    public static func format(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }
}
