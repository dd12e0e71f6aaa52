import XCTest
import GeoMap
import PinModel
import PinmapCore
import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport
import PinStore
import PinStorePostgres
import PostgresTesting

/// A file store and a PostgreSQL store holding the same pins (`ParityPins`) draw the same
/// frames, every line: the fit of a first opening, a crowded city at zooms where the map's
/// split budget runs out, pins on cell edges, a cell of 500 pins, the antimeridian and the
/// poles.
final class StoreFrameParityTests: XCTestCase {
    func testBothStoresDrawTheSameFrames() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let server = try PostgresStore(uri: uri), file = try Store.inMemory()
        XCTAssertEqual(try server.receive(ParityPins.snapshot()).pins, ParityPins.all().count)
        XCTAssertEqual(try file.receive(ParityPins.snapshot()).pins, ParityPins.all().count)
        let views: [(String, Double, Double, Double)] = [
            ("Seoul", 37.55, 127, 16), ("Seoul", 37.55, 127, 64), ("Seoul", 37.45, 126.85, 64), ("Seoul", 37.55, 127, 256),
            ("the stack", 37.5665, 126.978, 4096), ("cell edges", 37.56, 126.98, 16384),
            ("the antimeridian", 0, 180, 4), ("the antimeridian", 0, 180, 2048),
            ("the north pole", 85, 0, 2), ("the south pole", -85, 126.98, 8)]
        func frames(_ store: any PinRepository) -> [String] {
            let environment = AppEnvironment(home: "/home/pin", cwd: "/tmp", placeLanguage: .english)
            let state = AppState(cols: 120, rows: 40, detent: .medium, ascii: false, color: false, reducedMotion: true,
                                 environment: environment)
            let runner = UIRunner.make(store: store, state: state, loadSamples: { 0 })
            var out = [runner.frame().text()]  // the pins fitted, as a store first opens
            for (_, lat, lon, zoom) in views {
                runner.show(Viewport(center: GeoPoint(latitude: lat, longitude: lon), zoom: zoom))
                out.append(runner.frame().text())
            }
            return out
        }
        let expected = frames(file), shown = frames(server)
        let names = ["the fit"] + views.map { "\($0.0) at zoom \(Int($0.3))" }
        for (name, (s, e)) in zip(names, zip(shown, expected)) { XCTAssertEqual(s, e, name) }
    }
}
