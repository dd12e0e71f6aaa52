import XCTest
@testable import Support

/// `PathParts` splits like `NSString`'s path methods without trapping on a one-character path.
final class PathPartsTests: XCTestCase {
    func testFolderAndName() {
        let cases: [(String, String, String)] = [
            ("A", "", "A"), ("a/b/c", "a/b", "c"), ("/c", "/", "c"), ("/", "/", "/"), ("a/b/", "a", "b"), ("./A", ".", "A"),
        ]
        XCTAssertEqual(cases.map { PathParts.folder($0.0) }, cases.map(\.1))
        XCTAssertEqual(cases.map { PathParts.name($0.0) }, cases.map(\.2))
    }
}
