import XCTest
import Foundation
import Frame
import PinmapCore
import PinmapCoreTestSupport

/// The status line with a long message.
final class StatusMessageTests: XCTestCase {
    /// The last 4 rows, 1,204 of 62,347 pins in view, after `leaveMessage` left a message.
    private func statusRows(cols: Int, rows: Int, message leaveMessage: (inout AppState) -> Void) -> [String] {
        var state = AppState(cols: cols, rows: rows, detent: .small, color: false, reducedMotion: true)
        state.receiveView(total: 62_347, inView: 1_204)
        leaveMessage(&state)
        let screen = state.render()
        return (0..<rows).map { screen.line($0) }.suffix(4).map { $0 }
    }

    /// A long message: an export that failed.
    private let long: (inout AppState) -> Void = {
        $0.feed(.export(.finished(.failed("the disk is full: 1,204 of 62,347 pins written; the file was removed"))))
    }

    func testAtForty() {
        XCTAssertEqual(statusRows(cols: 40, rows: 12, message: long), [
            " Export failed: the disk is full: 1,204",
            " of 62,347 pins written; the file was",
            " removed",
            "  1 Map    2 Timel…  3 Import  4 Setti…",
        ])
    }

    func testAtEighty() {
        XCTAssertEqual(statusRows(cols: 80, rows: 24, message: long).suffix(3), [
            " Export failed: the disk is full: 1,204 of 62,347 pins written; the file was",
            " removed",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    func testAtAHundredTheMessageTakesPriority() {
        XCTAssertEqual(statusRows(cols: 100, rows: 30, message: long).suffix(2), [
            " Export failed: the disk is full: 1,204 of 62,347 pins written; the file was removed",
            "          1 Map                 2 Timeline                3 Import                4 Settings",
        ])
    }

    func testAShortMessageSitsAfterTheStatus() {
        XCTAssertEqual(statusRows(cols: 100, rows: 30, message: { $0.press(.char("s")) }).suffix(2).first,
                       " small · 1204 of 62347 pins in view · [list] · centre Algeria · 30.8N 0E · z1   Sorted by title")
    }
}
