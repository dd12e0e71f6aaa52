import XCTest
import Foundation
import Frame
import PinImport
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PinmapCoreTestSupport

/// Korean texts of the pin form, the import's result and the pin's details.
final class KoreanTextsTests: XCTestCase {
    func testKoreanImportFormAndDetailTexts() throws {
        Strings.language = .korean
        defer { Strings.language = .english }
        var form = PinForm(adding: .init(latitude: 0, longitude: 0))
        form[.title] = TextField("어딘가")
        form[.latitude] = TextField("abc")
        form[.longitude] = TextField("126.9")
        _ = form.handle(key: .ctrl("s"))
        XCTAssertEqual(form.error, "위도 'abc'은(는) 숫자가 아닙니다")
        form[.latitude] = TextField("95")
        _ = form.handle(key: .ctrl("s"))
        XCTAssertEqual(form.error, "위도 95은(는) [-90, 90] 범위 밖입니다")
        form[.latitude] = TextField("126.9")
        form[.longitude] = TextField("37.5")
        _ = form.handle(key: .ctrl("s"))
        XCTAssertEqual(form.error, "위도 126.9은(는) [-90, 90] 범위 밖입니다; 위도와 경도가 바뀐 것 같습니다")
        var report = ImportReport(file: "/x/a.kmz", format: "KMZ")
        report.imported = 3; report.batchID = 2; report.encoding = "UTF-8"; report.properties = ["pop"]
        XCTAssertEqual(ImportResultText.summary(report), [
            "a.kmz: 3개 가져옴, 0개 거부, 중복 0개 건너뜀 (가져오기 #2; u로 되돌리기)",
            "KMZ · 인코딩 UTF-8", "속성으로 보존: \"pop\""])
        XCTAssertEqual(ImportResultText.preview(format: "CSV", encoding: "UTF-8", delimiter: "TAB", size: 828),
                       "CSV · 인코딩 UTF-8 · 구분자 TAB · 828 B")
        XCTAssertEqual(UIFileImporter.failure(ImportError.unreadable(path: "/x/a.csv", reason: "No such file")).text,
                       "a.csv: 그런 파일이 없습니다")
        XCTAssertEqual(SettingsView.batchLine(RecentImport(id: 1, file: "/d/pins-seoul.csv (bundled sample pins)",
                                                           importedAt: "2026-12-01T10:02:33Z", imported: 45, pinsLeft: 45)),
                       "#1  2026-12-01T10:02  핀 45개  pins-seoul.csv (예시 핀)")
        XCTAssertEqual(SettingsView.batchLine(RecentImport(id: 2, file: "/d/tab.csv", importedAt: "2026-12-01T10:02:33Z",
                                                           imported: 2, pinsLeft: 0)),
                       "#2  2026-12-01T10:02  핀 2개 중 0개 남음  tab.csv")
        XCTAssertEqual(ConfirmPopup(.undoImport(ImportRow(id: 2, name: "tab.csv", line: "", pins: 0))).message,
                       "남은 핀이 없습니다. 가져오기 기록만 지워집니다.")
        XCTAssertEqual(S.msgLoadedSamples(45), "예시 핀 45개를 불러왔습니다")
        let pin = Pin(id: 1, title: "어딘가", latitude: 37.5, longitude: 127, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", properties: #"{"pop":"10"}"#)
        var detail = PinDetail(pin: pin)
        detail.properties = [PinProperty(key: "pop", value: "10")]  // as `AppEvent.Pins.propertiesLoaded` brings them
        XCTAssertEqual(detail.descriptionWithProperties, "(설명 없음)\n\npop: 10")
    }
}
