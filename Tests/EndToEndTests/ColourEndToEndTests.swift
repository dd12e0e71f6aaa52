import Foundation
import XCTest

/// Colour reaches the terminal: with `TERM=xterm-256color` the
/// pins and coastlines carry 256-colour foreground codes; with `NO_COLOR=1`
/// no colour code is sent at all.
final class ColourEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard Tmux.available else { throw XCTSkip("tmux not installed") }
    }

    /// The SGR sequences in front of `glyphs`, e.g. "\e[2m\e[38;5;71m" before a braille cell.
    private func codes(before glyphs: (Character) -> Bool, in screen: String) -> Set<String> {
        var found: Set<String> = []
        let pattern = try! NSRegularExpression(pattern: "((?:\u{1B}\\[[0-9;]*m)+)([^\u{1B}])")
        let ns = screen as NSString
        for m in pattern.matches(in: screen, range: NSRange(location: 0, length: ns.length)) {
            let text = ns.substring(with: m.range(at: 2))
            guard let ch = text.first, glyphs(ch) else { continue }
            found.insert(ns.substring(with: m.range(at: 1)))
        }
        return found
    }

    func testPinsAndCoastlinesAreColouredOnA256ColourTerminal() throws {
        let t = try Tmux()
        t.start([], term: "xterm-256color")
        t.waitFor { $0.contains("45 of 45") }
        let s = t.screenWithEscapes()
        let pinCodes = codes(before: { $0 == "●" || $0.isNumber }, in: s)
        let coastCodes = codes(before: { ("\u{2801}"..."\u{28FF}").contains(String($0)) }, in: s)
        XCTAssertTrue(pinCodes.contains { $0.contains("38;5;") }, "pin colours: \(pinCodes)")
        XCTAssertTrue(coastCodes.contains { $0.contains("38;5;71") }, "coast colour: \(coastCodes)")
    }

    func testEightColourTerminalsGetTheFallbacks() throws {
        let t = try Tmux()
        t.start([], term: "xterm")
        t.waitFor { $0.contains("45 of 45") }
        let s = t.screenWithEscapes()
        let coastCodes = codes(before: { ("\u{2801}"..."\u{28FF}").contains(String($0)) }, in: s)
        XCTAssertTrue(coastCodes.contains { $0.contains("[32m") }, "coast in ANSI green: \(coastCodes)")
        XCTAssertFalse(s.contains("38;5;"), "no 256-colour codes on an 8-colour terminal")
    }

    /// no-color.org: only a NO_COLOR that is "present and not an empty string" turns colour
    /// off; `NO_COLOR=` (set, empty) turned it off too.
    func testAnEmptyNoColorKeepsTheColours() throws {
        let t = try Tmux()
        t.start([], term: "xterm-256color", env: ["NO_COLOR": ""])
        t.waitFor { $0.contains("45 of 45") }
        let coastCodes = codes(before: { ("\u{2801}"..."\u{28FF}").contains(String($0)) }, in: t.screenWithEscapes())
        XCTAssertTrue(coastCodes.contains { $0.contains("38;5;71") }, "coast colour: \(coastCodes)")
    }

    func testNoColourCodesWithNoColor() throws {
        let t = try Tmux()
        t.start([], term: "xterm-256color", env: ["NO_COLOR": "1"])
        t.waitFor { $0.contains("45 of 45") }
        let s = t.screenWithEscapes()
        XCTAssertTrue(s.contains("●"), s)
        let colour = try NSRegularExpression(pattern: "\u{1B}\\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;[0-9;]*)?m")
        let hits = colour.matches(in: s, range: NSRange(location: 0, length: (s as NSString).length))
            .map { (s as NSString).substring(with: $0.range) }
            .filter { !$0.contains("[39m") && !$0.contains("[49m") }
        XCTAssertEqual(hits, [], "no colour codes with NO_COLOR")
    }

    /// With NO_COLOR the Settings row says colour is unavailable and refuses "on".
    func testColourRowRefusesOnWithNoColor() throws {
        let t = try Tmux()
        t.start([], term: "xterm-256color", env: ["NO_COLOR": "1"])
        t.waitFor { $0.contains("45 of 45") }
        t.keys("4")
        t.keys("jjj")
        t.key("Enter")
        let s = t.waitFor { $0.contains("Colour is off: NO_COLOR") }
        XCTAssertTrue(s.contains("▸ Colour            off (NO_COLOR or no colours)"), s)
        XCTAssertTrue(s.contains("Colour is off: NO_COLOR is set or the terminal has no colours"), s)
    }
}
