import Foundation
import XCTest
import PinImport
import PinStore
@testable import PinmapCLI

/// Through the commands: properties from import to list, search, show and back.
final class PropertiesCLITests: XCTestCase {
    private func importCities(_ s: CLITestStore) throws {
        let csv = s.file("cities.csv")
        try FileManager.default.createDirectory(atPath: (csv as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "name,lat,lon,name_ko,country\nParis,48.8566,2.3522,파리,FR\nTokyo,35.6762n,139.6503e,도쿄,JP\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let r = s.run("import", csv)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("  kept as properties: \"name_ko\", \"country\"\n"), r.stdout)
    }

    func testListSearchAndShowCarryTheProperties() throws {
        let s = CLITestStore(self)
        try importCities(s)
        let rows = try JSON.array(s.run("list", "--search", "파리", "--json").stdout)
        XCTAssertEqual(rows.map { $0["title"] as? String }, ["Paris"])
        let props = try XCTUnwrap(rows.first?["properties"] as? [String: Any])
        XCTAssertEqual(props as? [String: String], ["name_ko": "파리", "country": "FR"])
        XCTAssertEqual(s.run("list", "--search", "도쿄").stdout.split(separator: "\t").dropFirst(3).first, "Tokyo")
        let show = s.run("show", "2").stdout
        XCTAssertTrue(show.hasSuffix("description  \nproperties\n  name_ko: 도쿄\n  country: JP\ncomments (0)\n"), show)
        let json = try JSON.object(s.run("show", "1", "--json").stdout)
        XCTAssertEqual(json["properties"] as? [String: String], ["name_ko": "파리", "country": "FR"])
    }

    /// Import → export → import keeps the properties exactly (text and key order) in CSV; GeoJSON
    /// keeps the same keys and values.
    func testPropertiesSurviveCSVAndGeoJSONExports() throws {
        let s = CLITestStore(self)
        try importCities(s)
        let original = try s.open().pins().map(\.properties)
        for format in ["csv", "geojson"] {
            let path = s.file("all.\(format)")
            XCTAssertEqual(s.run("export", "--format", format, "-o", path).code, 0)
            let back = CLITestStore(self)
            XCTAssertEqual(back.run("import", path).code, 0)
            let again = try back.open().pins().map(\.properties)
            if format == "csv" {
                XCTAssertEqual(again, original)
            } else {
                XCTAssertEqual(again.map { PinProperties.entries($0).sorted { $0.key < $1.key } },
                               original.map { PinProperties.entries($0).sorted { $0.key < $1.key } })
            }
            XCTAssertEqual(try JSON.array(back.run("list", "--search", "파리", "--json").stdout).count, 1, format)
        }
    }

    /// A header that repeats a name (the tester's `dup,dup`) keeps both columns: the report,
    /// `show`, search and a CSV export all carry `dup (2)`, and the export reads back the same.
    func testARepeatedHeaderKeepsTheSecondColumnThroughShowSearchAndExport() throws {
        let s = CLITestStore(self)
        let csv = s.file("keys.csv")
        try FileManager.default.createDirectory(atPath: (csv as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "title,lat,lon,dup,dup\nA,37.5,127,d1,d2\nB,37.6,127,,e2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let r = s.run("import", csv)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("  kept as properties") },
                       [#"  kept as properties: "dup", "dup (2)""#])
        let stored = try s.open()
        XCTAssertEqual(try [1, 2].map { try stored.pin(id: $0)?.properties }, [#"{"dup":"d1","dup (2)":"d2"}"#, #"{"dup (2)":"e2"}"#])
        let json = try JSON.object(s.run("show", "1", "--json").stdout)
        XCTAssertEqual(json["properties"] as? [String: String], ["dup": "d1", "dup (2)": "d2"])
        XCTAssertEqual(try JSON.array(s.run("list", "--search", "d2", "--json").stdout).map { $0["title"] as? String }, ["A"])
        let out = s.file("all.csv")
        XCTAssertEqual(s.run("export", "--format", "csv", "-o", out).code, 0)
        let back = CLITestStore(self)
        XCTAssertEqual(back.run("import", out).code, 0)
        let again = try back.open()
        XCTAssertEqual(try [1, 2].map { try again.pin(id: $0)?.properties }, [#"{"dup":"d1","dup (2)":"d2"}"#, #"{"dup (2)":"e2"}"#])
    }

    /// The public CSV cases of the format corpus, through `check_formats.py` and the built binary.
    func testPublicCSVCasesPassTheFormatChecker() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/formats").path
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no binary at \(binary)") }
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("python3 is missing")
        }
        let out = try Processes.run(python, [dir + "/check_formats.py", binary, dir, "csv_excel_sep.csv", "csv_extra_columns.csv"])
        XCTAssertEqual(out.status, 0, out.output)
        XCTAssertEqual(out.output, "ok csv_excel_sep.csv\nok csv_extra_columns.csv\n2 passed, 0 failed\n")
    }
}
