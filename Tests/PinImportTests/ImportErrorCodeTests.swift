import XCTest
import Foundation
@testable import PinImport
import PinModel

/// `ImportError.code`: one stable code per kind of failure, for interfaces that say it in
/// their own language (the CLI keeps `description`).
final class ImportErrorCodeTests: XCTestCase {
    func testUnreadableSaysWhatThePathIs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        func code(_ path: String) -> ImportErrorCode { ImportError.unreadable(path: path, reason: "x").code }
        XCTAssertEqual(code(fifo), .pipe)
        XCTAssertEqual(code(dir.path), .directory)
        XCTAssertEqual(code("/dev/zero"), .device)
        XCTAssertEqual(code(dir.appendingPathComponent("missing.csv").path), .notFound)
        XCTAssertEqual(code(dir.appendingPathComponent("missing/deeper.csv").path), .notFound)
    }

    func testEveryOtherCaseHasItsCodeAndPath() {
        let cases: [(ImportError, ImportErrorCode)] = [
            (.emptyFile(path: "a"), .empty), (.bomOnly(path: "a", encoding: "UTF-8"), .empty), (.noHeader(path: "a"), .noHeader),
            (.malformedHeader(path: "a", reason: ""), .malformedHeader), (.columns(path: "a", .noTitleColumn(headersFound: [])), .columns),
            (.invalidGeoJSON(path: "a", reason: ""), .notGeoJSON), (.invalidJSON(path: "a", reason: ""), .notJSON),
            (.malformedXML(path: "a", line: 1, column: 2, reason: .notUTF8), .notXML), (.archive(path: "a", reason: ""), .archive),
            (.store(path: "a", .failed(StoreError(""))), .store), (.rejectsFile(path: "a", reason: ""), .rejectsFile),
        ]
        for (error, code) in cases {
            XCTAssertEqual(error.code, code, "\(error)")
            XCTAssertEqual(error.path, "a")
        }
        XCTAssertEqual(ImportErrorCode.pipe.rawValue, "pipe", "raw values are stable")
    }
}
