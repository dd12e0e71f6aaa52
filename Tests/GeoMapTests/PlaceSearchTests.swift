import XCTest
@testable import GeoMap

final class PlaceSearchTests: XCTestCase {
    let g = Gazetteer.shared

    func names(_ q: String, _ naming: PlaceNaming = PlaceNaming()) -> [String] {
        g.search(q, limit: 3, naming: naming).map { "\($0.name), \($0.countryCode)" }
    }

    func testSearchFindsPlacesByEnglishKoreanAndFoldedNames() {
        XCTAssertEqual(names("Seoul").first, "Seoul, KR")
        XCTAssertEqual(names("서울").first, "Seoul, KR")
        XCTAssertEqual(names("서울", PlaceNaming(language: .korean)).first, "서울, KR")
        XCTAssertEqual(Array(names("Paris").prefix(2)), ["Paris, FR", "Paris, US"])
        XCTAssertEqual(names("France").first, "France, FR")
        XCTAssertEqual(names("sao paulo").first, "São Paulo, BR")
        XCTAssertEqual(names("new yo").first, "New York City, US")
        XCTAssertEqual(g.search("york", limit: 6).map(\.name), ["York", "York", "New York City", "Yorkton", "Yorkville", "York University Heights"],
                       "exact names, then a big city's later word, then smaller places that start with the text")
        XCTAssertEqual(g.search("af", limit: 6).map { "\($0.name), \($0.countryCode)" },
                       ["Afghanistan, AF", "South Africa, ZA", "Central African Rep., CF", "Afif, SA", "Afyonkarahisar, TR", "Aflou, DZ"],
                       "a country that starts with the text before one whose later word does, countries before smaller places")
        XCTAssertEqual(names("kor"), ["North Korea, KP", "South Korea, KR", "Korla, CN"])
        XCTAssertEqual(names(""), [])
        XCTAssertEqual(names("zzzzqqq"), [])
    }

    func testCountryMatchesFitTheCountry() throws {
        let france = try XCTUnwrap(g.search("France", limit: 1).first)
        XCTAssertEqual(france.box.west, -4.8, accuracy: 0.5)
        XCTAssertEqual(france.box.north, 51.1, accuracy: 0.5)
        XCTAssertEqual(g.countryName(code: "KR", PlaceNaming(language: .korean)), "대한민국")
    }
}
