import Foundation
import Frame
import PinModel
import PinModelTesting
import PinmapCore
import PinmapRuntime
import GeoMap
import Sheet

/// A few real Seoul pins (from Data/pins/pins-seoul.csv) for UI tests.
public enum UIFixtures {
    public static let seoulPins: [NewPin] = [
        NewPin(title: "전쟁기념관", description: "야외 전시 비행기 구경", category: "museum",
               latitude: 37.5365, longitude: 126.9772, createdAt: "2023-05-05T13:20:00+09:00"),
        NewPin(title: "Garosu-gil coffee", category: "cafe", latitude: 37.5206, longitude: 127.0230,
               createdAt: "2023-03-18T14:10:00+09:00"),
        NewPin(title: "Hongdae, busking street", category: "landmark", latitude: 37.5556, longitude: 126.9230,
               createdAt: "2023-04-29T21:00:00+09:00"),
        NewPin(title: "National Museum of Korea", category: "museum", latitude: 37.5240, longitude: 126.9804,
               createdAt: "2023-06-22T11:00:00+09:00"),
        NewPin(title: "Busan Tower", category: "landmark", latitude: 35.1008, longitude: 129.0324,
               createdAt: "2023-07-01T10:00:00+09:00"),
    ]

    /// A runner over an in-memory repository (`InMemoryPinRepository`, no SQLite) holding
    /// `pins`, at `cols`×`rows`.
    public static func runner(cols: Int = 100, rows: Int = 30, pins: [NewPin] = seoulPins,
                              detent: Detent = .medium, viewport: Viewport? = nil, ascii: Bool = false,
                              environment: AppEnvironment? = nil) throws -> AppRunner {
        try runner(over: InMemoryPinRepository(pins: pins), cols: cols, rows: rows, detent: detent, viewport: viewport,
                   ascii: ascii, environment: environment)
    }

    /// A runner over `store`, at `cols`×`rows`, colourless and without animations; `ascii`
    /// draws with ASCII symbols; `environment` (home, working folder, locale, place names,
    /// colours) is the process's by default, as the UI starts.
    public static func runner(over store: any PinRepository, cols: Int = 100, rows: Int = 30, detent: Detent = .medium,
                              viewport: Viewport? = nil, importer: FileImporter = .unavailable, ascii: Bool = false,
                              environment: AppEnvironment? = nil) throws -> AppRunner {
        // The Import tab resolves `~` and relative paths as the UI does.
        let environment = environment ?? AppEnvironment(home: ProcessInfo.processInfo.environment["HOME"],
                                                        cwd: FileManager.default.currentDirectoryPath)
        let state = AppState(cols: cols, rows: rows, detent: detent, ascii: ascii, color: false, reducedMotion: true,
                             environment: environment)
        let runner = AppRunner(store: store, state: state, importer: importer, loadSamples: { 0 })
        // A fixed view, not the one the store reopens on (its pins fitted): `LastViewTests` test that.
        runner.show(viewport ?? .world)
        return runner
    }
}

extension AppRunner {
    public func key(_ k: Key, at t: Double = 0) { handle(.input(.key(k)), now: t) }
    public func char(_ c: Character, at t: Double = 0) { key(.char(c), at: t) }
    public func mouse(_ kind: MouseEvent.Kind, _ b: MouseButton = .left, col: Int, row: Int, at t: Double = 0) {
        handle(.input(.mouse(MouseEvent(kind, b, col: col, row: row))), now: t)
    }
    public var text: String { frame().text() }

    /// Shows `markers` on the map as a view read for the current view would (`.view(.loaded)`),
    /// the counts and the list unchanged: a map state no store of a few pins reaches (a
    /// cluster of 37 pins) without writing the state.
    public func showMarkers(_ markers: [MapMarker]) {
        let part = ViewData.ViewPart(markers: markers, inView: state.list.inViewCount, approximate: state.list.inViewApproximate,
                                     elsewhere: nil, listed: nil)
        let totals = PinCellTotals(total: state.list.totalCount, categories: state.map.categoryCounts.filter { !$0.name.isEmpty }
            .map { PinCellTotals.CategoryTotal(name: $0.name, count: $0.count) })
        handle(.view(.loaded(ViewData(totals: totals, view: part, selectedMarker: nil, list: false,
                                    generation: state.loads.viewGeneration))), now: state.clock)
    }
    public func line(_ row: Int) -> String { frame().line(row) }
}
