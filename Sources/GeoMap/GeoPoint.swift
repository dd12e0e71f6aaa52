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

/// Degrees as the map writes them, on its axes and in the status line alike, every value
/// with its hemisphere letter: `30N`, `120E`, `37.5S`, and `0N` / `0E` for the equator and
/// the prime meridian, `180E` / `180W` for the antimeridian, so a coordinate never reads
/// as bare numbers ("0 0" looked like two counts). ASCII, so ASCII mode writes it as it is.
public enum GeoFormat {
    /// A latitude as `30N` / `15.5S` / `0N`, with at most `decimals` decimals
    /// (trailing zeros dropped).
    public static func latitude(_ lat: Double, decimals: Int = 0) -> String {
        let s = number(abs(lat), decimals: decimals)
        return s + (lat >= 0 || s == number(0, decimals: decimals) ? "N" : "S")
    }

    /// A longitude as `120E` / `60W` / `0E` / `180E` (`180W` for -180).
    public static func longitude(_ lon: Double, decimals: Int = 0) -> String {
        let w = GeoMath.wrapLongitude(lon)
        let s = number(abs(w), decimals: decimals)
        return s + (w >= 0 || s == number(0, decimals: decimals) ? "E" : "W")
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
