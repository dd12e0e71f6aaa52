import Foundation

/// WGS84 coordinates as text for people: fixed decimal degrees and degrees,
/// minutes, seconds. Integer arithmetic after one rounding, so output never
/// depends on the locale and never shows `60″`.
public enum CoordinateText {
    /// `v` with at most `decimals` decimals (0…9), trailing zeros dropped:
    /// `37.5365`, `-0.5`, `127`. Non-finite values give `"0"`.
    public static func decimal(_ v: Double, decimals: Int = 6) -> String {
        let d = max(0, min(9, decimals))
        var scale: Int64 = 1
        for _ in 0..<d { scale *= 10 }
        let scaled = (abs(v) * Double(scale)).rounded()
        guard scaled.isFinite, scaled < 9e15 else { return "0" }
        let total = Int64(scaled)
        var frac = String(total % scale)
        frac = String(repeating: "0", count: max(0, d - frac.count)) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        let sign = v < 0 && total != 0 ? "-" : ""
        return sign + String(total / scale) + (frac.isEmpty ? "" : "." + frac)
    }

    /// The text a form shows for a stored coordinate: Swift's shortest
    /// round-trip form (so saving unchanged keeps the value exactly) unless
    /// that would use an exponent, then 9 fixed decimals.
    public static func editable(_ v: Double) -> String {
        let s = v.description
        if s.contains("e") || s.contains("E") || !v.isFinite { return decimal(v, decimals: 9) }
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }

    /// A latitude as degrees, minutes and seconds to 0.1″: `37°32′11.4″N`.
    public static func dms(latitude: Double) -> String { dms(latitude, positive: "N", negative: "S") }

    /// A longitude as degrees, minutes and seconds to 0.1″: `126°58′37.9″E`.
    public static func dms(longitude: Double) -> String { dms(longitude, positive: "E", negative: "W") }

    /// Both, separated by a space: `37°32′11.4″N 126°58′37.9″E`.
    public static func dms(latitude: Double, longitude: Double) -> String {
        dms(latitude: latitude) + " " + dms(longitude: longitude)
    }

    private static func dms(_ v: Double, positive: String, negative: String) -> String {
        // Round once, in tenths of a second, then split: 59.96″ carries into the minute.
        let tenths = (abs(v) * 36_000).rounded()
        guard tenths.isFinite, tenths < 1e12 else { return "?" }
        let t = Int64(tenths)
        let deg = t / 36_000, min = (t % 36_000) / 600, sec = t % 600
        // Zero too has its letter (`0°00′00.0″N`), as the map writes `0N 0E` (`GeoFormat`).
        let hemisphere = v < 0 && t != 0 ? negative : positive
        return "\(deg)°\(pad2(min))′\(pad2(sec / 10)).\(sec % 10)″" + hemisphere
    }

    private static func pad2(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension CoordinateText {
    /// Degrees with at most 6 decimals (≈ 0.1 m), trailing zeros dropped (the Import
    /// tab's preview rows).
    public static func degrees(_ v: Double) -> String {
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
