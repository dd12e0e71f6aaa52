import XCTest
import Frame
@testable import GeoMap

/// Prints timings (never asserts them); not part of the default suite. Run in release for
/// real figures: `PINMAP_BENCH=1 swift test -c release --filter BenchmarkTests`.
final class BenchmarkTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PINMAP_BENCH"] == "1", "timings: PINMAP_BENCH=1")
    }

    private func ms(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Decoding all four embedded layers from their blobs (what the first
    /// frame pays once).
    func testPrintDecodeTime() {
        var points = 0
        let t = ms {
            for layer in MapData.Layer.allCases { points += MapData.decode(layer).pointCount }
        }
        print(String(format: "GeoMap bench: decoding %d points took %.2f ms", points, t))
        XCTAssertEqual(points, 5127 + 2992 + 60392 + 19676)
    }

    func testPrintFrameTimes() {
        let pane = Rect(x: 0, y: 0, width: 200, height: 60)
        var korea = Viewport()
        korea.fit(Fixture.koreaBox, pane: pane)
        let cases: [(String, Viewport)] = [
            ("world", .world), ("Korea", korea),
            ("Europe z6", Viewport(center: GeoPoint(latitude: 50, longitude: 10), zoom: 6)),
            ("Pacific z3", Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 3)),
        ]
        let pins = (0..<2000).map { MapMarker(id: Int64($0), latitude: Double($0 % 120) - 60, longitude: Double($0 % 350) - 175) }
        var drawn = 0
        for (name, vp) in cases {
            var screen = Screen(width: 200, height: 60)
            MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [], options: MapOptions())  // warm up
            let runs = 20
            let total = ms {
                for _ in 0..<runs {
                    let markers = Clusterer.cluster(pins, viewport: vp, pane: pane)
                    MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: markers, options: MapOptions())
                }
            }
            drawn += screen.cells.filter { $0.text != " " }.count
            print(String(format: "GeoMap bench: %@ 200x60 with 2000 pins clustered: %.2f ms/frame", name, total / Double(runs)))
        }
        XCTAssertGreaterThan(drawn, 1000)
    }
    /// City and street views over the high-resolution tiles: the steady frame
    /// (tiles cached) and what decoding the view's tiles costs the first frame.
    /// Zoom 91 on 200 columns is just past the switch from 1:50m, the widest
    /// view that decodes tiles; the Åland archipelago has the densest tile.
    func testPrintDetailFrameTimes() {
        let pane = Rect(x: 0, y: 0, width: 200, height: 60)
        let cases: [(String, Double, Double, Double)] = [
            ("Seoul z91", 37.55, 126.98, 91), ("Seoul z256", 37.55, 126.98, 256), ("Seoul z16384", 37.55, 126.98, 16384),
            ("Aland z91", 60.2, 20.5, 91), ("Aland z256", 60.2, 20.5, 256), ("Norway z91", 62, 5.5, 91),
            ("Patagonia z91", -50, -75, 91),
        ]
        let tiles = MapData.detailTiles!
        for (name, lat, lon, zoom) in cases {
            let vp = Viewport(center: GeoPoint(latitude: lat, longitude: lon), zoom: zoom)
            XCTAssertEqual(MapData.detail(for: vp, paneWidth: 200), .high, name)
            let proj = DotProjection(viewport: vp, pane: pane)
            let keys = tiles.keys(south: proj.south, west: proj.west, north: proj.north, east: proj.east)
            var points = 0
            let decode = ms { for k in keys { points += tiles.decode(key: k).coast.pointCount } }
            var screen = Screen(width: 200, height: 60)
            MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [], options: MapOptions())  // warm up
            let runs = 20
            let total = ms { for _ in 0..<runs { MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [], options: MapOptions()) } }
            print(String(format: "GeoMap bench: %@ 200x60: %.2f ms/frame; first frame decodes %d tiles (%d coast points) in %.2f ms",
                         name, total / Double(runs), keys.count, points, decode))
        }
    }
}
