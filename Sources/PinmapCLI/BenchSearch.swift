import Foundation
import Frame
import GeoMap
import PinStore
import PinmapCore
import Support

/// `pinmap bench search`: how long the UI's search takes (`Store.search`, what the
/// search worker runs for each edit of the `/` field) for queries of 1, 2 and 3
/// characters, Latin and Korean, at a whole-world and a city (Seoul) view.
enum BenchSearch {
    /// The queries measured, by length in characters.
    static let queries: [(length: Int, texts: [String])] = [
        (1, ["a", "s", "종", "서"]),
        (2, ["ca", "sa", "종묘", "서울"]),
        (3, ["caf", "san", "서울역", "박물관"]),
    ]

    /// Views: name, centre and zoom, on a 200 × 58 map pane.
    static let views: [(name: String, center: GeoPoint, zoom: Double)] = [
        ("world", Viewport.world.center, 1),
        ("city: Seoul", GeoPoint(latitude: 37.5665, longitude: 126.978), 256),
    ]

    static func run(store: any PinRepository, rounds: Int) throws -> [String] {
        let pane = Rect(x: 0, y: 0, width: 200, height: 58)
        var out = ["pinmap bench search: \(try store.count()) pins, \(rounds) rounds per query, ms (median / worst)"]
        out.append("  view          length  query     matches: in view  elsewhere     median   worst")
        for view in views {
            let boxes = Viewport(center: view.center, zoom: view.zoom).boundingBoxes(pane: pane)
                .map { LatLonBox(south: $0.south, west: $0.west, north: $0.north, east: $0.east) }
            for (length, texts) in queries {
                var all: [Double] = [], slowestCPU = 0.0
                for text in texts {
                    var times: [Double] = [], cpus: [Double] = []
                    var last: (inView: Int, elsewhere: Int, capped: Bool) = (0, 0, false)
                    for _ in 0..<rounds {
                        // What the UI does for an edit: the worker's search, then the split by
                        // the view and the full rows of the first 500 listed (the list's limit),
                        // best match first.
                        let t0 = Monotonic.seconds(), c0 = BenchCommand.threadCPUSeconds()
                        let r = try store.search(text)
                        let split = SearchSplit(r, boxes: boxes, categories: nil)
                        let inView = split.inView
                        let listed = try split.listedIDs(.relevance, near: view.center, limit: 500, sortLimit: 10_000,
                                                         titles: { try store.pins(ids: $0) })
                        times.append((Monotonic.seconds() - t0) * 1000)
                        cpus.append((BenchCommand.threadCPUSeconds() - c0) * 1000)
                        last = (inView.count, r.matches.count - inView.count, r.capped)
                        if listed.count > 500 { print("") }  // keeps the fetch from being optimised away
                    }
                    all += times
                    slowestCPU = max(slowestCPU, BenchCommand.percentile(cpus, 0.5))
                    let r = last
                    let plus = r.capped ? "+" : " "
                    out.append(String(format: "  %@ %6d  %@ %9d%@ %9d%@  %9.2f %7.2f", pad(view.name, 13) as NSString, length,
                                      pad(text, 8) as NSString, r.inView, plus as NSString, r.elsewhere, plus as NSString,
                                      BenchCommand.percentile(times, 0.5), times.max() ?? 0))
                }
                // CPU time of the searching thread: the figure a busy machine disturbs least.
                out.append(String(format: "  %@ %6d  all lengths' worst: %.2f ms, median %.2f ms; slowest query's CPU median %.2f ms",
                                  pad(view.name, 13) as NSString, length, all.max() ?? 0, BenchCommand.percentile(all, 0.5), slowestCPU))
            }
        }
        return out
    }

    /// `s` padded with spaces to `cells` display cells (Korean counts 2).
    static func pad(_ s: String, _ cells: Int) -> String {
        let w = s.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) }
        return s + String(repeating: " ", count: max(0, cells - w))
    }
}
