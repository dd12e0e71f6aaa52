import XCTest
import Foundation
@testable import PinmapCLI
import PinmapTestSupport

/// A staged server import's folder that a killed process left is removed by the next one;
/// a running process's folder and other names stay.
final class StagingFolderTests: XCTestCase {
    func testFoldersOfProcessesThatAreGoneAreRemovedAndTheOthersStay() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path)
        // A pid that ran and has ended.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = ["pinmap-import-\(ended.processIdentifier)-A", "pinmap-import-\(getpid())-B", "pinmap-import-C", "other-\(ended.processIdentifier)"]
        for name in names { try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: false) }
        XCTAssertEqual(StagingFolder.removeAbandoned(in: dir), 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
                       ["other-\(ended.processIdentifier)", "pinmap-import-\(getpid())-B", "pinmap-import-C"])
        XCTAssertTrue(StagingFolder.make(in: dir).lastPathComponent.hasPrefix("pinmap-import-\(getpid())-"))
    }
}
