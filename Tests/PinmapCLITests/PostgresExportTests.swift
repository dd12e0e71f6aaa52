import Foundation
import XCTest
import PinmapCLI
import PinStore
import PinStorePostgres
import PostgresTesting

/// `export` from a server (its rows streamed to the file store's writers) and `copy --to FILE`
/// (the file's bulk path) against the file store's own answers (a fresh database per test on
/// the server of PINMAP_TEST_PG_URL; a local run without it skips these).
final class PostgresExportTests: XCTestCase {
    private var uri = ""
    private var folder: URL!

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        uri = try TestServer.emptyDatabaseURI()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgexport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !uri.isEmpty { TestServer.dropDatabase(uri) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A file store with typed properties whose keys come in different orders, categories
    /// that sort differently by bytes than by a locale (`Zoo` < `apple` < `Élan`), and two
    /// import batches; copied onto the server (the same ids there: it starts empty).
    private func storesWithTheSamePins() throws -> String {
        let sqlite = file("pins.sqlite")
        let csv = file("mixed.csv")
        try #"""
            title,category,latitude,longitude,created_at,height,open,note,rank
            Jongmyo,apple,37.5744,126.994,2024-05-01T10:00:00Z,,true,"tabs\#there ""quoted""",1
            Namsan,Zoo,37.5512,126.9882,2024-05-02T10:00:00Z,262,,,2.5
            Élan café,Élan,48.8566,2.3522,2024-05-03T10:00:00Z,0.10,false,비 오는 날,
            Bare,,-33.87,151.21,2024-05-04T10:00:00Z,,,,
            Zed,Zoo,1e-7,-0.0,2024-05-05T10:00:00Z,12,true,x,3

            """#.write(toFile: csv, atomically: true, encoding: .utf8)
        for f in [RepoFiles.airports, csv] { XCTAssertEqual(PinmapCLI.execute(["import", f, "--db", sqlite]).code, 0) }
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", sqlite, "--to", uri]).code, 0)
        return sqlite
    }

    func testEveryFormatFromTheServerIsTheFileStoresExport() throws {
        let sqlite = try storesWithTheSamePins()
        for format in ["csv", "geojson", "gpx", "kml"] {
            let server = PinmapCLI.execute(["export", "--format", format, "--db", uri])
            let local = PinmapCLI.execute(["export", "--format", format, "--db", sqlite])
            XCTAssertEqual(server.code, 0, server.stderr)
            XCTAssertEqual(server.stdout, local.stdout, format)
        }
        let a = file("server.gpkg"), b = file("local.gpkg")
        let server = PinmapCLI.execute(["export", "-o", a, "--db", uri]), local = PinmapCLI.execute(["export", "-o", b, "--db", sqlite])
        XCTAssertEqual([server.stderr, "\(server.code)"], ["Exported 2394 pins to \(a)\n", "0"])
        XCTAssertEqual(local.stderr, "Exported 2394 pins to \(b)\n")
        // The same bytes but the time of writing (`gpkg_contents.last_change`, with milliseconds).
        func bytes(_ path: String) throws -> String {
            let text = String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .isoLatin1) ?? ""
            return text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/, with: "TIME")
        }
        XCTAssertEqual(try bytes(a), try bytes(b))
    }

    /// The server's answer is read in fetches: more pins than one fetch holds come whole, in order.
    func testAnExportOfMorePinsThanOneFetchHasEveryPinInOrder() throws {
        let csv = file("many.csv")
        var text = "title,latitude,longitude,created_at,n\n"
        let n = 10_000 + 7
        for i in 0..<n { text += "Site \(i),\(Double(i % 170) * 0.5 - 85),\(Double(i % 359) - 179),2024-01-01T00:00:00Z,\(i)\n" }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", csv, "--db", uri]).code, 0)
        let out = PinmapCLI.execute(["export", "--db", uri])
        XCTAssertEqual(out.code, 0, out.stderr)
        let rows = out.stdout.split(separator: "\r\n")
        XCTAssertEqual(rows.count, n + 1)
        XCTAssertEqual(rows.first, "title,description,category,latitude,longitude,created_at,n")
        XCTAssertEqual(rows.dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" }, (0..<n).map { "\($0)" })
    }

    /// Relevance needs every match ranked; with a limit only the best are kept, as the file
    /// store's sort gives them (ties newest first, then highest id), through a walk (`a`) or
    /// the search lists (`Ranch`).
    func testRelevanceListsWithLimitsAreTheFileStores() throws {
        let sqlite = try storesWithTheSamePins()
        for args in [["--search", "a", "--limit", "7"], ["--search", "Ranch", "--limit", "3"], ["--search", "farm air", "--limit", "2"],
                     ["--search", "zoo"], ["--search", "é"], ["--search", "a", "--limit", "0"], ["--search", "air", "--category", "Zoo"],
                     ["--search", "a", "--bbox", "30,-100,40,-80", "--limit", "4"]] {
            let server = PinmapCLI.execute(["list"] + args + ["--db", uri]), local = PinmapCLI.execute(["list"] + args + ["--db", sqlite])
            XCTAssertEqual(server.code, 0, server.stderr)
            XCTAssertEqual(server.stdout, local.stdout, args.joined(separator: " "))
        }
    }

    /// Into a file that holds some of the pins: the others once, with their comments (one
    /// on a pin both have), nothing left to index, and a second run adds nothing.
    func testACopyIntoAFileWithSomeOfThePinsAddsTheRestOnceFullyIndexed() throws {
        let a = file("a.sqlite"), b = file("b.sqlite"), half = file("half.csv")
        XCTAssertEqual(PinmapCLI.execute(["import", RepoFiles.seoulPins, "--db", a]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["comment", "3", "비 오는 날", "--db", a]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["comment", "40", "last one", "--db", a]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", a, "--to", uri]).code, 0)
        let lines = try String(contentsOfFile: RepoFiles.seoulPins, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try (lines.prefix(21).joined(separator: "\n") + "\n").write(toFile: half, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", half, "--db", b]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", b, "--json"]).stdout,
                       "{\"batches\":1,\"comments\":2,\"pins\":25,\"skipped\":20}\n")
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", uri, "--to", b, "--json"]).stdout,
                       "{\"batches\":0,\"comments\":0,\"pins\":0,\"skipped\":45}\n")
        XCTAssertEqual(PinmapCLI.execute(["index", "--db", b]).stdout, "Nothing to index: search and the map are up to date.\n")
        func rows(_ db: String, _ args: [String]) -> [String] {
            PinmapCLI.execute(args + ["--db", db]).stdout.split(separator: "\n").map { $0.split(separator: "\t").dropFirst().joined(separator: "\t") }
        }
        for args in [["list"], ["list", "--search", "coffee"], ["list", "--bbox", "37.5,126.9,37.6,127.0"]] {
            XCTAssertEqual(rows(b, args).sorted(), rows(a, args).sorted(), args.joined(separator: " "))
        }
        let comments = PinmapCLI.execute(["list", "--search", "전쟁기념관", "--db", b]).stdout.split(separator: "\t").first.map(String.init) ?? ""
        XCTAssertEqual(PinmapCLI.execute(["comments", comments, "--db", b]).stdout.split(separator: "\t").last, "비 오는 날\n")
    }
}
