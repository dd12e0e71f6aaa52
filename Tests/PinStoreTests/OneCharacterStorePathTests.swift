import XCTest
import Foundation
import PinStore

/// A store opens at a one-character relative path (`PathParts` splits it without trapping).
final class OneCharacterStorePathTests: XCTestCase {
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
