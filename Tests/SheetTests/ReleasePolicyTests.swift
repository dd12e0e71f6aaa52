import XCTest
@testable import Sheet

/// The release decision, one case per line.
///
/// travel 140 has detents 10, 56, 112 rows: the midpoints are 33 (0.236·H) and
/// 84 (0.6·H); Pinit cut at 35 (0.25·H) and 84. travel 22 (an 80×24 terminal)
/// has 3, 9, 18: midpoints 6 and 13.5, Pinit's cuts 5.5 and 13.2.
/// The projection is p = h + v × 0.499 s.
final class ReleasePolicyTests: XCTestCase {
    struct Case {
        let travel: Int
        let height: Double
        let velocity: Double
        let current: Detent
        let expected: Detent
        let line: UInt
    }

    func check(_ cases: [Case]) {
        for c in cases {
            let layout = DetentLayout(travel: c.travel)
            let got = ReleasePolicy.target(height: c.height, velocity: c.velocity, current: c.current, layout: layout)
            XCTAssertEqual(got, c.expected, "h=\(c.height) v=\(c.velocity) H=\(c.travel)", line: c.line)
        }
    }

    func testProjectionIsFloatingPanelsDecelerationDistance() {
        XCTAssertEqual(ReleasePolicy.projectionTime, 0.499, accuracy: 1e-9)
        XCTAssertEqual(ReleasePolicy.projection(height: 10, velocity: 100), 59.9, accuracy: 1e-9)
        XCTAssertEqual(ReleasePolicy.projection(height: 10, velocity: .nan), 10)
    }

