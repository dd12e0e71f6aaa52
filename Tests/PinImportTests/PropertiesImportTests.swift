import XCTest
@testable import PinImport
import PinModel
import PinStore

/// On the CSV side: unmapped columns kept as properties, the new aliases, Excel's
/// `sep=` line, and the report naming the kept columns.
final class PropertiesImportTests: XCTestCase {
    private func write(_ text: String, _ name: String = "p.csv") throws -> String {
        let path = NSTemporaryDirectory() + "props-\(UUID().uuidString)-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { unlink(path) }
        return path
    }

    private func scan(_ path: String) throws -> (PinFileScanner, [ScanEvent]) {
        var scanner = try PinFileScanner.open(path: path)
        var events: [ScanEvent] = []
        while let e = try scanner.next() { events.append(e) }
        return (scanner, events)
    }

    func testPropertiesJSONKeepsOrderEveryValueAndEscapes() {
        var j = PropertiesJSON()
        XCTAssertTrue(j.isEmpty)
        XCTAssertEqual(j.text, "{}")
        j.add("icao", string: "EDDF")
        j.add("ele", json: "305")
        j.add("icao", string: "second")
        j.add("q\"k", string: "a\\b\n\u{1}\t")
        XCTAssertFalse(j.isEmpty)
        XCTAssertEqual(j.text, #"{"icao":"EDDF","ele":305,"q\"k":"a\\b\n\u0001\t","icao (2)":"second"}"#)
    }

    /// Past the keys it searches in order (16), a repeated key is still found and kept under
    /// a key of its own, after the others.
    func testPropertiesJSONKeepsARepeatedKeyAmongManyKeys() {
        var j = PropertiesJSON()
        for i in 1...20 { j.add("k\(i)", string: "v\(i)") }
        j.add("k3", string: "again")
        j.add("k18", json: "18")
        j.add("k21", string: "v21")
        XCTAssertEqual(j.text, "{" + (1...21).map { #""k\#($0)":"v\#($0)""# }.joined(separator: ",")
                       + #","k3 (2)":"again","k18 (2)":18}"#)
    }

    func testTrimmingEndsOfEveryKind() {
        XCTAssertEqual(trimmedText("Seoul"), "Seoul")
        XCTAssertEqual(trimmedText("a"), "a")
        XCTAssertEqual(trimmedText(""), "")
        XCTAssertEqual(trimmedText("\t Seoul\r\n"), "Seoul")
        XCTAssertEqual(trimmedText("\u{FEFF}서울\u{A0}"), "서울")
        XCTAssertEqual(trimmedText("\u{1}x\u{7F}"), "\u{1}x\u{7F}")  // controls that are not whitespace stay
        XCTAssertEqual(trimmedText(Substring(" Busan ")), "Busan")
    }

    func testUnmappedColumnsBecomeStringPropertiesInHeaderOrder() throws {
        let path = try write("icao,iata,name,city,lat,lon,,elevation\nEDDF,FRA,Frankfurt, Frankfurt am Main ,50.03,8.57,x,364\nEDFE,,Egelsbach,Egelsbach,49.96,8.64,,\n")
        let (scanner, events) = try scan(path)
        XCTAssertEqual(scanner.propertyNames, ["icao", "iata", "city", "column 7", "elevation"])
        XCTAssertEqual(events, [
            .pin(ParsedPin(line: 2, title: "Frankfurt", latitude: 50.03, longitude: 8.57,
                           properties: #"{"icao":"EDDF","iata":"FRA","city":"Frankfurt am Main","column 7":"x","elevation":"364"}"#)),
            .pin(ParsedPin(line: 3, title: "Egelsbach", latitude: 49.96, longitude: 8.64,
                           properties: #"{"icao":"EDFE","city":"Egelsbach"}"#)),
        ])
    }

    func testNewAliasesMapCategoryDescriptionAndTime() throws {
        for (header, role) in [("class", "category"), ("kind", "category"), ("분류", "category"), ("카테고리", "category"),
                               ("memo", "description"), ("메모", "description"), ("설명", "description"), ("desc", "description"),
                               ("timestamp", "created"), ("created", "created"), ("date", "created"), ("time", "created")] {
            let mapping = try ColumnMapper.map(headers: ["name", "lat", "lon", header])
            XCTAssertEqual(mapping.columnsUsed.byName[role], header, header)
            XCTAssertEqual(mapping.propertyColumns, [], header)
        }
    }

    func testExcelSepLineSetsTheDelimiterAndKeepsPhysicalLines() throws {
        let path = try write("sep=;\r\ntitle;description;latitude;longitude\r\nA;x, y;1;2\r\nB;;bad;2\r\n")
        let (scanner, events) = try scan(path)
        XCTAssertEqual(scanner.delimiterLabel, ";")
        XCTAssertEqual(scanner.headers, ["title", "description", "latitude", "longitude"])
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events[0], .pin(ParsedPin(line: 3, title: "A", description: "x, y", latitude: 1, longitude: 2)))
        guard case let .rejected(issues, _) = events[1] else { return XCTFail("\(events[1])") }
        XCTAssertEqual(issues.map(\.line), [4])
    }

    func testExcelSepLineForms() {
        func parse(_ s: String) -> [Int]? {
            ExcelSeparatorLine.parse(Array(s.utf8)).map { [Int($0.delimiter), $0.length] }
        }
        XCTAssertEqual(parse("sep=,\nname"), [0x2C, 6])
        XCTAssertEqual(parse("sep=|\r\nname"), [0x7C, 7])
        XCTAssertEqual(parse("sep=\t\nname"), [0x09, 6])
        XCTAssertEqual(parse("sep=\\t\nname"), [0x09, 7])
        XCTAssertEqual(parse("\"sep=;\"\nname"), [0x3B, 8])
        XCTAssertEqual(parse("SEP=;"), [0x3B, 5])
        XCTAssertNil(parse("sep=;;\nname"))
        XCTAssertNil(parse("separator,lat,lon\n"))
    }

    func testReportNamesTheColumnsKeptAsProperties() throws {
        let path = try write("name,lat,lon,name_ko\nParis,48.8566,2.3522,파리\n")
        let store = try Store.inMemory()
        let report = try Importer.run(path: path, store: store)
        XCTAssertEqual(report.properties, ["name_ko"])
        let summary = ImportReportFormatter.summary(report).split(separator: "\n").map(String.init)
        XCTAssertEqual(summary[2], "  kept as properties: \"name_ko\"")
        XCTAssertTrue(ImportReportFormatter.json(report).contains("\"properties\" : [\n    \"name_ko\"\n  ]"))
        XCTAssertEqual(try store.pins().map(\.properties), [#"{"name_ko":"파리"}"#])
    }

    /// Rows that differ only in an extra column are two pins; a true repeat is still a duplicate.
    func testRowsDifferingOnlyInPropertiesAreNotDuplicates() throws {
        let path = try write("name,lat,lon,gate\nTerminal,1,2,A\nTerminal,1,2,B\nTerminal,1,2,A\n")
        let store = try Store.inMemory()
        let report = try Importer.run(path: path, store: store)
        XCTAssertEqual([report.imported, report.duplicates], [2, 1])
        XCTAssertEqual(report.duplicateRows.map(\.description), ["line 4 duplicates line 2"])
        let again = try Importer.run(path: path, store: store)
        XCTAssertEqual([again.imported, again.duplicates], [0, 3])
        var dry = ImportOptions()
        dry.dryRun = true
        XCTAssertEqual(try Importer.run(path: path, store: try Store.inMemory(), options: dry).imported, 2)
    }
}
