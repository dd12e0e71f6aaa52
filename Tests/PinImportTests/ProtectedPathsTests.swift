import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinStore
import PinmapTestSupport

/// An output is compared with the store, its journals and the inputs as they are
/// when it is written, not only before the store opened.
final class ProtectedPathsTests: XCTestCase {
    private func folder() throws -> String {
        let dir = try makeTempFolder().path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The finding: `--rejects` a link to the store's `-wal`, which appears once the store is
    /// open. The importer itself refuses it, so nothing is renamed over the live WAL.
    func testTheImporterRefusesRejectsOverTheOpenStoresWAL() throws {
        let dir = try folder()
        let store = try Store(path: dir + "/pins.sqlite")
        XCTAssertNotNil(try? store.count())
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/pins.sqlite-wal"))
        let input = dir + "/in.csv"
        try "name,lat,lon\nok,1,2\nbad,,\n".write(toFile: input, atomically: true, encoding: .utf8)
        let link = dir + "/rr.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "pins.sqlite-wal")
        XCTAssertThrowsError(try Importer.run(path: input, store: store, options: ImportOptions(rejectsPath: link))) { error in
            XCTAssertEqual(error as? ImportError, .rejectsFile(path: link,
                                                               reason: "it is the store's wal file; refusing to overwrite it"))
        }
        XCTAssertEqual(try store.count(), 0)
        let rejectsIsInput = dir + "/again.csv"
        try FileManager.default.createSymbolicLink(atPath: rejectsIsInput, withDestinationPath: "in.csv")
        XCTAssertThrowsError(try Importer.run(path: input, store: store, options: ImportOptions(rejectsPath: rejectsIsInput))) { error in
            XCTAssertEqual(error as? ImportError, .rejectsFile(path: rejectsIsInput, reason: "it is the input file; refusing to overwrite it"))
        }
    }

    /// The file an output will replace turns into the store's WAL (a hard link) after the
    /// output started: the rename is refused, and the WAL left as it was.
    func testTheCheckIsRepeatedRightBeforeTheRename() throws {
        let dir = try folder()
        let wal = dir + "/pins.sqlite-wal"
        try "live wal".write(toFile: wal, atomically: false, encoding: .utf8)
        let out = dir + "/out.csv"
        let file = try AtomicOutputFile(path: out, protected: ProtectedPaths(store: dir + "/pins.sqlite", inputs: []))
        file.write("rejects")
        XCTAssertEqual(link(wal, out), 0)
        XCTAssertThrowsError(try file.commit()) { error in
            XCTAssertEqual(error as? OutputFileError, OutputFileError(path: out, reason: "it is the store's wal file; refusing to overwrite it"))
        }
        XCTAssertEqual(try String(contentsOfFile: wal, encoding: .utf8), "live wal")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["out.csv", "pins.sqlite-wal"], "no temporary file left")
    }

    /// A dangling link counts as its target, through any number of links; a missing file in
    /// a linked folder as the folder's target plus its name.
    func testResolvedPaths() throws {
        let dir = try XCTUnwrap(ResolvedPath.of(try folder()))
        try FileManager.default.createSymbolicLink(atPath: dir + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: dir + "/b", withDestinationPath: dir + "/sub/../c")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop", withDestinationPath: "loop")
        XCTAssertEqual(ResolvedPath.of(dir + "/a"), dir + "/c")
        XCTAssertEqual(ResolvedPath.of(dir + "/sub/../missing"), dir + "/missing")
        XCTAssertEqual(ResolvedPath.of(dir + "/nofolder/x"), nil)
        XCTAssertEqual(ResolvedPath.of(dir + "/loop"), nil)
    }
}
