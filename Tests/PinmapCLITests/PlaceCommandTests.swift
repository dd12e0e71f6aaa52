import XCTest

/// `"place"` in `list --json` and `show --json`: the nearest city
/// within 50 km, else the country, else the open sea.
final class PlaceCommandTests: XCTestCase {
    func testPlaceOfPinsInListJSON() throws {
        let s = CLITestStore(self)
        let pins: [(String, String, String, String)] = [
            ("Paris FR", "48.8566", "2.3522", "near Paris, FR"),
            ("Paris TX", "33.6609", "-95.5555", "near Paris, US"),
            ("mid-Pacific", "0", "-150", "open sea"),
            ("antimeridian", "66.5", "180", "Russia"),
            ("Sahara", "24", "5", "Algeria"),
        ]
        for p in pins { XCTAssertEqual(s.run("add", "--title", p.0, "--lat", p.1, "--lon", p.2).code, 0) }
        let rows = try JSON.array(s.run("list", "--json").stdout)
        let byTitle = Dictionary(uniqueKeysWithValues: rows.map { ($0["title"] as? String ?? "", $0["place"] as? String ?? "") })
        for p in pins { XCTAssertEqual(byTitle[p.0], p.3, p.0) }
        XCTAssertEqual(try JSON.object(s.run("show", "2", "--json").stdout)["place"] as? String, "near Paris, US")
    }
}
