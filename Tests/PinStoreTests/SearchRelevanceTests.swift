import XCTest
import PinModel
@testable import PinStore

/// The tiers of `SearchRelevance`, and the store's byte-level ranking of ASCII texts
/// (`RelevanceFunction`) giving the same tier as `SearchRelevance` for every text.
final class SearchRelevanceTests: XCTestCase {
    func testTiers() {
        func tier(_ title: String, _ description: String = "", _ category: String = "", _ properties: String = "{}",
                  text: String = "seoul") -> SearchRelevance {
            SearchRelevance(title: title, description: description, category: category, properties: properties, text: text)
        }
        XCTAssertEqual(tier("SEOUL"), .exactTitle)
        XCTAssertEqual(tier("Seoul Station"), .titlePrefix)
        XCTAssertEqual(tier("Seoulite"), .titlePrefix)
        XCTAssertEqual(tier("North Seoul Tower"), .titleWord)
        XCTAssertEqual(tier("N. (Seoul)"), .titleWord)
        XCTAssertEqual(tier("NewSeoulCity"), .titleAnywhere)
        XCTAssertEqual(tier("Tower of Seoul", text: "seoul  tower"), .titleAnywhere)
        XCTAssertEqual(tier("Seoul Tower", text: " seoul   TOWER "), .exactTitle)
        XCTAssertEqual(tier("Gimpo", "", "Seoul airports"), .descriptionOrCategory)
        XCTAssertEqual(tier("Gimpo", "the other seoul airport"), .descriptionOrCategory)
        XCTAssertEqual(tier("Incheon", "", "", #"{"city":"Seoul"}"#), .propertyValue)
        XCTAssertEqual(tier("Hadong", "", "", #"{"timezone":"Asia/Seoul"}"#), .propertyOnly)
        // An airport code typed whole: the property that is it ranks above a title holding it
        // inside a word, and below one that starts with it or holds it as a word.
        let incheon = #"{"icao":"RKSI","iata":"ICN","city":"Seoul"}"#
        XCTAssertEqual(tier("Incheon International Airport", "", "", incheon, text: "icn"), .propertyValue)
        XCTAssertEqual(tier("Picnic Point", text: "ICN"), .titleAnywhere)
        XCTAssertEqual(tier("Coonagh Aerodrome", "", "", #"{"icao":"EICN"}"#, text: "icn"), .propertyOnly)
        XCTAssertEqual(tier("ICN Lounge", "", "", incheon, text: "icn"), .titlePrefix)
        XCTAssertEqual(tier("NewSeoulCity", "", "", incheon), .propertyValue)
        XCTAssertLessThan(SearchRelevance.propertyValue, .titleAnywhere)
        // A key is no value: every airport has a "city" key.
        XCTAssertEqual(tier("Velocity", "", "", incheon, text: "city"), .titleAnywhere)
        XCTAssertEqual(tier("Gimpo", "", "", #"{"city" : "x", "b": ["city"]}"#, text: "city"), .propertyValue)
        XCTAssertEqual(tier("서울", text: "서울"), .exactTitle)
        XCTAssertEqual(tier("서울역", text: "서울"), .titlePrefix)
        XCTAssertEqual(tier("ΣΟΦΟΚΛΗΣ", text: "σοφοκλης"), .exactTitle, "final sigma folds as σ")
        XCTAssertEqual(tier("Café Seoul", text: "café"), .titlePrefix)
    }

    /// Every title × query through `pinmap_relevance` in SQLite: the same tier as Swift's.
    func testTheStoresFunctionRanksAsSearchRelevance() throws {
        let store = try Store.inMemory()
        let titles = ["Seoul", "seoul station", "North Seoul", "NewSeoulCity", "Seoul-ro", "seoulite", "Gimpo", "Café Seoul",
                      "Seoul·Tower", "a", "A b", "ab", "b a", "ba", "", "Sé", "Kaffee", "Incheon", "Picnic"]
        let descriptions = ["", "near seoul", "café au lait", "A"]
        let properties = ["{}", #"{"city":"Seoul"}"#, #"{"tz":"Asia/Seoul"}"#, #"{"name_ko":"서울","city":"seoul"}"#,
                          #"{"name_ko":"서울","city":"Seoulx"}"#, "{\"a\":\"SEOUL\u{212A}\"}", "{\"a\":\"\u{130}\"}",
                          #"{"seoul" :"x","a":["ul"]}"#, #"{"iata":"ICN","x":"a"}"#]
        let queries = ["seoul", "Seoul", "a", "b a", "se", "café", "ul", "seoul tower", "서울", "-", "s", "seoulk", "i̇", "icn", "x"]
        let st = try store.db.prepare("SELECT pinmap_relevance(?, ?, ?, ?, ?)")
        for title in titles {
            for description in descriptions {
                for props in properties {
                    for q in queries {
                        st.reset()
                        try st.bind([.text(title), .text(description), .text("cafe"), .text(props), .text(q)])
                        XCTAssertTrue(try st.step())
                        let swift = SearchRelevance(title: title, description: description, category: "cafe", properties: props, text: q)
                        XCTAssertEqual(Int(st.int(0)), swift.rawValue, "\(title) | \(description) | \(props) | \(q)")
                    }
                }
            }
        }
    }
}
