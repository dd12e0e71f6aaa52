import Foundation
import XCTest

/// Going to a place in the real binary: `/서울` Enter puts
/// Seoul's label in the middle of the map left visible above the sheet.
final class PlaceEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard Tmux.available else { throw XCTSkip("tmux not installed") }
    }

    /// Row and column (in cells) where `text` starts on the screen, if shown.
    func find(_ text: String, in lines: [String]) -> (col: Int, row: Int)? {
        for (r, line) in lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            // Braille and Hangul: count display cells, not characters.
            let before = line[..<range.lowerBound]
            let col = before.unicodeScalars.reduce(0) { $0 + (($1.value >= 0xAC00 && $1.value <= 0xD7A3) ? 2 : 1) }
            return (col, r)
        }
        return nil
    }

    func flyToSeoul(lang: String, label: String, message: String) throws {
        let t = try Tmux()
        t.start([], cols: 100, rows: 30, env: ["LANG": lang])
        t.waitFor { $0.contains("45 of 45") }
        t.key("0")   // the whole world first, so the flight is real
        t.waitFor { $0.contains("z1 ") }
        t.keys("/"); t.keys("서울"); t.key("Enter")
        let s = t.waitFor { $0.contains(message) }
        XCTAssertTrue(s.contains(message), s)
        let lines = s.components(separatedBy: "\n")
        let grabber = try XCTUnwrap(lines.firstIndex { $0.contains("━━━━━━━━") }, s)
        let at = try XCTUnwrap(find(label, in: Array(lines[0..<grabber])), "\(label) on the map:\n\(s)")
        let middleRow = grabber / 2, middleCol = 50
        XCTAssertLessThanOrEqual(abs(at.row - middleRow), 3, "label row \(at.row), middle \(middleRow)\n\(s)")
        XCTAssertLessThanOrEqual(abs(at.col + label.count - middleCol), 12, "label col \(at.col)\n\(s)")
    }

    func testSlashSeoulEnterPutsSeoulsLabelInTheMiddle() throws {
        try flyToSeoul(lang: "C.UTF-8", label: "Seoul", message: "Seoul, South Korea")
    }

    func testKoreanLocaleShowsTheKoreanLabel() throws {
        try flyToSeoul(lang: "ko_KR.UTF-8", label: "서울", message: "서울, 대한민국")
    }
}
