import XCTest
import PinmapCore

/// The interface's language is the state's (`AppState.language`): `update` and `render`
/// word everything in it, whatever the process's default is.
final class StateLanguageTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    func testUpdateAndRenderSpeakTheStatesLanguage() {
        Strings.language = .english
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true,
                         environment: AppEnvironment(language: .korean))
        _ = s.update(.input(.key(.char("u"))), now: 0)  // nothing to undo
        XCTAssertEqual(s.feedback.message, Strings.korean[.msgNothingToUndo])
        XCTAssertTrue(s.render().text().contains(Strings.korean[.tabMap]!))
        XCTAssertEqual(Strings.language, .english, "outside update and render, the process's language")
        XCTAssertEqual(S.msgNothingToUndo.text, Strings.english[.msgNothingToUndo])
    }
}
