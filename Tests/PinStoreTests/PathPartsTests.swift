import XCTest
@testable import PinStore

/// `PathParts` splits like `NSString`'s path methods without trapping on a one-character path.
final class PathPartsTests: XCTestCase {
    func testFolderAndName() {
        let cases: [(String, String, String)] = [
            ("A", "", "A"), ("a/b/c", "a/b", "c"), ("/c", "/", "c"), ("/", "/", "/"), ("a/b/", "a", "b"), ("./A", ".", "A"),
        ]
        XCTAssertEqual(cases.map { PathParts.folder($0.0) }, cases.map(\.1))
        XCTAssertEqual(cases.map { PathParts.name($0.0) }, cases.map(\.2))
    }

    /// `pinmap … --db A` trapped in `Store.checkPath` (NSString.deletingLastPathComponent).
    func testOneCharacterRelativeStorePathOpens() throws {
        let old = FileManager.default.currentDirectoryPath
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pathparts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { FileManager.default.changeCurrentDirectoryPath(old); try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.changeCurrentDirectoryPath(dir)
        let store = try Store(path: "A")
        XCTAssertEqual(try store.count(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/A"))
    }
}
