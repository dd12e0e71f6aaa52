import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinmapTestSupport

/// Paths of the test fixtures (copied into the test bundle by `resources: [.copy("Fixtures")]`).
enum Fixture {
    /// `name` relative to Fixtures/, e.g. `own/rows-rules.csv` or `public/14-quoted-commas-quotes-newlines.csv`.
    static func path(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            XCTFail("Fixtures folder missing from the test bundle", file: file, line: line)
            return "/nonexistent/\(name)"
        }
        return root.appendingPathComponent(name).path
    }
}

extension XCTestCase {
    /// A file `pins<suffix>` holding `bytes`, in a folder of this test's own (removed, with
    /// whatever the test writes beside it, when the test ends).
    func temporaryFile(_ bytes: [UInt8], suffix: String = ".csv") throws -> String {
        try makeTempFile(bytes, named: "pins" + suffix)
    }
}

/// Everything a scan of one file produced.
struct ScanSummary {
    var encoding: String
    var delimiter: String
    var columns: [String: String]
    var pins: [ParsedPin]
    var rejected: [[RowIssue]]

    func pin(_ title: String) -> ParsedPin? { pins.first { $0.title == title } }
    var rejectedLines: [Int] { rejected.compactMap { $0.first?.line } }
    var rejectedRules: [ImportRule] { rejected.compactMap { $0.first?.rule } }
}

/// Scans a file with `PinFileScanner` (no store).
func scan(_ path: String, delimiter: UInt8? = nil, overrides: ColumnOverrides = ColumnOverrides()) throws -> ScanSummary {
    var scanner = try PinFileScanner.open(path: path, delimiter: delimiter, overrides: overrides)
    var pins: [ParsedPin] = []
    var rejected: [[RowIssue]] = []
    while let event = try scanner.next() {
        switch event {
        case .pin(let p): pins.append(p)
        case .rejected(let issues, _): rejected.append(issues)
        }
    }
    return ScanSummary(encoding: scanner.encoding.label, delimiter: scanner.delimiterLabel,
                       columns: scanner.columnsUsed.byName, pins: pins, rejected: rejected)
}

/// Reads all records of `text` with the given delimiter and chunk size.
func records(_ text: String, delimiter: UInt8 = 0x2C, chunkSize: Int = 1 << 20) throws -> [CSVRecord] {
    var reader = CSVReader(text: text, delimiter: delimiter, chunkSize: chunkSize)
    return try reader.readAll()
}

/// Asserts two coordinates agree to 1e-9 degrees (well below the 1e-6 the cases require).
func assertDegrees(_ actual: Double?, _ expected: Double, _ message: String = "",
                   file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else { return XCTFail("no value; expected \(expected) \(message)", file: file, line: line) }
    XCTAssertEqual(actual, expected, accuracy: 1e-9, message, file: file, line: line)
}

/// The public cases' expected.json (Fixtures/public; its SOURCE.md says where they come from).
enum PublicCases {
    struct Expected: Decodable {
        struct Check: Decodable { var title: String; var latitude: Double?; var longitude: Double? }
        var imported: Int
        var rejected: Int
        var file_error: Bool
        var checks: [Check]
    }

    static func load() throws -> [String: Expected] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("public/expected.json")))
        return try JSONDecoder().decode([String: Expected].self, from: data)
    }
}

extension Dictionary where Key == ColumnRole, Value == String {
    /// Keyed by the roles' raw values (`name`, `latitude`), as the JSON report writes them.
    var byName: [String: String] { Dictionary<String, String>(uniqueKeysWithValues: map { ($0.key.rawValue, $0.value) }) }
}
