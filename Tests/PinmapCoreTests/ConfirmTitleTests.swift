import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// A long pin title is cut inside the delete question, so the question stays whole at 80×24
/// (Korean put the question after the title, and it was cut off).
final class ConfirmTitleTests: XCTestCase {
    private let pin = Pin(id: 1, title: "An extremely long pin title that goes on and on and on to test the confirm card",
                          latitude: 1, longitude: 2, createdAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z")

    func testTheQuestionStaysWholeAroundACutTitle() {
        let popup = ConfirmPopup(.deletePin(pin))
        XCTAssertEqual(popup.title(width: 50, ascii: false), "Delete “An extremely long pin title that goes o…”?")
        XCTAssertEqual(DisplayWidth.of(popup.title(width: 50, ascii: false)), 50)
        XCTAssertEqual(popup.title(width: 50, ascii: true), "Delete “An extremely long pin title that goes o~”?")
        Strings.language = .korean
        defer { Strings.language = .english }
        XCTAssertEqual(popup.title(width: 50, ascii: false), "“An extremely long pin title t…”을(를) 삭제할까요?")
        XCTAssertEqual(DisplayWidth.of(popup.title(width: 50, ascii: false)), 50)
        XCTAssertEqual(ConfirmPopup(.deletePin(Pin(id: 2, title: "카페", latitude: 1, longitude: 2, createdAt: "", updatedAt: "")))
            .title(width: 50, ascii: false), "“카페”을(를) 삭제할까요?")
    }

    /// The notice after a delete keeps its closing words and the undo hint at 80 columns.
    func testTheNoticeAfterADeleteKeepsItsWordsAroundACutTitle() {
        for (language, expected) in [(Language.english, "“An extremely long pin title that goes on and o…” is gone · u brings it back"),
                                     (.korean, "“An extremely long pin title that goes on and on and o…” 지움 · u로 되돌리기")] {
            Strings.language = language
            defer { Strings.language = .english }
            var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
            state.feed(.pins(.written(.deleted(DeletedPin(pin: pin)))))
            guard case let .notice(_, message, _, _)? = state.feedback.modal?.content else { return XCTFail("no notice") }
            XCTAssertEqual(message, expected)
            XCTAssertEqual(DisplayWidth.of(message), 76)
        }
    }
}
