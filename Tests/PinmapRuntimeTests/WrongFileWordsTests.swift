import XCTest
@testable import PinImport
import PinmapCore
@testable import PinmapCLI

/// The Import tab's words for a wrong file: what the file is, in English and
/// Korean, never its bytes as headers or a broken KMZ.
final class WrongFileWordsTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    private let errors: [ImportError] = [
        .foreign(path: "/tmp/x/places.xlsx", .excelWorkbook),
        .foreign(path: "/tmp/x/places.ods", .openDocumentSpreadsheet),
        .foreign(path: "/tmp/x/places.numbers", .numbersSpreadsheet),
        .foreign(path: "/tmp/x/photo.jpg", .binary),
        .decoding(path: "/tmp/x/sjis.csv", .unknownEncoding(byte: 0x81, byteOffset: 17)),
    ]

    func testEnglish() {
        XCTAssertEqual(errors.map { UIFileImporter.failure($0).text }, [
            "places.xlsx: an Excel workbook: save it as CSV (\"CSV UTF-8\") and import that",
            "places.ods: an OpenDocument spreadsheet: save it as CSV and import that",
            "places.numbers: an Apple Numbers spreadsheet: export it as CSV (File › Export To › CSV) and import that",
            "photo.jpg: looks like a binary file (it holds NUL bytes), not CSV text",
            "sjis.csv: not UTF-8, and its encoding was not recognised: save it as \"CSV UTF-8\" (or import it with pinmap import --encoding)",
        ])
    }

    func testKorean() {
        Strings.language = .korean
        XCTAssertEqual(errors.map { UIFileImporter.failure($0).text }, [
            "places.xlsx: Excel 통합 문서입니다. CSV(\"CSV UTF-8\")로 저장해 가져오세요",
            "places.ods: OpenDocument 스프레드시트입니다. CSV로 저장해 가져오세요",
            "places.numbers: Apple Numbers 스프레드시트입니다. CSV로 내보내(파일 › 다음으로 내보내기 › CSV) 가져오세요",
            "photo.jpg: CSV 텍스트가 아니라 바이너리 파일로 보입니다 (NUL 바이트가 있음)",
            "sjis.csv: UTF-8이 아니고 인코딩을 알아낼 수 없습니다. \"CSV UTF-8\"로 저장하세요 (또는 pinmap import --encoding으로 가져오세요)",
        ])
    }
}
