import Foundation
import GeoMap
import PinStore
import Support

/// `pinmap bench cells`: how long the store takes to give the map's cells
/// (`PinRepository.visitMapCells`, what a frame's reload asks first) of a 200 × 60 view
/// over Seoul at levels 12…17, for all pins and for the categories of `--category`. The
/// first read of a level meets an empty tile cache (a view moved far); the next
/// `frames − 1` reads pan a fraction of a cell each, as `bench render` does.
enum BenchCells {
    static let center = GeoPoint(latitude: 37.5665, longitude: 126.978)
    static let levels = 12...17
    static let columns = 200.0, rows = 60.0

    static func run(store: any PinRepository, categories: Set<String>?, frames: Int) throws -> [String] {
        let filter = categories.map { $0.sorted().joined(separator: ", ") } ?? "all pins"
        var out = ["pinmap bench cells: \(try store.count()) pins, Seoul, 200x60 cells, \(filter), \(frames) reads per level, ms"]
        out.append("  level   cells    pins    first   median   worst")
        for level in levels {
            var times: [Double] = [], first = (cells: 0, pins: 0)
            for i in 0..<frames {
                let w = PinGrid.cellWidth(level: level), h = PinGrid.cellHeight(level: level)
                let lat = center.latitude + Double(i % 7 - 3) * 0.29 * h, lon = center.longitude + Double(i % 9 - 4) * 0.37 * w
                let box = LatLonBox(south: lat - rows / 2 * h, west: lon - columns / 2 * w,
                                    north: lat + rows / 2 * h, east: lon + columns / 2 * w)
                var cells = 0, pins = 0
                let t0 = Monotonic.seconds()
                _ = try store.visitMapCells(cellWidth: w, boxes: [box], categories: categories, refineBudget: 300) { c, _ in
                    cells += 1
                    pins += c.count
                    return true
                }
                times.append((Monotonic.seconds() - t0) * 1000)
                if i == 0 { first = (cells, pins) }
            }
            out.append(String(format: "  %5d %7d %7d %8.2f %8.2f %7.2f", level, first.cells, first.pins, times[0],
                              BenchCommand.percentile(Array(times.dropFirst()), 0.5), times.max() ?? 0))
        }
        return out
    }
}
