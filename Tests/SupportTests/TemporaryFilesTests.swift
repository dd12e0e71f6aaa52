import Foundation
import XCTest
@testable import Support

/// `TemporaryFiles.removeAll` (an interrupt handler's) removes the files noted and not forgotten.
final class TemporaryFilesTests: XCTestCase {
    func testRemoveAllRemovesTheFilesStillNoted() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-tmpfiles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = ["a", "b", "c"].map { dir + "/." + $0 + ".tmp" }
        for p in paths { FileManager.default.createFile(atPath: p, contents: Data("x".utf8)) }
        let tickets = paths.map(TemporaryFiles.note)
        XCTAssertEqual(tickets.compactMap { $0 }.count, 3)
        TemporaryFiles.forget(tickets[1])  // renamed into place: not the handler's any more
        TemporaryFiles.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [".b.tmp"])
        for t in tickets { TemporaryFiles.forget(t) }
    }

    /// A full table says so (nil); forgetting frees a place.
    func testTheTableHoldsItsCapacity() {
        let tickets = (0..<TemporaryFiles.capacity).map { TemporaryFiles.note("/nonexistent/\($0)") }
        XCTAssertEqual(Set(tickets.compactMap { $0 }).count, TemporaryFiles.capacity)
        XCTAssertNil(TemporaryFiles.note("/nonexistent/one more"))
        TemporaryFiles.forget(tickets[0])
        let again = TemporaryFiles.note("/nonexistent/again")
        XCTAssertEqual(again, tickets[0])
        for t in tickets.dropFirst() + [again] { TemporaryFiles.forget(t) }
    }
}
