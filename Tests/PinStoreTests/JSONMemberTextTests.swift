import XCTest
@testable import PinStore

/// `JSONMemberText`: each member's value as written, whatever strings, nesting and white
/// space it holds.
final class JSONMemberTextTests: XCTestCase {
    func testValuesAsWritten() {
        XCTAssertEqual(JSONMemberText.values(#"{}"#), [])
        XCTAssertEqual(JSONMemberText.values(#" { "a" : 0.10 , "b":-1E+5,"c":12345678901234567890 } "#), ["0.10", "-1E+5", "12345678901234567890"])
        XCTAssertEqual(JSONMemberText.values(#"{"s":"x,}\"]","o":{"k":[1,{"z":"}"}]},"a":[ 1 , 2 ],"n":null,"t":true}"#),
                       [#""x,}\"]""#, #"{"k":[1,{"z":"}"}]}"#, "[ 1 , 2 ]", "null", "true"])
        XCTAssertEqual(JSONMemberText.values(#"{"k\"ey":"v"}"#), [#""v""#], "an escaped quote inside a key")
        XCTAssertNil(JSONMemberText.values("[1]"), "not an object")
        XCTAssertNil(JSONMemberText.values(#"{"a" 1}"#), "no colon")
    }
}
