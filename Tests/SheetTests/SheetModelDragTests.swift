import XCTest
@testable import Sheet

/// Drags on an 80×24 terminal: travel 22, detents 3 / 9 / 18 rows, so the
/// grabber of a small sheet is on screen row 19 (22 − 3).
final class SheetModelDragTests: XCTestCase {
    func testDragFollowsThePointerTimesSensitivityClamped() {
        let cases: [(sensitivity: Double, to: Int, exact: Double, rows: Int, line: UInt)] = [
            (1, 14, 8, 8, #line),       // up 5 rows
            (1, 0, 18, 18, #line),      // far above: clamped to large
            (1, 21, 3, 3, #line),       // below the press: clamped to small
            (1, -40, 18, 18, #line),    // off screen
            (0.5, 15, 5, 5, #line),     // up 4 × 0.5
            (0.5, 14, 5.5, 6, #line),   // up 5 × 0.5: half rows round up
            (2, 15, 11, 11, #line),     // up 4 × 2
            (2, 9, 18, 18, #line),      // up 10 × 2 = 23: clamped
            (0.1, 11, 5, 5, #line),     // sensitivity clamped to 0.25: up 8 × 0.25
            (10, 18, 7, 7, #line),      // sensitivity clamped to 4: up 1 × 4
        ]
        for c in cases {
            var sheet = SheetModel(detent: .small, travel: 22, sensitivity: c.sensitivity)
            sheet.beginDrag(pointerRow: 19, time: 0)
            sheet.drag(pointerRow: c.to, time: 0.05)
            XCTAssertTrue(sheet.isDragging, line: c.line)
            XCTAssertEqual(sheet.heightExact, c.exact, accuracy: 1e-9, line: c.line)
            XCTAssertEqual(sheet.height, c.rows, line: c.line)
            XCTAssertEqual(sheet.grabberRow, 22 - c.rows, line: c.line)
        }
    }

    func testSensitivityIsClampedAndChangingItMidDragDoesNotJump() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.sensitivity = .nan
        XCTAssertEqual(sheet.sensitivity, 1)
        sheet.sensitivity = 9
        XCTAssertEqual(sheet.sensitivity, 4)
        sheet.sensitivity = 1
        sheet.beginDrag(pointerRow: 19, time: 0)
        sheet.drag(pointerRow: 15, time: 0.1)        // 7 rows
        sheet.sensitivity = 2
        XCTAssertEqual(sheet.heightExact, 7, accuracy: 1e-9)
        sheet.drag(pointerRow: 14, time: 0.2)        // one more row × 2
        XCTAssertEqual(sheet.heightExact, 9, accuracy: 1e-9)
    }

    func testClickIsAPressAndReleaseWithoutRowChange() {
        var sheet = SheetModel(detent: .medium, travel: 22)
        sheet.beginDrag(pointerRow: 13, time: 0)
        XCTAssertEqual(sheet.endDrag(pointerRow: 13, time: 0.2), .click)
        XCTAssertEqual(sheet.detent, .medium)
        XCTAssertFalse(sheet.isDragging)
        XCTAssertFalse(sheet.isAnimating)
        XCTAssertEqual(sheet.height, 9)

        // Moving away and back is a drag, which here settles where it began.
        sheet.beginDrag(pointerRow: 13, time: 1)
        sheet.drag(pointerRow: 12, time: 1.5)
        XCTAssertEqual(sheet.endDrag(pointerRow: 13, time: 2), .settle(.medium))

        // A release elsewhere with no drag report between is a drag too.
        sheet.beginDrag(pointerRow: 13, time: 3)
        XCTAssertEqual(sheet.endDrag(pointerRow: 4, time: 3.5), .settle(.large))

        // A release without a press changes nothing.
        var idle = SheetModel(detent: .small, travel: 22)
        XCTAssertEqual(idle.endDrag(pointerRow: 5, time: 0), .settle(.small))
        XCTAssertEqual(idle.height, 3)
        idle.drag(pointerRow: 0, time: 0.1)
        XCTAssertEqual(idle.height, 3)
    }

    /// The same drag from small to 10 rows (up 7 rows in 70 ms), released at once or after a pause.
    func testReleaseDecisionThroughTheModel() {
        let cases: [(release: Double, row: Int, outcome: ReleaseOutcome, line: UInt)] = [
            (0.08, 12, .settle(.large), #line),   // 87.5 rows/s: past medium already, p ≈ 53.7 → large
            (0.15, 12, .settle(.large), #line),   // 80 ms after the last motion still counts
            (0.3, 12, .settle(.medium), #line),   // 230 ms pause: v = 0, nearest to 10 is medium (9)
            (0.3, 8, .settle(.large), #line),     // moved on release to 14 rows, past the 13.5 midpoint
            (5, 12, .settle(.medium), #line),
        ]
        for c in cases {
            var sheet = SheetModel(detent: .small, travel: 22)
            sheet.beginDrag(pointerRow: 19, time: 0)
            for step in 1...7 { sheet.drag(pointerRow: 19 - step, time: Double(step) / 100) }
            XCTAssertEqual(sheet.height, 10, line: c.line)
            XCTAssertEqual(sheet.endDrag(pointerRow: c.row, time: c.release), c.outcome, line: c.line)
        }
    }

    func testPauseThenSlowReleaseNearEachThreshold() {
        // Dragged to a height, held still for 200 ms, released: v = 0, the midpoints 6 and 13.5 decide.
        let cases: [(from: Detent, press: Int, to: Int, expected: Detent, line: UInt)] = [
            (.small, 19, 17, .small, #line),   // 5 rows (Pinit's 0.25·H = 5.5 would say small too)
            (.small, 19, 16, .small, #line),   // 6 rows: exactly the midpoint, ties go to the current side
            (.small, 19, 15, .medium, #line),  // 7 rows
            (.medium, 13, 9, .medium, #line),  // 13 rows
            (.medium, 13, 8, .large, #line),   // 14 rows
            (.large, 4, 8, .large, #line),     // 14 rows going down
            (.large, 4, 9, .medium, #line),    // 13 rows
            (.medium, 13, 16, .medium, #line), // 6 rows from medium: the same tie keeps medium
            (.medium, 13, 17, .small, #line),  // 5 rows
        ]
        for c in cases {
            var sheet = SheetModel(detent: c.from, travel: 22)
            sheet.beginDrag(pointerRow: c.press, time: 0)
            sheet.drag(pointerRow: c.to, time: 0.05)
            XCTAssertEqual(sheet.endDrag(pointerRow: c.to, time: 0.25), .settle(c.expected), line: c.line)
        }
    }

    func testFlickFromSmallStopsAtMedium() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.beginDrag(pointerRow: 19, time: 0)
        sheet.drag(pointerRow: 18, time: 0.01)
        sheet.drag(pointerRow: 17, time: 0.02)
        sheet.drag(pointerRow: 16, time: 0.03)     // 6 rows at 100 rows/s: p ≈ 56
        XCTAssertEqual(sheet.endDrag(pointerRow: 16, time: 0.03), .settle(.medium))
        XCTAssertTrue(sheet.isSettling)
        XCTAssertEqual(sheet.detent, .medium)
    }

    func testSettleRunsOnTicksAndSnapsExactly() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.move(to: .large, time: 0)
        XCTAssertTrue(sheet.isAnimating)
        XCTAssertEqual(sheet.detent, .large)
        var heights: [Int] = []
        for frame in 1...60 {
            sheet.tick(time: Double(frame) / 60)
            heights.append(sheet.height)
            if !sheet.isAnimating { break }
        }
        XCTAssertEqual(heights.count, 20, "settles on frame 20 (1/3 s)")
        XCTAssertEqual(Array(heights.prefix(6)), [4, 5, 6, 8, 10, 11])
        XCTAssertEqual(heights, heights.sorted())
        XCTAssertEqual(sheet.heightExact, 18)
        XCTAssertFalse(sheet.isSettling)
    }

    func testPressDuringSettleCatchesItWhereItIs() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.move(to: .large, time: 0)
        sheet.tick(time: 0.05)
        sheet.beginDrag(pointerRow: 16, time: 0.1)   // spring at 0.1 s: 11.036 rows
        XCTAssertTrue(sheet.isDragging)
        XCTAssertFalse(sheet.isSettling)
        XCTAssertEqual(sheet.heightExact, 11.036, accuracy: 1e-3)
        sheet.tick(time: 0.5)                         // ticks do not move a held sheet
        XCTAssertEqual(sheet.heightExact, 11.036, accuracy: 1e-3)
        sheet.drag(pointerRow: 14, time: 0.6)
        XCTAssertEqual(sheet.heightExact, 13.036, accuracy: 1e-3)
    }

    func testClickDuringSettleIsDeliveredAndTheSettleResumes() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.move(to: .large, time: 0)
        sheet.beginDrag(pointerRow: 12, time: 0.1)
        XCTAssertEqual(sheet.endDrag(pointerRow: 12, time: 0.15), .click)
        XCTAssertTrue(sheet.isSettling)
        XCTAssertEqual(sheet.detent, .large)
        XCTAssertEqual(sheet.heightExact, 11.036, accuracy: 1e-3)
        sheet.tick(time: 2)
        XCTAssertEqual(sheet.height, 18)
        XCTAssertFalse(sheet.isAnimating)
    }

    func testReducedMotionMovesInstantly() {
        var sheet = SheetModel(detent: .small, travel: 22, reducedMotion: true)
        sheet.beginDrag(pointerRow: 19, time: 0)
        sheet.drag(pointerRow: 12, time: 0.05)
        XCTAssertEqual(sheet.endDrag(pointerRow: 12, time: 0.5), .settle(.medium))
        XCTAssertFalse(sheet.isAnimating)
        XCTAssertEqual(sheet.height, 9)
        sheet.tick(time: 0.6)
        XCTAssertEqual(sheet.height, 9)
        XCTAssertFalse(sheet.isAnimating)

        var animated = SheetModel(detent: .small, travel: 22)
        animated.move(to: .large, time: 0)
        animated.tick(time: 0.1)
        animated.reducedMotion = true
        XCTAssertFalse(animated.isAnimating)
        XCTAssertEqual(animated.height, 18)
    }

    func testNonFiniteTimesAndHugeRowsDoNotCrash() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.beginDrag(pointerRow: Int.max, time: .nan)
        sheet.drag(pointerRow: Int.min, time: .infinity)
        XCTAssertEqual(sheet.height, 18)
        XCTAssertEqual(sheet.endDrag(pointerRow: Int.min, time: .nan), .settle(.large))
        sheet.tick(time: .nan)
        sheet.tick(time: 100)
        XCTAssertEqual(sheet.height, 18)
    }
}