    func testSlowReleasesUseTheMidpoints() {
        check([
            Case(travel: 140, height: 10, velocity: 0, current: .medium, expected: .small, line: #line),
            Case(travel: 140, height: 32.9, velocity: 0, current: .small, expected: .small, line: #line),
            Case(travel: 140, height: 33.1, velocity: 0, current: .small, expected: .medium, line: #line),
            // exactly on the midpoint: the side of the current detent
            Case(travel: 140, height: 33, velocity: 0, current: .small, expected: .small, line: #line),
            Case(travel: 140, height: 33, velocity: 0, current: .medium, expected: .medium, line: #line),
            Case(travel: 140, height: 33, velocity: 0, current: .large, expected: .medium, line: #line),
            // Pinit's 0.25·H neighbourhood: Pinit said small up to 35, the midpoint says medium
            Case(travel: 140, height: 34, velocity: 0, current: .small, expected: .medium, line: #line),
            Case(travel: 140, height: 35, velocity: 0, current: .small, expected: .medium, line: #line),
            Case(travel: 140, height: 36, velocity: 0, current: .small, expected: .medium, line: #line),
            // 0.6·H: both rules agree
            Case(travel: 140, height: 83.9, velocity: 0, current: .medium, expected: .medium, line: #line),
            Case(travel: 140, height: 84.1, velocity: 0, current: .medium, expected: .large, line: #line),
            Case(travel: 140, height: 84, velocity: 0, current: .medium, expected: .medium, line: #line),
            Case(travel: 140, height: 84, velocity: 0, current: .large, expected: .large, line: #line),
            Case(travel: 140, height: 112, velocity: 0, current: .small, expected: .large, line: #line),
            // an 80×24 terminal
            Case(travel: 22, height: 5.6, velocity: 0, current: .small, expected: .small, line: #line), // Pinit: medium
            Case(travel: 22, height: 5.9, velocity: 0, current: .small, expected: .small, line: #line),
            Case(travel: 22, height: 6.1, velocity: 0, current: .small, expected: .medium, line: #line),
            Case(travel: 22, height: 13.3, velocity: 0, current: .medium, expected: .medium, line: #line), // Pinit: large
            Case(travel: 22, height: 13.4, velocity: 0, current: .medium, expected: .medium, line: #line),
            Case(travel: 22, height: 13.6, velocity: 0, current: .medium, expected: .large, line: #line),
        ])
    }

    func testSlowMotionNearAThresholdTipsIt() {
        check([
            // up from 32: 1 row/s projects to 32.5 (stays), 2.5 rows/s to 33.25 (passes 33)
            Case(travel: 140, height: 32, velocity: 1, current: .small, expected: .small, line: #line),
            Case(travel: 140, height: 32, velocity: 2.5, current: .small, expected: .medium, line: #line),
            // down from 34: −2.5 rows/s projects to 32.75, past 33 → small
            Case(travel: 140, height: 34, velocity: -2.5, current: .medium, expected: .small, line: #line),
            Case(travel: 140, height: 34, velocity: -1, current: .medium, expected: .medium, line: #line),
            // down from 85: −4 rows/s projects to 83.0, below 84 → medium
            Case(travel: 140, height: 85, velocity: -4, current: .large, expected: .medium, line: #line),
            Case(travel: 140, height: 85, velocity: -1, current: .large, expected: .large, line: #line),
            // up from 80 at 10 rows/s projects to 84.99 → large
            Case(travel: 140, height: 80, velocity: 10, current: .medium, expected: .large, line: #line),
        ])
    }

    func testFastFlicksNeverSkipADetent() {
        check([
            // from just above small, p = 169.7 is past large, but medium is next
            Case(travel: 140, height: 20, velocity: 300, current: .small, expected: .medium, line: #line),
            // the drag itself passed medium: the pair is medium/large
            Case(travel: 140, height: 60, velocity: 300, current: .small, expected: .large, line: #line),
            Case(travel: 140, height: 60, velocity: 40, current: .medium, expected: .medium, line: #line), // p 79.96
            Case(travel: 140, height: 60, velocity: 50, current: .medium, expected: .large, line: #line), // p 84.95
            // down from large, p far below small: medium first
            Case(travel: 140, height: 100, velocity: -300, current: .large, expected: .medium, line: #line),
            Case(travel: 140, height: 50, velocity: -300, current: .large, expected: .small, line: #line),
            Case(travel: 140, height: 50, velocity: -30, current: .medium, expected: .medium, line: #line), // p 35.03
            Case(travel: 140, height: 50, velocity: -40, current: .medium, expected: .small, line: #line), // p 30.04
            // a flick back towards where the drag began
            Case(travel: 140, height: 50, velocity: 1, current: .small, expected: .medium, line: #line),
            Case(travel: 22, height: 4, velocity: 30, current: .small, expected: .medium, line: #line),
            Case(travel: 22, height: 10, velocity: 30, current: .small, expected: .large, line: #line),
            Case(travel: 22, height: 17, velocity: -30, current: .large, expected: .medium, line: #line),
        ])
    }

    func testFlicksPastTheLastDetentStayThere() {
        check([
            Case(travel: 140, height: 112, velocity: 500, current: .large, expected: .large, line: #line),
            Case(travel: 140, height: 100, velocity: 500, current: .medium, expected: .large, line: #line),
            Case(travel: 140, height: 130, velocity: 500, current: .large, expected: .large, line: #line), // clamped
            Case(travel: 140, height: 10, velocity: -500, current: .small, expected: .small, line: #line),
            Case(travel: 140, height: 11, velocity: -500, current: .small, expected: .small, line: #line),
            Case(travel: 140, height: -5, velocity: -500, current: .small, expected: .small, line: #line),
        ])
    }

    func testInactiveDetentsAreNeverTargets() {
        // travel 10 (40×12): small 3, medium 4 inactive, large 8; midpoint 5.5
        check([
            Case(travel: 10, height: 4, velocity: 0, current: .small, expected: .small, line: #line),
            Case(travel: 10, height: 5.6, velocity: 0, current: .small, expected: .large, line: #line),
            Case(travel: 10, height: 4, velocity: 20, current: .small, expected: .large, line: #line),
            Case(travel: 10, height: 4, velocity: 2, current: .small, expected: .small, line: #line),
            Case(travel: 10, height: 7, velocity: -20, current: .large, expected: .small, line: #line),
            // travel 3: one detent
            Case(travel: 3, height: 3, velocity: 50, current: .large, expected: .small, line: #line),
        ])
    }

    func testNonFiniteInputFallsBackToTheCurrentDetent() {
        check([
            Case(travel: 22, height: .nan, velocity: 10, current: .medium, expected: .medium, line: #line),
            Case(travel: 22, height: .infinity, velocity: 0, current: .small, expected: .small, line: #line),
            Case(travel: 10, height: .nan, velocity: 0, current: .medium, expected: .small, line: #line),
            Case(travel: 22, height: 14, velocity: .nan, current: .small, expected: .large, line: #line),
            Case(travel: 22, height: 14, velocity: -.infinity, current: .small, expected: .large, line: #line),
        ])
    }
}
