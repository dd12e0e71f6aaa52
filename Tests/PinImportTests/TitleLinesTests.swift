import XCTest
import PinModel
@testable import PinImport

/// A title above a CSV's header (Excel reports, Korea's public data portal): the header is
/// found below it and the title named in a note; the file was refused, its title taken for
/// the header.
final class TitleLinesTests: XCTestCase {
    private func scan(_ bytes: [UInt8]) throws -> (PinFileScanner, [String]) {
        var scanner = try PinFileScanner.open(path: try temporaryFile(bytes))
        var out: [String] = []
        while let event = try scanner.next() {
            switch event {
            case .pin(let p): out.append("\(p.line) \(p.title) \(p.latitude) \(p.longitude) \(p.properties)")
            case .rejected(let issues, _): out.append(issues.map { "\($0.line) rejected: \($0.reason)" }.joined(separator: "; "))
            }
        }
        return (scanner, out)
    }

    func testATitleAndABlankLineAboveTheHeaderAreSkippedAndNamed() throws {
        let (scanner, pins) = try scan(Array("서울시 공공와이파이 현황 (2024년 기준)\n\n번호,이름,위도,경도\n1,시청,37.5665,126.978\n2,광화문,x,126.9768\n".utf8))
        XCTAssertEqual(scanner.headers, ["번호", "이름", "위도", "경도"])
        XCTAssertEqual(pins, [#"4 시청 37.5665 126.978 {"번호":"1"}"#, "5 rejected: latitude 'x' is not a number"])
        XCTAssertEqual(scanner.notes.map(\.description),
                       [#"the header is line 3: the 1 line above it ("서울시 공공와이파이 현황 (2024년 기준)") was skipped as a title"#])
    }

    /// Excel's title row fills the other cells with nothing (`Report,,,`); two title lines in
    /// CP949 (the second reading decodes as the first does).
    func testTitleRowsWithEmptyCellsAndInCP949() throws {
        let (scanner, pins) = try scan(Array("Report generated 2024-01-01,,,\n,Seoul office,,\nname,lat,lon,note\nA,1,2,x\n".utf8))
        XCTAssertEqual(pins, [#"4 A 1.0 2.0 {}"#])
        XCTAssertEqual(scanner.notes.map(\.description),
                       [#"the header is line 3: the 2 lines above it ("Report generated 2024-01-01", "Seoul office") were skipped as a title"#])
        let cp949: [UInt8] = [0xC7, 0xF6, 0xC8, 0xB2] + Array("\n".utf8) + [0xC0, 0xCC, 0xB8, 0xA7] + Array(",lat,lon\n".utf8)
            + [0xBD, 0xC3, 0xC3, 0xBB] + Array(",37.5,127\n".utf8)  // 현황 / 이름,lat,lon / 시청,37.5,127
        let (s2, p2) = try scan(cp949)
        XCTAssertEqual([s2.encoding.label] + p2, ["CP949", "3 시청 37.5 127.0 {}"])
        XCTAssertEqual(s2.notes.map(\.description), [#"the header is line 2: the 1 line above it ("현황") was skipped as a title"#])
    }

    /// Only a title (one value) is skipped, and only when a header that names coordinate
    /// columns follows: other files keep the errors they had.
    func testOtherFilesKeepTheirErrors() throws {
        for text in ["My places\nnot, a, header\nname,lat,lon\nA,1,2\n", "My places\nA\nB\nC\nD\nE\nF\nname,lat,lon\nA,1,2\n", "title\nname,lat\n"] {
            XCTAssertThrowsError(try scan(Array(text.utf8)), text) { error in
                guard case let .columns(_, inner)? = error as? ImportError else { return XCTFail("\(error)") }
                XCTAssertEqual(inner, .noCoordinateColumns(headersFound: [String(text.prefix { $0 != "\n" })]), text)
            }
        }
        XCTAssertEqual(try scan(Array("name,WKT\nA,POINT (127 37.5)\n".utf8)).1, ["2 A 37.5 127.0 {}"])
        XCTAssertThrowsError(try scan(Array("WKT\nPOINT (127 37.5)\n".utf8)), "a one-column WKT file is no title: it lacks its name column") { error in
            guard case .columns(_, .noTitleColumn(headersFound: ["WKT"]))? = error as? ImportError else { return XCTFail("\(error)") }
        }
    }
}
