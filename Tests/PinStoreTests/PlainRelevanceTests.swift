import XCTest
import PinModel
import PinStore

/// `PlainRelevance` ranks on the bytes what `SearchRelevance` ranks on `String`s: the same
/// tier for ASCII and Korean texts and queries, and no answer (the `String` path) for texts
/// it cannot rank on the bytes.
final class PlainRelevanceTests: XCTestCase {
    func testTheBytesRankAsSearchRelevance() {
        let titles = ["서울", "서울역", "서울 타워", "남서울", "서울타워", "Seoul 서울", "서울seoul", "서울·타워", "서울",
                      "서울\u{301}", "Seoul", "seoul station", "North Seoul", "a", "A b", "", "ㅅ울", "서울-로"]
        let descriptions = ["", "near 서울", "Seoul", "서울\u{1100}"]
        let properties = ["{}", #"{"name_ko":"서울"}"#, #"{"name_ko":"서울"}"#, #"{"city":"Seoul","n":"서울역"}"#,
                          "{\"a\":\"\u{130}\"}"]
        let queries = ["서울", "서", "울", "서울 타워", "서울역", "seoul 서울", "a", "seoul", "울 s", "ㅅ", "서울"]
        var ranked = 0
        for title in titles {
            for description in descriptions {
                for props in properties {
                    for q in queries {
                        let swift = SearchRelevance(title: title, description: description, category: "cafe", properties: props, text: q)
                        let bytes = Array(title.utf8).withUnsafeBufferPointer { t in
                            Array(description.utf8).withUnsafeBufferPointer { d in
                                Array("cafe".utf8).withUnsafeBufferPointer { c in
                                    Array(props.utf8).withUnsafeBufferPointer { p in
                                        PlainRelevance.tier(title: t, description: d, category: c, properties: p, query: PlainRelevance.Query(q))
                                    }
                                }
                            }
                        }
                        if let bytes {
                            ranked += 1
                            XCTAssertEqual(bytes, swift, "\(title) | \(description) | \(props) | \(q)")
                        }
                    }
                }
            }
        }
        // Most are ranked on the bytes; jamo, marks, the middle dot and İ are left to Swift
        // (a title holding the text inside a word needs its properties read first: a value
        // that is the text ranks above it, so İ there is left to Swift too).
        XCTAssertEqual(ranked, 2_180)
    }
}
