import Foundation
import XCTest
import PinModel
import PinStore
import PinmapTestSupport

/// A file store's change log across processes: `pinmap add`, `edit` and `delete` run as
/// processes of their own, and the `sqlite3` shell (which has none of Pinmap's SQL
/// functions) adds a comment, each a commit of its own, right after a save of the UI's own
/// connection; one look of the UI's change source tells exactly the others' changes.
final class ChangesByAnotherProcessTests: XCTestCase {
    func testAnotherProcesssAddEditDeleteAndCommentAreToldAndTheUIsOwnSaveIsNot() throws {
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no binary at \(binary)") }
        guard let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("the sqlite3 shell is missing")
        }
        let path = try makeTempFolder().path + "/pins.sqlite"
        let ui = try Store(path: path)
        for i in 1...4 { try ui.insert(NewPin(title: "pin \(i)", latitude: 37 + Double(i) / 10, longitude: 127)) }
        try ui.markChangesAsOwn()
        let source = try SQLiteChangeSource(path: path)
        XCTAssertNil(try source.waitForChanges(timeout: 0))

        try ui.update(id: 1, title: "saved by the UI")
        for args in [["add", "--title", "added elsewhere", "--lat", "35.1", "--lon", "129"],
                     ["edit", "2", "--title", "edited elsewhere"], ["delete", "3"]] {
            let run = try Processes.run(binary, args + ["--db", path])
            XCTAssertEqual(run.status, 0, "\(args): \(run.output)")
        }
        let shellRun = try Processes.run(shell, [path, "INSERT INTO comments(pin_id, body, created_at) VALUES (4, 'from the shell', '2026-12-06T18:00:00Z')"])
        XCTAssertEqual(shellRun.status, 0, shellRun.output)

        var expected = StoreChange(added: 1, deleted: 1, pinIDs: [3, 4])
        expected.noteEdit(of: 2)
        expected.noteComment(added: true)  // the shell's INSERT, logged by the store's trigger
        XCTAssertEqual(try source.waitForChanges(timeout: 0), expected)
        XCTAssertNil(try source.waitForChanges(timeout: 0), "told once")
    }
}
