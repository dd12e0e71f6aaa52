import Foundation
import XCTest

/// The map and keeping pins, with the real binary in tmux at 100×30.
final class MapAndPinsEndToEndTests: XCTestCase {
    override func setUp() async throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
    }

    /// Opens the sample pins on the view these tests were written for, a first run's view when
    /// stores did not fit their pins (Seoul at zoom 512 in the middle of the 100×28 pane): a first run makes the
    /// store, then its last view (`map.view`: the centre of the map above the medium sheet)
    /// is set there and the store opened again.
    private func startOnSeoul(_ t: Tmux, cols: Int = 100) {
        t.start(cols: cols)
        _ = t.waitFor { $0.contains("Pins in view") }
        t.keys("q", pause: 0.5)
        Tmux.run(["/usr/bin/env", "tmux", "-L", t.socket, "kill-server"])
        Thread.sleep(forTimeInterval: 0.5)
        // The pane's centre at 37.55N is 5.5 rows (of 2 × 360 / (512 × cols) degrees) below the
        // centre of the 17 map rows above the medium sheet.
        let centre = 37.55 + 5.5 * 720 / (512 * Double(cols))
        let view = String(format: "%.6f,126.980000,512,%d", centre, cols)
        Tmux.run(["/usr/bin/env", "sqlite3", t.dbPath,
                  "INSERT OR REPLACE INTO settings VALUES ('map.view', '\(view)'), ('sheet.detent', 'medium')"])
        t.start(cols: cols)
        _ = t.waitFor { $0.contains("Pins in view") }
    }

    private func zoom(_ status: String) -> Int? {
        guard let r = status.range(of: #"z\d+"#, options: .regularExpression) else { return nil }
        return Int(status[r].dropFirst())
    }

    func testWheelZoomOverSeoulDragPanAndClickAPin() throws {
        let t = try Tmux()
        // 140 columns: the status line then holds both the pointer's coordinate and the
        // title of the pin under it (at 100 the title outranks the coordinate).
        startOnSeoul(t, cols: 140)
        _ = t.waitFor { $0.contains("Pins in view") }
        t.keys("S"); Thread.sleep(forTimeInterval: 0.8)
        // The first run centres Seoul (37.55N 126.98E) at zoom 512 in the 140×28 pane,
        // i.e. at cell (70, 14). Keys zoom about the centre of the map left visible above
        // the small sheet (row 12.5), so zooming out brings Seoul to row 12; zoom back in
        // with the wheel there.
        for _ in 0..<5 { t.keys("-", pause: 0.1) }
        // On a loaded machine the last key may still be on its way: wait for its frame.
        _ = t.waitFor { _ in zoom(t.statusLine()) == 16 }
        XCTAssertEqual(zoom(t.statusLine()), 16, t.statusLine())
        XCTAssertTrue(t.statusLine().contains(" centre "), t.statusLine())
        t.keys(Tmux.wheelUp(70, 12), pause: 0.2)
        let pointer = { (s: String) in
            (s.components(separatedBy: " · ").first { $0.contains("N ") && $0.hasSuffix("E") } ?? "?")
                .replacingOccurrences(of: "pointer ", with: "")
        }
        let first = pointer(t.statusLine())
        XCTAssertTrue(first.hasPrefix("37."), t.statusLine())
        for _ in 0..<4 { t.keys(Tmux.wheelUp(70, 12), pause: 0.15) }
        _ = t.waitFor { _ in zoom(t.statusLine()) == 512 }
        var status = t.statusLine()
        XCTAssertEqual(zoom(status), 512, status)
        // Zooming about the pointer keeps the same place under it (Seoul, south-east of the centre by half a cell).
        XCTAssertEqual(pointer(status), first, status)
        // Drag the map 10 columns right: the view moves west.
        t.keys(Tmux.press(40, 4), pause: 0.05)
        t.keys(Tmux.drag(45, 4), pause: 0.05)
        t.keys(Tmux.drag(50, 4), pause: 0.05)
        t.keys(Tmux.release(50, 4), pause: 0.3)
        status = t.statusLine()
        XCTAssertTrue(status.contains("[map]"), status)
        // Click the first single pin marker visible on the map (above the small sheet).
        let rows = t.lines()
        var hit: (Int, Int)?
        for (r, line) in rows.prefix(24).enumerated() {
            var col = 0
            for ch in line {
                if ch == "●" { hit = (col, r); break }
                col += 1  // braille, digits and ● are one column wide
            }
            if hit != nil { break }
        }
        guard let (c, r) = hit else { return XCTFail("no pin marker on screen:\n\(t.screen())") }
        t.keys(Tmux.press(c, r) + Tmux.release(c, r), pause: 0.8)
        status = t.statusLine()
        XCTAssertTrue(status.hasPrefix(" medium"), "a click on a pin raises the sheet to medium: \(status)")
        XCTAssertTrue(t.screen().contains("◉"), t.screen())
        // The status line names the selected pin (before the focus mark, which gives way at 100 columns).
        XCTAssertTrue(status.components(separatedBy: " · ").count >= 5, status)
    }

    func testAddAtClickedPointSearchKoreanDeleteThroughPopupAndUndo() throws {
        let t = try Tmux()
        startOnSeoul(t)
        _ = t.waitFor { $0.contains("Pins in view") }
        t.keys("S"); Thread.sleep(forTimeInterval: 0.8)
        // Right-click on the map opens the add form at that point.
        t.keys("\u{1B}[<2;30;6M" + "\u{1B}[<2;30;6m", pause: 0.6)
        var s = t.screen()
        XCTAssertTrue(s.contains("Title"), s)
        t.keys("북촌 테스트 카페", pause: 0.3)
        t.key("C-s", pause: 0.6)
        s = t.waitFor { $0.contains("✓ Added “북촌 테스트 카페”") }
        XCTAssertTrue(s.contains("✓ Added “북촌 테스트 카페”"), s)
        t.keys("x", pause: 0.5)  // a success is a toast: it takes no keys, x does nothing here
        XCTAssertTrue(t.statusLine().contains("of 46 pins"), t.statusLine())
        // Search by a Korean word.
        t.keys("/", pause: 0.3)
        t.keys("테스트", pause: 0.6)
        XCTAssertTrue(t.statusLine().contains("1 of 46"), t.statusLine())
        t.key("Enter", pause: 0.3)
        t.keys("K", pause: 0.6)  // search leaves the sheet small: raise it to use the list
        t.keys("j", pause: 0.4)
        // The selected pin's title comes last on the status line (cut at 100 columns).
        XCTAssertTrue(t.statusLine().contains(" · 북촌"), t.statusLine())
        XCTAssertTrue(t.screen().contains("◉ 북촌 테스트 카페"), t.screen())
        // Delete through the pop-up: Cancel is preselected, ← chooses Delete.
        t.keys("d", pause: 0.6)
        s = t.screen()
        XCTAssertTrue(s.contains("Delete") && s.contains("Cancel"), s)
        t.key("Left", pause: 0.2)
        t.key("Enter", pause: 0.6)
        s = t.waitFor { $0.contains("Pin deleted") }
        XCTAssertTrue(s.contains("Pin deleted"), s)
        t.keys("x", pause: 0.5)
        XCTAssertTrue(t.statusLine().contains("0 of 45"), t.statusLine())
        t.keys("u", pause: 0.6)
        s = t.waitFor { $0.contains("✓ Restored “북촌 테스트 카페”") }
        XCTAssertTrue(s.contains("✓ Restored “북촌 테스트 카페”"), s)
        t.keys("x", pause: 0.5)
        XCTAssertTrue(t.statusLine().contains("1 of 46"), t.statusLine())
        t.keys("q", pause: 0.5)
        XCTAssertEqual(t.modeFlags(), "0 0 0 0")
    }
}
