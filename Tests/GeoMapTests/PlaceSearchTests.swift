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

    /// A country's everyday Korean name finds it, listed first, while the map keeps its shown
    /// name: "한국" found nothing and "호주" went to Chorzów (호주프), Poland.
    func testEverydayKoreanCountryNamesFindTheirCountries() {
        let ko = PlaceNaming(language: .korean)
        XCTAssertEqual(names("한국", ko), ["대한민국, KR"])
        XCTAssertEqual(names("호주", ko), ["오스트레일리아, AU", "호주프, PL"])
        XCTAssertEqual(names("남아공", ko), ["남아프리카 공화국, ZA"])
        XCTAssertEqual(names("튀르키예", ko), ["터키, TR"])
        XCTAssertEqual(names("호주"), ["Australia, AU", "Chorzów, PL"])
        XCTAssertEqual(g.search("한국", limit: 1).first?.exact, true)
        XCTAssertEqual(g.countryName(code: "AU", ko), "오스트레일리아")
    }

    func testCountryMatchesFitTheCountry() throws {
        let france = try XCTUnwrap(g.search("France", limit: 1).first)
        XCTAssertEqual(france.box.west, -4.8, accuracy: 0.5)
        XCTAssertEqual(france.box.north, 51.1, accuracy: 0.5)
        XCTAssertEqual(g.countryName(code: "KR", PlaceNaming(language: .korean)), "대한민국")
    }
}
