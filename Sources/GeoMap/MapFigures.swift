import Foundation
import Frame
import PinModel

/// The map's own costs, timed from outside the renderer, for `pinmap bench map`: decoding
/// the embedded layers, frames of 2,000 clustered pins, and city and street frames over the
/// high-resolution tiles. Figures only: nothing here is asserted (run a release build for
/// real numbers).
public enum MapFigures {
    /// One line a figure.
    public static func lines() -> [String] {
        [decodeLine()] + clusteredFrameLines() + detailFrameLines()
    }

    /// Milliseconds `body` takes.
    private static func ms(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private static let pane = Rect(x: 0, y: 0, width: 200, height: 60)
    private static let runs = 20

    /// Decoding all four embedded layers from their blobs (what the first frame pays once).
    static func decodeLine() -> String {
        var points = 0
        let t = ms { for layer in MapData.Layer.allCases { points += MapData.decode(layer).pointCount } }
        return String(format: "decoding %d points took %.2f ms", points, t)
    }

    /// Frames of 2,000 pins spread over the world, clustered then drawn, at four views.
    static func clusteredFrameLines() -> [String] {
        var korea = Viewport()
        korea.fit(LatLonBox(south: 34.0, west: 125.5, north: 38.8, east: 130.0), pane: pane)
        let cases: [(String, Viewport)] = [
            ("world", .world), ("Korea", korea),
            ("Europe z6", Viewport(center: GeoPoint(latitude: 50, longitude: 10), zoom: 6)),
            ("Pacific z3", Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 3)),
        ]
        let pins = (0..<2000).map { MapMarker(id: Int64($0), latitude: Double($0 % 120) - 60, longitude: Double($0 % 350) - 175) }
        return cases.map { name, vp in
            var screen = Screen(width: pane.width, height: pane.height)
            MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [], options: MapOptions())  // warm up
            let total = ms {
                for _ in 0..<runs {
                    let markers = Clusterer.cluster(pins, viewport: vp, pane: pane)
                    MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: markers, options: MapOptions())
                }
            }
            return String(format: "%@ 200x60 with 2000 pins clustered: %.2f ms/frame", name, total / Double(runs))
        }
    }

    /// City and street views over the high-resolution tiles: the steady frame (tiles cached)
    /// and what decoding the view's tiles costs the first frame. Zoom 91 on 200 columns is just
    /// past the switch from 1:50m, the widest view that decodes tiles; the Åland archipelago
    /// has the densest tile.
    static func detailFrameLines() -> [String] {
        guard let tiles = MapData.detailTiles else { return ["no high-resolution tiles in this build"] }
        let cases: [(String, Double, Double, Double)] = [
            ("Seoul z91", 37.55, 126.98, 91), ("Seoul z256", 37.55, 126.98, 256), ("Seoul z16384", 37.55, 126.98, 16384),
            ("Aland z91", 60.2, 20.5, 91), ("Aland z256", 60.2, 20.5, 256), ("Norway z91", 62, 5.5, 91),
            ("Patagonia z91", -50, -75, 91),
        ]
        return cases.map { name, lat, lon, zoom in
            let vp = Viewport(center: GeoPoint(latitude: lat, longitude: lon), zoom: zoom)
            let proj = DotProjection(viewport: vp, pane: pane)
            let keys = tiles.keys(south: proj.south, west: proj.west, north: proj.north, east: proj.east)
            var points = 0
            let decode = ms { for k in keys { points += tiles.decode(key: k).coast.pointCount } }
            var screen = Screen(width: pane.width, height: pane.height)
            MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [], options: MapOptions())  // warm up
            let total = ms {
                for _ in 0..<runs { MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [], options: MapOptions()) }
            }
            return String(format: "%@ 200x60: %.2f ms/frame; first frame decodes %d tiles (%d coast points) in %.2f ms",
                          name, total / Double(runs), keys.count, points, decode)
        }
    }
}
