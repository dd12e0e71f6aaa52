import Foundation
import XCTest
import PinmapCLI
import PinStore

/// `pinmap index` and `pinmap import --index`: what a large import leaves for after its commit.
final class IndexCommandTests: XCTestCase {
    /// A CSV of `rows` pins, large enough (≈ 3.5 MB) for the bulk path.
    private func largeFile(_ s: CLITestStore, rows: Int = 52_000) throws -> String {
        let path = s.file("large.csv")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var text = "name,description,lat,lon\n"
        for i in 0..<rows { text += "Lighthouse \(i),\"a long description, for size\",\(Double(i % 1_700) / 10 - 85),\(Double(i % 3_500) / 10 - 175)\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testIndexBuildsWhatALargeImportLeft() throws {
        let s = CLITestStore(self)
        let imported = s.run("import", try largeFile(s))
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("note: 52000 pins wait to join the search index: run `pinmap index`"), imported.stdout)
        XCTAssertEqual(try s.open().indexBacklog().pins, 52_000)

        let r = s.run("index", "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        let json = try JSON.object(r.stdout)
        XCTAssertEqual(JSON.int(json["pins"]), 52_000)
        XCTAssertEqual(json["indexes"] as? [String], ["pins_created_position"])
        XCTAssertNotNil(JSON.double(json["seconds"]))
        XCTAssertTrue(try s.open().indexBacklog().isEmpty)

        let again = s.run("index")
        XCTAssertEqual(again.code, 0)
        XCTAssertEqual(again.stdout, "Nothing to index: search and the map are up to date.\n")
        let found = s.run("list", "--search", "Lighthouse 51999", "--json")
        XCTAssertEqual(found.code, 0, found.stderr)
        XCTAssertEqual(try JSON.array(found.stdout).map { $0["title"] as? String }, ["Lighthouse 51999"])
    }

    func testImportWithIndexLeavesNothingForLater() throws {
        let s = CLITestStore(self)
        let r = s.run("import", try largeFile(s), "--index", "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        let json = try JSON.object(r.stdout)
        XCTAssertEqual(JSON.int(json["imported"]), 52_000)
        XCTAssertEqual(JSON.int(json["pins_to_index"]), 0)
        let store = try s.open()
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        // 52,000 pins into an empty store: search was built beside and copied in (IndexBesideTests).
        XCTAssertEqual(try store.count(matching: PinQuery(search: "Lighthouse 51999")), 1)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "lighthouse")), 52_000)
        XCTAssertEqual(try store.pinCellTotals().total, 52_000)
    }

    func testIndexHelpAndUsage() throws {
        let s = CLITestStore(self)
        let help = s.run("index", "--help")
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.stdout.contains("pinmap index [--db PATH] [--json]"), help.stdout)
        XCTAssertEqual(s.run("index", "extra").code, 2)
        let missing = s.run("index")
        XCTAssertEqual(missing.code, 1, "no store yet: a typo must not create one")
        XCTAssertEqual(missing.stderr, "pinmap: no Pinmap store at \(s.path); nothing to index (`pinmap import` or `pinmap add` creates one)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path))
        XCTAssertEqual(s.run("add", "--title", "One", "--lat", "1", "--lon", "2").code, 0)
        let small = s.run("index")
        XCTAssertEqual(small.stdout, "Nothing to index: search and the map are up to date.\n")
    }
}
