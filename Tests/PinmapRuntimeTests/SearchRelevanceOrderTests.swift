import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// `/Seoul` lists the pin titled Seoul first, not the cities that match through their
/// `timezone` property "Asia/Seoul" (the 62k store in small); `s` still offers
/// newest first.
final class SearchRelevanceOrderTests: XCTestCase {
    private let pins: [NewPin] = [
        NewPin(title: "Seoul", category: "city", latitude: 37.5665, longitude: 126.978,
               createdAt: "2020-01-01T00:00:00Z", properties: #"{"timezone":"Asia/Seoul"}"#),
        NewPin(title: "Incheon International Airport", description: "the airport of Seoul", category: "airport",
               latitude: 37.4602, longitude: 126.4407, createdAt: "2021-01-01T00:00:00Z"),
        NewPin(title: "Seoul Station", category: "station", latitude: 37.5547, longitude: 126.9707,
               createdAt: "2022-01-01T00:00:00Z"),
        NewPin(title: "Hadong", category: "city", latitude: 35.0672, longitude: 127.7514,
               createdAt: "2024-01-01T00:00:00Z", properties: #"{"timezone":"Asia/Seoul"}"#),
        NewPin(title: "Yeongam", category: "city", latitude: 34.8, longitude: 126.7,
               createdAt: "2025-01-01T00:00:00Z", properties: #"{"timezone":"Asia/Seoul"}"#),
    ]

    func testBestMatchFirstThenNewestFirstByTheSortKey() throws {
        let r = try UIFixtures.runner(pins: pins)
        // Ctrl-F keeps the search and shows every match (Enter would go to the place Seoul
        // when the gazetteer is loaded).
        r.char("/"); r.type("Seoul"); r.key(.ctrl("f"))
        XCTAssertEqual(r.state.search.text, "Seoul")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Seoul", "Seoul Station", "Incheon International Airport", "Yeongam", "Hadong"])
        r.char("s")
        XCTAssertEqual(r.state.feedback.message, "Sorted by newest first")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Yeongam", "Hadong", "Seoul Station", "Incheon International Airport", "Seoul"])
        r.char("s"); r.char("s"); r.char("s")
        XCTAssertEqual(r.state.feedback.message, "Sorted by best match")
        XCTAssertEqual(r.state.list.pins.first?.title, "Seoul")
        // Without search text the steps are newest, name, distance: best match is not one.
        r.key(.escape)
        r.char("/"); r.key(.escape)
        XCTAssertEqual(r.state.search.text, "")
        r.char("s")
        XCTAssertEqual(r.state.feedback.message, "Sorted by title")
    }

    /// `/ICN`: the airport whose `iata` is ICN first, then the newer "Picnic Point" that
    /// holds the letters inside a word, then the airport whose `icao` EICN holds them.
    func testAnAirportCodeTypedWholeListsItsAirportFirst() throws {
        let r = try UIFixtures.runner(pins: [
            NewPin(title: "Coonagh Aerodrome", category: "airport", latitude: 52.6665, longitude: -8.6818,
                   createdAt: "2021-01-01T00:00:00Z", properties: #"{"icao":"EICN","iata":"","city":"Limerick"}"#),
            NewPin(title: "Incheon International Airport", category: "airport", latitude: 37.4691, longitude: 126.451,
                   createdAt: "2022-01-01T00:00:00Z", properties: #"{"icao":"RKSI","iata":"ICN","city":"Seoul"}"#),
            NewPin(title: "Picnic Point-North Lynnwood", category: "city", latitude: 47.8628, longitude: -122.295,
                   createdAt: "2023-01-01T00:00:00Z", properties: #"{"timezone":"America/Los_Angeles"}"#),
        ])
        r.char("/"); r.type("ICN"); r.key(.ctrl("f"))
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Incheon International Airport", "Picnic Point-North Lynnwood", "Coonagh Aerodrome"])
    }
}
