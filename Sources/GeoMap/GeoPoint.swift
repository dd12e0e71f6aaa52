import PinModel

/// A position on Earth: WGS84 latitude and longitude in decimal degrees.
/// Latitude is positive north ([-90, 90]), longitude positive east ([-180, 180]).
public struct GeoPoint: Sendable, Hashable, CustomStringConvertible {
    /// Degrees north of the equator, [-90, 90].
    public var latitude: Double
    /// Degrees east of Greenwich, [-180, 180].
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var description: String {
        "(\(GeoFormat.latitude(latitude, decimals: 4)), \(GeoFormat.longitude(longitude, decimals: 4)))"
    }
}

/// Angle helpers shared by the projection and the graticule.
enum GeoMath {
    /// `lon` wrapped into [-180, 180) (180 itself maps to -180 except that
    /// exactly 180 is kept, so the antimeridian reads as "180").
    static func wrapLongitude(_ lon: Double) -> Double {
        guard lon.isFinite else { return 0 }
        if lon >= -180 && lon <= 180 { return lon }
        var l = (lon + 180).truncatingRemainder(dividingBy: 360)
        if l < 0 { l += 360 }
        return l - 180
    }

    /// `lat` clamped to [-90, 90].
    static func clampLatitude(_ lat: Double) -> Double {
        guard lat.isFinite else { return 0 }
        return min(90, max(-90, lat))
    }
}

/// Degree labels: `30N`, `120E`, `0`, `180`, `37.5N`.
public enum GeoFormat {
    /// A latitude as `30N` / `15.5S` / `0`, with at most `decimals` decimals
    /// (trailing zeros dropped).
    public static func latitude(_ lat: Double, decimals: Int = 0) -> String {
        let s = number(abs(lat), decimals: decimals)
        if s == number(0, decimals: decimals) { return "0" }
        return s + (lat > 0 ? "N" : "S")
    }

    /// A longitude as `120E` / `60W` / `0` / `180`.
    public static func longitude(_ lon: Double, decimals: Int = 0) -> String {
        let w = GeoMath.wrapLongitude(lon)
        let s = number(abs(w), decimals: decimals)
        if s == number(0, decimals: decimals) || s == number(180, decimals: decimals) { return s }
        return s + (w > 0 ? "E" : "W")
    }

    /// `v` rounded to `decimals` places with trailing zeros dropped, no
    /// Foundation formatting (so output never depends on the locale).
    static func number(_ v: Double, decimals: Int) -> String {
        let d = max(0, min(6, decimals))
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        let scaled = (v * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "0" }
        let n = Int(scaled)
        var whole = String(abs(n) / Int(scale))
        if n < 0 { whole = "-" + whole }
        guard d > 0 else { return whole }
        var frac = String(abs(n) % Int(scale))
        while frac.count < d { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        return frac.isEmpty ? whole : whole + "." + frac
    }
}
