import XCTest
import Foundation
import Frame
import PinImport
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The Korean interface: the help box keeps its borders in their columns over Korean text,
/// and every importer row reason is said in Korean (PinImport's sentences stay English).
final class KoreanOverlayTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    func testHelpBoxBordersLineUpOverAKoreanTitleCutByTheBox() throws {
        Strings.language = .korean
        // "A" puts 전 on columns 4-5 of the list row: the box's left edge (column 5) cuts it.
        var pins = UIFixtures.seoulPins
        pins.append(NewPin(title: "A전쟁 기념관 야외 전시장과 한강 산책로 구경하기", category: "museum",
                           latitude: 37.53, longitude: 126.98, createdAt: "2024-01-01T00:00:00+09:00"))
        let r = try UIFixtures.sqliteRunner(cols: 100, rows: 30, pins: pins, detent: .large)
        let listRow = (0..<30).first { r.line($0).hasPrefix(" ◉ A전쟁") }
        XCTAssertNotNil(listRow, r.text)
        r.char("?")
        let screen = r.frame()
        let top = (0..<30).first { screen.line($0).contains("╭") } ?? -1
        let bottom = (0..<30).last { screen.line($0).contains("╰") } ?? -1
        XCTAssertGreaterThan(bottom, top)
        XCTAssertTrue((top...bottom).contains(listRow ?? -1))
        for y in top...bottom {
            let line = screen.line(y, trim: false)
            guard let edge = line.firstIndex(where: { "│╭╰".contains($0) }),
                  let right = line.lastIndex(where: { "│╮╯".contains($0) }) else { return XCTFail("row \(y): \(line)") }
            XCTAssertEqual(DisplayWidth.of(String(line[..<edge])), 5, "left border of row \(y): \(line)")
            XCTAssertEqual(DisplayWidth.of(String(line[..<right])), 94, "right border of row \(y): \(line)")
            XCTAssertEqual(DisplayWidth.of(line), 100, "row \(y): \(line)")
        }
        XCTAssertEqual(screen.line(listRow ?? 0), " ◉ A │ g            이름으로 장소 찾아가기 (오프라인)                                         │1-01")
    }

    func testEveryImportRuleHasAKoreanReason() {
        Strings.language = .korean
        for rule in ImportRule.allCases {
            let issue = RowIssue(field: .column("위도"), value: "x", reason: "an English sentence", rule: rule)
            let text = ImportResultText.reason(issue)
            XCTAssertFalse(text.contains("English"), "\(rule): \(text)")
            XCTAssertTrue(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(rule): \(text)")
        }
        let minutes = RowIssue(line: 7, field: .column("lat"), value: "37°75′", reason: "latitude minutes 75 must be below 60",
                               rule: .minutesOutOfRange)
        XCTAssertEqual(S.irRow(minutes.unit, minutes.line, ImportResultText.reason(minutes)), "7행: lat '37°75′': 분은 60보다 작아야 합니다")
        let quote = RowIssue(line: 3, field: .record, value: "\"Seoul", reason: "unterminated quoted field starting at line 3",
                             rule: .unterminatedQuote)
        XCTAssertEqual(ImportResultText.reason(quote), "따옴표로 연 필드가 닫히지 않아 파일의 나머지를 읽을 수 없습니다")
    }

    func testRowReasonsInEnglishComeFromTheEnglishTable() {
        let srid = RowIssue(field: .column("WKT"), value: "SRID=3857;POINT(1 2)", reason: "SRID 3857 is not WGS84", rule: .unsupportedSRID)
        XCTAssertEqual(ImportResultText.reason(srid), "WKT 'SRID=3857;POINT(1 2)' is not WGS84 longitude/latitude (SRID 4326)")
    }

    /// A Takeout saved list's row whose link holds no position is told without a geometry
    /// it never had ('the geometry is [0, 0] or missing' was Saved Places.json's case only).
    func testNoCoordinatesNamesTheLinkForAListRowToo() {
        let row = RowIssue(line: 3, field: .column("URL"), value: "https://www.google.com/maps/place/X/data=!4m2",
                           reason: "the link holds no coordinates", rule: .noCoordinates)
        XCTAssertEqual(ImportResultText.reason(row), "no coordinates: no geometry (or Google's [0, 0]) and no position in the maps link")
        Strings.language = .korean
        XCTAssertEqual(ImportResultText.reason(row), "좌표가 없습니다: geometry가 없거나 [0, 0]이고 지도 링크에도 위치가 없습니다")
    }

    /// Through the Import tab, the path a user takes (the row reason once went through the
    /// file-error overload and came out as PinImport's English "line 2: …").
    func testImportTabSaysRowReasonsInKorean() throws {
        Strings.language = .korean
        let path = try makeTempFolder().path + "/b.csv"
        try Data("name,lat,lon\nTower,abc,126.9\nGood,37.5,126.9\n".utf8).write(to: URL(fileURLWithPath: path))
        let r = try UIFixtures.sqliteRunner(cols: 100, rows: 30)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        r.key(.enter)
        XCTAssertTrue(r.state.importTab.summary.contains("2행: lat 'abc'은(는) 숫자가 아닙니다"),
                      r.state.importTab.summary.joined(separator: "\n"))
    }
}
