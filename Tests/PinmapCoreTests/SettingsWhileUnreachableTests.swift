import XCTest
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// A setting changed while the store (a server) cannot be reached: the UI shows the change at
/// once, its save fails, and the status line, saying "reconnecting…", has no room at 100
/// columns to say so as well. Once the store is back the setting is saved as it is then,
/// so the next start finds it (it was lost).
final class SettingsWhileUnreachableTests: XCTestCase {
    private let lost = StoreError("lost the connection to the PostgreSQL server; nothing was written (try again when it is back)",
                                  kind: .connectionLost)

    func testASettingChangedWhileTheStoreIsAwayIsSavedOnceItIsBack() {
        var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        s.feed(.showTab(.settings))
        s.feed(.store(.unreachable(lost)))
        s.press(.down)  // Reduced motion
        XCTAssertEqual(Self.saves(s.update(.input(.key(.enter)), now: 1)), [.persist(key: SettingKey.reducedMotion, value: "0")])
        s.feed(.store(.settingNotSaved(key: SettingKey.reducedMotion, lost)), now: 1)
        s.press(.up)  // Drag sensitivity, one step up: a save refused for a reason of its own is not tried again
        XCTAssertEqual(Self.saves(s.update(.input(.key(.enter)), now: 2)), [.persist(key: SettingKey.sensitivity, value: "2.0")])
        s.feed(.store(.settingNotSaved(key: SettingKey.sensitivity, StoreError("permission denied for table settings"))), now: 2)

        let back = s.update(.store(.changedElsewhere(StoreChange(counted: false))), now: 3)
        XCTAssertEqual(s.feedback.message, "Reconnected to the store")
        XCTAssertEqual(Self.saves(back), [.persist(key: SettingKey.reducedMotion, value: "0")])
        XCTAssertEqual(s.settingsTab.unsaved, [])
        s.feed(.store(.unreachable(lost)), now: 4)
        XCTAssertEqual(Self.saves(s.update(.store(.changedElsewhere(StoreChange(counted: false))), now: 5)), [],
                       "saved once: the next reconnection saves nothing")
    }

    private static func saves(_ effects: [Effect]) -> [Effect] {
        effects.filter { if case .persist = $0 { true } else { false } }
    }
}
