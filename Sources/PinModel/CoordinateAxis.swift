/// The valid range of each coordinate, in decimal degrees (WGS 84): latitude −90…90,
/// longitude −180…180, both inclusive. The one place that decides it: the importer
/// (`CoordinateParser`, `WKTPoint`, `RowValidator`), the command line (`PinArguments`,
/// `render --center`), the pin form and the store (`PinRules`) all ask here; the `pins`
/// table's CHECK constraints (Migrations.swift) are the last guard.
public enum CoordinateAxis: String, Sendable, Equatable {
    case latitude, longitude

    /// The largest magnitude allowed, in degrees: 90 or 180.
    public var limit: Double { self == .latitude ? 90 : 180 }

    /// True when `degrees` is finite and within ±`limit`.
    public func contains(_ degrees: Double) -> Bool { degrees.isFinite && abs(degrees) <= limit }

    /// Why a value is refused, as every message words it: "latitude 91 outside [-90, 90]",
    /// with the value `shown` as written.
    public func outsideReason(_ shown: String) -> String {
        "\(rawValue) \(shown) outside [-\(Int(limit)), \(Int(limit))]"
    }
}
