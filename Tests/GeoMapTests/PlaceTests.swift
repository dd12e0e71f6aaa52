import XCTest
@testable import GeoMap

/// Where a pin is: nearest city within 50 km, else the country, else the open sea.
final class PlaceTests: XCTestCase {
    let g = Gazetteer.shared

    func testGazetteerDecodes() {
        XCTAssertEqual(g.cities.count, 34_006)
        XCTAssertEqual(g.countries.count, 177)
        let seoul = g.cities.first { g.englishName(of: $0) == "Seoul" }
        XCTAssertEqual(seoul.map { g.koreanName(of: $0) }, "서울")
        XCTAssertEqual(seoul?.countryCode, "KR")
        XCTAssertEqual(seoul?.population, 10_349_312)
    }

    func testKoreanNamesAreTheStandardExonymsWithoutTheWordCity() {
        func korean(_ english: String, _ country: String) -> String? {
            g.cities.first { g.englishName(of: $0) == english && $0.countryCode == country }.map { g.koreanName(of: $0) }
        }
        // Corrected picks (Data/geonames/name_ko_overrides.csv): the data had 비잔티움, 상해,
        // 북경, 멕시코 시, 레닌그라드, 키예프, 우한 시, 이란 시.
        let expected = [("Istanbul", "TR", "이스탄불"), ("Shanghai", "CN", "상하이"), ("Beijing", "CN", "베이징"),
                        ("Mexico City", "MX", "멕시코시티"), ("Saint Petersburg", "RU", "상트페테르부르크"),
                        ("Kyiv", "UA", "키이우"), ("Wuhan", "CN", "우한"), ("Yilan", "TW", "이란시"),
                        ("Seoul", "KR", "서울"), ("Tokyo", "JP", "도쿄")]
        XCTAssertEqual(expected.map { korean($0.0, $0.1) }, expected.map { $0.2 })
        XCTAssertEqual(g.search("이스탄불", limit: 1).first?.name, "Istanbul")
    }

    func testPlaceTable() {
        let cases: [(String, Double, Double, String)] = [
            ("Paris, France", 48.8566, 2.3522, "near Paris, FR"),
            ("Paris, Texas", 33.6609, -95.5555, "near Paris, US"),
            ("mid-Pacific", 0, -150, "open sea"),
            ("Chukotka on the antimeridian (east side)", 66.5, 180, "Russia"),
            ("Chukotka on the antimeridian (west side)", 66.5, -179.99, "Russia"),
            ("Sahara, no city within 50 km", 24, 5, "Algeria"),
            ("inland Greenland", 72, -40, "Greenland"),
            ("Seoul City Hall", 37.5663, 126.9779, "near Seoul, KR"),
        ]
        for (what, lat, lon, expected) in cases {
            XCTAssertEqual(g.placeText(GeoPoint(latitude: lat, longitude: lon)), expected, what)
        }
    }

    func testKoreanAndASCIINames() {
        let seoul = GeoPoint(latitude: 37.5663, longitude: 126.9779)
        XCTAssertEqual(g.placeText(seoul, PlaceNaming(language: .korean)), "서울 근처, KR")
        XCTAssertEqual(g.placeText(GeoPoint(latitude: 24, longitude: 5), PlaceNaming(language: .korean)), "알제리")
        XCTAssertEqual(g.placeText(GeoPoint(latitude: -23.55, longitude: -46.63), PlaceNaming(ascii: true)), "near Sao Paulo, BR")
    }

    func testLanguageFromLocaleName() {
        XCTAssertEqual(PlaceNaming.language(environment: ["LANG": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(PlaceNaming.language(environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "C.UTF-8"]), .english)
        XCTAssertEqual(PlaceNaming.language(environment: ["LANG": "en_US.UTF-8"]), .english)
        XCTAssertEqual(PlaceNaming.language(environment: [:]), .english)
    }
}
