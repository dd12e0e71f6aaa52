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
        XCTAssertEqual(g.search("york", limit: 6).map(\.name), ["York", "York", "Yorkton", "Yorkville", "York University Heights", "New York City"],
                       "exact names, then names that start with the text, then a later word that does")
        XCTAssertEqual(names("af"), ["Afghanistan, AF", "Afif, SA", "Afyonkarahisar, TR"],
                       "names that start with the text before South Africa, whose later word does")
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
