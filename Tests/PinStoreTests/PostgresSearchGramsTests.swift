import XCTest
import PinModel
@testable import PinStorePostgres
import PostgresTesting

/// The grams a bulk load computes on the client (`SearchGrams`) are the ones the server's
/// trigger computes for any other write (`pinmap_search_grams`, migration 4): a pin loaded
/// either way is found by the same searches.
final class PostgresSearchGramsTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    func testClientGramsAreTheServersGrams() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let db = try PGConnection(uri: uri)
        let cases: [(title: String, description: String, category: String, properties: String)] = [
            ("Jongmyo Shrine", "", "", ""),
            ("종묘 정전", "조선 왕실의\n사당", "궁궐", "{}"),
            ("Café \"Ω\" \\ back\tslash", "line one\r\nline two", "Food", #"{"note": "Ünïcode ÀB", "b": "x\ny"}"#),
            ("a", "", "", #"{"k": ""}"#),
            ("e\u{301} and é", "🍜 ramen", "", ""),
        ]
        for c in cases {
            let client = try XCTUnwrap(SearchGrams.arrayLiteral(title: c.title, description: c.description,
                                                                 category: c.category, properties: c.properties))
            let r = try db.execute("""
                SELECT array(SELECT unnest($1::text[]) ORDER BY 1)::text,
                       array(SELECT unnest(pinmap_search_grams(pinmap_search_text($2, $3, $4, $5::jsonb))) ORDER BY 1)::text
                """, [client, c.title, c.description, c.category, c.properties.isEmpty ? "{}" : c.properties])
            XCTAssertEqual(r.text(0, 0), r.text(0, 1), c.title)
        }
        // A value that is not a string is the server's to write: the trigger computes it.
        XCTAssertNil(SearchGrams.arrayLiteral(title: "t", description: "", category: "", properties: #"{"n": 1.50}"#))
    }
}
