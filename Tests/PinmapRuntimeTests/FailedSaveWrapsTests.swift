import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A refusal in the form is read whole at 80×24: it wraps onto more rows of a taller card,
/// never cut at the screen's edge (a lost PostgreSQL connection's text is 90 cells).
final class FailedSaveWrapsTests: XCTestCase {
    private func failedSave(_ language: Language) throws -> [String] {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24, environment: AppEnvironment(language: language))
        r.char("a")
        for ch in "Namsan" { r.char(ch) }
        store.failingWrites = StoreError("lost the connection to the PostgreSQL server; nothing was written (try again when it is back)",
                                         code: 1_001, kind: .connectionLost)
        r.key(.ctrl("s"))
        let f = r.frame()
        return (0..<24).map { f.line($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(6)
    }

    func testALongRefusalWrapsWholeInEnglish() throws {
        XCTAssertEqual(try failedSave(.english).joined(separator: "\n"), """
          Category
          Latitude     60.5
          Longitude    0
          ⚠ Not saved: lost the connection to the PostgreSQL server; nothing was
            written (try again when it is back). Ctrl-S tries again · Esc gives up
          Tab/↑↓ move · Enter on the last field or Ctrl-S saves · Esc cancels
        """)
    }

    func testALongRefusalWrapsWholeInKorean() throws {
        XCTAssertEqual(try failedSave(.korean).joined(separator: "\n"), """
          분류
          위도         60.5
          경도         0
          ⚠ 저장하지 못했습니다: PostgreSQL 서버와의 연결이 끊겼습니다. 아무것도 쓰지
            않았습니다 (서버가 돌아오면 다시 시도하세요). Ctrl-S 다시 시도 · Esc 포기
          Tab/↑↓ 이동 · 마지막 칸에서 Enter 또는 Ctrl-S 저장 · Esc 취소
        """)
    }
}
