import XCTest
import Frame
import PinModel
import PinmapCore

/// The tab bar and the sheet's grabber stay legible on a light terminal (xterm's default is
/// black on white): a cell that forces a background forces its foreground too (the default
/// one is black there), and the grabber is never white (white on white is nothing).
final class LightTerminalChromeTests: XCTestCase {
    private func screens() -> [(String, Screen)] {
        var state = AppState(cols: 80, rows: 24, color: true, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        var out: [(String, Screen)] = [("map", state.render())]
        for (name, key) in [("timeline", "2"), ("import", "3"), ("settings", "4")] {
            _ = state.update(.input(.key(.char(Character(key)))), now: 0)
            out.append((name, state.render()))
        }
        _ = state.update(.input(.key(.char("1"))), now: 0)
        _ = state.update(.input(.key(.char("f"))), now: 0)
        out.append(("filter", state.render()))
        return out
    }

    func testNoCellForcesABackgroundUnderTheDefaultForeground() {
        for (name, screen) in screens() {
            for row in 0..<screen.height {
                for col in 0..<screen.width {
                    let style = screen[col, row].style
                    if style.bg != .default {
                        XCTAssertNotEqual(style.fg, Color.default, "\(name): cell \(col),\(row) on bg \(style.bg.index)")
                    }
                }
            }
        }
    }

    func testTheTabBarNamesEveryTabInAForcedColourAndTheActiveOneApart() {
        let screen = screens()[0].1
        let row = screen.height - 1
        XCTAssertEqual(screen.line(row), "       1 Map             2 Timeline           3 Import           4 Settings")
        let active = screen[7, row].style, other = screen[25, row].style
        XCTAssertEqual(active, Style(fg: .black, bg: .white, bold: true))
        XCTAssertEqual(other, Style(fg: .white, bg: .black))
    }

    func testTheGrabberIsDrawnInTheDefaultForeground() {
        // The pin sheet's (map) and the filter card's (the lowest grabber: the sheet's is dimmed below it).
        for (name, screen) in screens() where name == "map" || name == "filter" {
            guard let row = (0..<screen.height).last(where: { screen.line($0).contains("━━━━━━━━") }) else {
                return XCTFail("\(name): no grabber")
            }
            let grabber = (0..<screen.width).map { screen[$0, row] }.filter { $0.text == "━" }
            XCTAssertEqual(grabber.count, 8, name)
            for cell in grabber { XCTAssertEqual(cell.style, Style(bold: true), name) }
        }
    }
}
