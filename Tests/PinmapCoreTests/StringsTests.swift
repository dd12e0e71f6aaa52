import XCTest
import Foundation
import Frame
import PinmapCore
import PinModel
import PinmapCoreTestSupport

/// The string tables.
final class StringsTests: XCTestCase {
    func testEveryKeyIsInBothTables() {
        for key in S.allCases {
            XCTAssertNotNil(Strings.english[key], "English lacks \(key)")
            XCTAssertNotNil(Strings.korean[key], "Korean lacks \(key)")
        }
        XCTAssertEqual(Strings.english.count, S.allCases.count)
        XCTAssertEqual(Strings.korean.count, S.allCases.count)
    }

    func testPlaceholdersMatchBetweenTheTables() {
        for key in S.allCases {
            let en = Strings.english[key] ?? "", ko = Strings.korean[key] ?? ""
            for i in 0..<5 where en.contains("{\(i)}") != ko.contains("{\(i)}") {
                XCTFail("\(key): {\(i)} in one table only")
            }
        }
    }

    /// One pin is "1 pin", in every text that counts pins with a number that may be 1 (an
    /// import of one pin undone said "1 pins removed"); Korean counts with 개 either way.
    func testCountsOfOnePinAreSingular() {
        func texts() -> [String] {
            [S.msgImportUndone(9, 1), S.msgImportUndone(9, 2), S.stExported(1, "a.geojson"), S.stExported(2, "a.geojson"),
             S.statusInView("1", 1), S.statusInView("1", 2), S.stSize("4 KB", 1), S.stSize("4 KB", 2),
             S.stBatchLeft(0, 1), S.stBatchLeft(1, 2), S.stBatchPins(1), S.stBatchPins(2),
             S.importIndexingCommitted(1, 50), S.importIndexingCommitted(2, 50), S.idxIndexing(1), S.idxIndexing(2)]
        }
        XCTAssertEqual(texts(), [
            "Undid import #9: 1 pin removed", "Undid import #9: 2 pins removed",
            "Exported 1 pin to a.geojson", "Exported 2 pins to a.geojson",
            "1 of 1 pin in view", "1 of 2 pins in view", "size     4 KB   1 pin", "size     4 KB   2 pins",
            "0 of 1 pin left", "1 of 2 pins left", "1 pin", "2 pins",
            "Committed: the 1 new pin is on the map; indexing it for search and the list: 50%",
            "Committed: the 2 new pins are on the map; indexing them for search and the list: 50%",
            "Indexing 1 new pin", "Indexing 2 new pins",
        ])
        Strings.language = .korean
        defer { Strings.language = .english }
        XCTAssertEqual(Array(texts().prefix(2)), ["#9 가져오기를 되돌렸습니다: 핀 1개 지움", "#9 가져오기를 되돌렸습니다: 핀 2개 지움"])
    }

    func testLanguageComesFromTheLocaleName() {
        XCTAssertEqual(Language.from(environment: ["LANG": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(Language.from(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(Language.from(environment: ["LANG": "C.UTF-8"]), .english)
        XCTAssertEqual(Language.from(environment: [:]), .english)
    }

    func testKoreanTabsAndStatusLineLineUp() {
        Strings.language = .korean
        defer { Strings.language = .english }
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(placeLanguage: .korean))  // as a Korean locale sets it
        state.receiveView(total: 45, inView: 0)
        let screen = state.render()
        XCTAssertEqual(screen.line(23), "       1 지도            2 타임라인          3 가져오기            4 설정")
        XCTAssertEqual(screen.line(22), " 중간 · 보이는 핀 0/45개 · [목록] · 중심 바다 · 60.5N 0E · z1          ? 도움말")
    }

    func testOneDuplicateIsSingularAndAnErrorEndsAsOneSentence() {
        XCTAssertEqual(S.irHead("a.csv", 9, 5, 1), "a.csv: 9 imported, 5 rejected, 1 duplicate skipped")
        XCTAssertEqual(S.irHead("a.csv", 9, 5, 2), "a.csv: 9 imported, 5 rejected, 2 duplicates skipped")
        XCTAssertEqual(S.fmNotSaved(StoreError("is the server running on that socket?")),
                       "Not saved: is the server running on that socket? Ctrl-S tries again · Esc gives up")
        XCTAssertEqual(S.fmNotSaved(StoreError("the disk is full")), "Not saved: the disk is full. Ctrl-S tries again · Esc gives up")
    }
}
