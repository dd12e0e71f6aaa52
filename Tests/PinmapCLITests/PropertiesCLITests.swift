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

/// `pinmap export --format gpx` validated against the official GPX 1.1 schema with xmllint
/// (Debian's libxml2-utils; skipped, with the reason printed, when it is missing).
final class GPXSchemaTests: XCTestCase {
    func testGPXExportValidatesAgainstTheGPX11Schema() throws {
        guard let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            print("GPXSchemaTests: skipped: xmllint is missing (apt-get install libxml2-utils)")
            throw XCTSkip("xmllint is missing (apt-get install libxml2-utils)")
        }
        let s = CLITestStore(self)
        let store = try s.open()
        try store.insert(NewPin(title: "Leeum <Museum> & \"Art\"", description: "two\r\nlines\u{1}", category: "museum",
                                latitude: 37.5383, longitude: 126.999, createdAt: "2024-03-09T14:00:00+09:00",
                                properties: #"{"name_ko":"리움","Google Maps URL":"https://maps.google.com/?q=37.5,127","ele":305,"tags":["a","b"]}"#))
        try store.insert(NewPin(title: "edge", latitude: -90, longitude: 180, createdAt: "sometime"))
        try store.insert(NewPin(title: "tiny", latitude: 1e-7, longitude: -5e-324))
        let path = s.file("pins.gpx")
        XCTAssertEqual(s.run("export", "-o", path).code, 0)
        let xsd = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema/gpx.xsd").path
        let out = try Processes.run(xmllint, ["--noout", "--schema", xsd, path])
        XCTAssertEqual(out.status, 0, out.output)
        XCTAssertEqual(out.output, "\(path) validates\n")
    }
}

enum Processes {
    /// Runs `path args`, returning its exit status and its stdout and stderr together.
    static func run(_ path: String, _ args: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
