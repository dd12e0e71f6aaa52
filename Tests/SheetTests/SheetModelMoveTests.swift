import XCTest
@testable import Sheet

/// Keys, grabber clicks and resizes. Reduced motion keeps the moves instant
/// so each step can be read at once; travel 22 has detents 3 / 9 / 18 rows.
final class SheetModelMoveTests: XCTestCase {
    func sheet(_ detent: Detent, travel: Int = 22) -> SheetModel {
        SheetModel(detent: detent, travel: travel, reducedMotion: true)
    }

    func testGrabberClickCycleOrder() {
        let cases: [(start: Detent, travel: Int, expected: [Detent], line: UInt)] = [
            (.small, 22, [.medium, .large, .medium, .small, .medium, .large], #line),
            (.large, 22, [.medium, .small, .medium, .large], #line),
            (.medium, 22, [.large, .medium, .small], #line),       // no history yet: up
            (.small, 10, [.large, .small, .large], #line),         // medium inactive on 40×12
            (.small, 3, [.small, .small], #line),                  // one detent: nowhere to go
        ]
        for c in cases {
            var s = sheet(c.start, travel: c.travel)
            var seen: [Detent] = []
            for step in c.expected.indices {
                s.cycle(time: Double(step))
                seen.append(s.detent)
            }
            XCTAssertEqual(seen, c.expected, line: c.line)
        }
    }

    func testCycleRemembersTheLastEndReachedByAnyMeans() {
        var s = sheet(.small)
        XCTAssertTrue(s.raise(time: 0))
        XCTAssertTrue(s.raise(time: 1))        // large
        XCTAssertTrue(s.lower(time: 2))        // medium, having come from large
        XCTAssertTrue(s.cycle(time: 3))
        XCTAssertEqual(s.detent, .small)

        s.beginDrag(pointerRow: 19, time: 4)  // dragged from small to medium
        s.drag(pointerRow: 13, time: 4.1)
        XCTAssertEqual(s.endDrag(pointerRow: 13, time: 4.5), .settle(.medium))
        s.cycle(time: 5)
        XCTAssertEqual(s.detent, .large)
    }

    func testRaiseAndLowerStopAtTheEnds() {
        let cases: [(start: Detent, travel: Int, up: Bool, moved: Bool, end: Detent, rows: Int, line: UInt)] = [
            (.small, 22, true, true, .medium, 9, #line),
            (.medium, 22, true, true, .large, 18, #line),
            (.large, 22, true, false, .large, 18, #line),   // "already large"
            (.large, 22, false, true, .medium, 9, #line),
            (.medium, 22, false, true, .small, 3, #line),
            (.small, 22, false, false, .small, 3, #line),   // "already small"
            (.small, 10, true, true, .large, 8, #line),     // medium inactive: skipped
            (.large, 10, false, true, .small, 3, #line),
            (.small, 3, true, false, .small, 3, #line),
        ]
        for c in cases {
            var s = sheet(c.start, travel: c.travel)
            let moved = c.up ? s.raise(time: 1) : s.lower(time: 1)
            XCTAssertEqual(moved, c.moved, line: c.line)
            XCTAssertEqual(s.detent, c.end, line: c.line)
            XCTAssertEqual(s.height, c.rows, line: c.line)
        }
    }

    func testRaiseDuringASettleStepsFromItsTarget() {
        var s = SheetModel(detent: .small, travel: 22)
        XCTAssertTrue(s.raise(time: 0))        // settling to medium
        XCTAssertTrue(s.raise(time: 0.05))     // now to large, from where it is
        XCTAssertEqual(s.detent, .large)
        XCTAssertFalse(s.raise(time: 0.1))
        XCTAssertTrue(s.isSettling)
        s.tick(time: 3)
        XCTAssertEqual(s.height, 18)
    }

    func testMoveToAnInactiveDetentResolves() {
        var s = sheet(.large, travel: 10)
        s.move(to: .medium, time: 0)
        XCTAssertEqual(s.detent, .small)
        XCTAssertEqual(s.height, 3)
        XCTAssertEqual(SheetModel(detent: .medium, travel: 10).detent, .small)
    }

    func testResizeKeepsTheLogicalDetent() {
        // travel per step, then the detent shown and its rows
        let steps: [(travel: Int, detent: Detent, rows: Int, line: UInt)] = [
            (58, .medium, 23, #line),   // 200×60
            (28, .medium, 11, #line),   // 100×30
            (10, .small, 3, #line),     // 40×12: medium inactive, the sheet shows small
            (22, .medium, 9, #line),    // grown again: medium comes back
            (0, .small, 0, #line),      // no room at all
            (22, .medium, 9, #line),
        ]
        var s = sheet(.medium)
        for step in steps {
            s.resize(travel: step.travel, time: 1)
            XCTAssertEqual(s.detent, step.detent, line: step.line)
            XCTAssertEqual(s.height, step.rows, line: step.line)
            XCTAssertEqual(s.preferredDetent, .medium, line: step.line)
            XCTAssertEqual(s.layout.travel, step.travel, line: step.line)
        }
    }

    func testResizeDuringADragLandsOnTheNearestDetent() {
        // Dragged on travel 22, resized to 58 (detents 4 / 23 / 46, midpoints 13.5 and 34.5):
        // the height keeps its fraction of the travel.
        let cases: [(row: Int, expected: Detent, rows: Int, line: UInt)] = [
            (12, .medium, 23, #line),   // 10/22 of 58 = 26.4
            (8, .large, 46, #line),     // 14/22 of 58 = 36.9
            (18, .small, 4, #line),     // 4/22 of 58 = 10.5
        ]
        for c in cases {
            var s = SheetModel(detent: .small, travel: 22)
            s.beginDrag(pointerRow: 19, time: 0)
            s.drag(pointerRow: c.row, time: 0.1)
            s.resize(travel: 58, time: 0.2)
            XCTAssertFalse(s.isDragging, line: c.line)
            XCTAssertFalse(s.isAnimating, line: c.line)
            XCTAssertEqual(s.detent, c.expected, line: c.line)
            XCTAssertEqual(s.height, c.rows, line: c.line)
            // The rest of that gesture is ignored.
            s.drag(pointerRow: 0, time: 0.3)
            XCTAssertEqual(s.endDrag(pointerRow: 0, time: 0.4), .settle(c.expected), line: c.line)
            XCTAssertEqual(s.height, c.rows, line: c.line)
        }
    }

    func testResizeDuringASettleLandsOnTheNearestDetent() {
        var s = SheetModel(detent: .small, travel: 22)
        s.move(to: .large, time: 0)
        s.tick(time: 0.05)                     // 6.4 rows of 22 → 16.9 of 58: nearest is medium
        s.resize(travel: 58, time: 0.05)
        XCTAssertFalse(s.isAnimating)
        XCTAssertEqual(s.detent, .medium)
        XCTAssertEqual(s.height, 23)

        var late = SheetModel(detent: .small, travel: 22)
        late.move(to: .large, time: 0)
        late.resize(travel: 58, time: 0.2)     // 16.1 rows of 22 → 42.4 of 58: large
        XCTAssertEqual(late.detent, .large)
        XCTAssertEqual(late.height, 46)
    }
}
