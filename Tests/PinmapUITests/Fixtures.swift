import Foundation
import Frame
import PinStore
@testable import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import GeoMap
import Sheet

/// A few real Seoul pins (from Data/pins/pins-seoul.csv) for UI tests.
enum UIFixtures {
    static let seoulPins: [NewPin] = [
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

    /// A runner over an in-memory store holding `pins`, at `cols`×`rows`.
    static func runner(cols: Int = 100, rows: Int = 30, pins: [NewPin] = seoulPins,
                       detent: Detent = .medium, viewport: Viewport? = nil) throws -> AppRunner {
        let store = try Store.inMemory()
        for p in pins { try store.insert(p) }
        var state = AppState(cols: cols, rows: rows, detent: detent, ascii: false, color: false, reducedMotion: true)
        if let viewport { state.viewport = viewport }
        return UIRunner.make(store: store, state: state, loadSamples: { 0 })
    }
}

extension AppRunner {
    /// The SQLite store behind the runner (tests that need its bulk writes or SQL).
    var sqlite: Store { store as! Store }

    func key(_ k: Key, at t: Double = 0) { handle(.input(.key(k)), now: t) }
    func char(_ c: Character, at t: Double = 0) { key(.char(c), at: t) }
    func mouse(_ kind: MouseEvent.Kind, _ b: MouseButton = .left, col: Int, row: Int, at t: Double = 0) {
        handle(.input(.mouse(MouseEvent(kind, b, col: col, row: row))), now: t)
    }
    var text: String { frame().text() }
    func line(_ row: Int) -> String { frame().line(row) }
}
