import PinModel
import Frame
@testable import GeoMap

/// Shared helpers: rendering a frame and reading what is in its cells.
enum Fixture {
    /// A screen of `width` × `height` with the map drawn over all of it.
    static func render(_ vp: Viewport, width: Int = 100, height: Int = 30, markers: [MapMarker] = [],
                       options: MapOptions = MapOptions()) -> Screen {
        var screen = Screen(width: width, height: height)
        MapRenderer.draw(into: &screen, pane: screen.bounds, viewport: vp, markers: markers, options: options)
        return screen
    }

    /// Korea filling a 100 × 30 pane (centre ≈ 36.4N 127.75E, zoom ≈ 42).
    static let koreaBox = LatLonBox(south: 34.0, west: 125.5, north: 38.8, east: 130.0)
    static let pane100x30 = Rect(x: 0, y: 0, width: 100, height: 30)
    static var korea: Viewport {
        var vp = Viewport()
        vp.fit(koreaBox, pane: pane100x30)
        return vp
    }

    static func isBraille(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value > 0x2800 && $0.value <= 0x28FF }
    }

    /// True when some cell within `radius` cells of (col, row) holds a
    /// non-blank braille pattern.
    static func hasLine(_ s: Screen, col: Int, row: Int, radius: Int = 0) -> Bool {
        for r in (row - radius)...(row + radius) {
            for c in (col - radius)...(col + radius) where isBraille(s[c, r].text) { return true }
        }
        return false
    }

    /// Cell (floored) where `lat`, `lon` is drawn.
    static func cell(_ vp: Viewport, _ lat: Double, _ lon: Double, pane: Rect = pane100x30) -> (col: Int, row: Int) {
        let p = vp.cell(for: GeoPoint(latitude: lat, longitude: lon), pane: pane)
        return (Int(p.col.rounded(.down)), Int(p.row.rounded(.down)))
    }

    /// A few of Data/pins/pins-seoul.csv's pins (title, category, lat, lon).
    static let seoulPins: [MapMarker] = [
        MapMarker(id: 1, latitude: 37.5206, longitude: 127.0230, categoryIndex: 0, title: "Garosu-gil coffee"),
        MapMarker(id: 3, latitude: 37.5365, longitude: 126.9772, categoryIndex: 2, title: "전쟁기념관"),
        MapMarker(id: 11, latitude: 37.5794, longitude: 127.0061, categoryIndex: 1, title: "Ihwa Mural Village"),
        MapMarker(id: 12, latitude: 37.5806, longitude: 127.0077, categoryIndex: 4, title: "낙산공원 성곽길 야경"),
        MapMarker(id: 15, latitude: 37.5125, longitude: 127.1025, categoryIndex: 4, title: "Lotte World Tower – Seoul Sky"),
        MapMarker(id: 36, latitude: 37.6588, longitude: 126.9779, categoryIndex: 3, title: "Bukhansan – Baegundae peak"),
    ]
}
