import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A title too long for the detail page's first row is cut with "…" before the id label
/// (`#2  Esc closes`) and shown whole above the description. Whole frames at 80×24.
final class DetailLongTitleTests: XCTestCase {
    private func detail(of pin: NewPin) throws -> AppRunner {
        var pins = UIFixtures.seoulPins
        pins[1] = pin
        let r = try UIFixtures.runner(cols: 80, rows: 24, pins: pins)
        r.selectListed(pin.title)
        r.key(.enter)
        r.handle(.tick, now: 5)
        return r
    }

    func testALongTitleIsCutBeforeTheIdAndShownWholeAboveTheDescription() throws {
        let title = "A very long title that certainly does not fit on one line of a detail page at eighty columns"
        let r = try detail(of: NewPin(title: title, description: "Upstairs, by the window.", category: "cafe",
                                      latitude: 37.5206, longitude: 127.0230, createdAt: "2023-03-18T14:10:00+09:00"))
        XCTAssertEqual(r.text, Self.cut(updated: try updated(r)))
    }

    func testATenThousandCharacterTitleKeepsTheIdsCells() throws {
        let title = String(repeating: "Seoul ", count: 1_667).prefix(10_000)
        let r = try detail(of: NewPin(title: String(title), category: "", latitude: 37.5206, longitude: 127.0230,
                                      createdAt: "2023-03-18T14:10:00+09:00"))
        XCTAssertEqual(r.text, Self.huge(updated: try updated(r)))
    }

    /// The pin's update time as the page writes it (the store sets it when the pin is written).
    private func updated(_ r: AppRunner) throws -> String {
        guard case .detail(let d)? = r.state.feedback.modal?.content else { throw XCTSkip("no detail page: \(r.text)") }
        return DateText.text(d.pin.updatedAt, in: 9 * 3600)
    }

    static func cut(updated: String) -> String {
        """
                   0E            60E          120E         180E          120W
        ⠤⠶⠒⠒⠲⠶⠶⣦⠤⠄ ⠈  ⣀⣠⣤⣄   ⠠⣤⠄ ⠁      ⣤⣤⣀⡀  ⠁            ⠈             ⠁⢀⡀⣀⣀⣤⣤⣴⡶⢒⣒⣶⡶⠦⠤
        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
          A very long title that certainly does not fit on on…  ·  cafe  #2  Esc closes
          37.5206, 127.023  ·  37°31′14.2″N 127°01′22.8″E  ·  near Seoul, KR
          Created 2023-03-18 14:10 +09:00  ·  Updated \(updated)
        
          A very long title that certainly does not    ╭─ 5.6° across ────────────────╮
          fit on one line of a detail page at eighty   │  ⢀⣸⢀⡀        ⡠⠒⠒⠒⠒⠒⠒⠋⠈⢢      │
          columns                                      │  ⠚ ⠳⠭⣀⠔⠑⠤⡠⢤⣀⡞          ⠣⡀    │
                                                       │        Seoul⡆ ◉         ⠈⢆   │
          Upstairs, by the window.                     │           ⣀⣀⡸⣀            ⢣  │
                                                       │          ⠮⣠⡄⠈⠊            ⢘⠄ │
                                                       ╰──────────────────────────────╯
        
          Comments (0)  c add · x delete · j/k move
            No comments yet: press c to add one
        
        
        
        
        
        
          e edit · d delete pin · c comment · x delete comment · Esc closes
        """
    }

    static func huge(updated: String) -> String {
        """
                   0E            60E          120E         180E          120W
        ⠤⠶⠒⠒⠲⠶⠶⣦⠤⠄ ⠈  ⣀⣠⣤⣄   ⠠⣤⠄ ⠁      ⣤⣤⣀⡀  ⠁            ⠈             ⠁⢀⡀⣀⣀⣤⣤⣴⡶⢒⣒⣶⡶⠦⠤
        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul Seoul Seoul Seoul …  #2  Esc closes
          37.5206, 127.023  ·  37°31′14.2″N 127°01′22.8″E  ·  near Seoul, KR
          Created 2023-03-18 14:10 +09:00  ·  Updated \(updated)
        
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    ╭─ 5.6° across ────────────────╮
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    │  ⢀⣸⢀⡀        ⡠⠒⠒⠒⠒⠒⠒⠋⠈⢢      │
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    │  ⠚ ⠳⠭⣀⠔⠑⠤⡠⢤⣀⡞          ⠣⡀    │
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    │        Seoul⡆ ◉         ⠈⢆   │
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    │           ⣀⣀⡸⣀            ⢣  │
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    │          ⠮⣠⡄⠈⠊            ⢘⠄ │
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul    ╰──────────────────────────────╯
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul
          Seoul Seoul Seoul Seoul Seoul Seoul Seoul…
        
          Comments (0)  c add · x delete · j/k move
            No comments yet: press c to add one
          e edit · d delete pin · c comment · x delete comment · Esc closes
        """
    }
}
