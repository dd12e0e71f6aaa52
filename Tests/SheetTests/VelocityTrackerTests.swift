import XCTest
@testable import Sheet

final class VelocityTrackerTests: XCTestCase {
    func tracker(_ reports: [(Double, Double)]) -> VelocityTracker {
        var t = VelocityTracker()
        for (time, position) in reports { t.add(time: time, position: position) }
        return t
    }

    func testVelocityOverTheLast100Milliseconds() {
        let cases: [(reports: [(Double, Double)], release: Double, velocity: Double, line: UInt)] = [
            // one row every 10 ms: 100 rows/s
            ([(0, 3), (0.01, 4), (0.02, 5), (0.03, 6), (0.04, 7)], 0.04, 100, #line),
            // slow start, fast finish: only the last 100 ms count (rows 10 → 20 in 0.1 s)
            ([(0, 0), (0.5, 5), (0.9, 10), (0.95, 15), (1.0, 20)], 1.0, 100, #line),
            // shrinking: negative
            ([(0, 18), (0.02, 16), (0.04, 14)], 0.05, -100, #line),
            // a single report inside the window: the one before anchors it (1 row in 0.2 s)
            ([(0, 3), (0.2, 4)], 0.25, 5, #line),
            // released 150 ms after the last motion: a pause, v = 0
            ([(0, 3), (0.01, 4), (0.02, 5)], 0.17, 0, #line),
            // reports without motion
            ([(0, 3), (0.01, 3), (0.02, 3)], 0.02, 0, #line),
            // nothing at all
            ([], 1, 0, #line),
            // a report back in time is taken as the previous time: finite, no crash
            ([(1, 3), (0.5, 5), (1.05, 6)], 1.05, 60, #line),
        ]
        for c in cases {
            XCTAssertEqual(tracker(c.reports).velocity(at: c.release), c.velocity, accuracy: 1e-9, line: c.line)
        }
    }

    func testOldReportsAreDropped() {
        var t = VelocityTracker()
        for i in 0..<1000 { t.add(time: Double(i) / 100, position: Double(i)) }
        XCTAssertLessThanOrEqual(t.samples.count, 12)
        XCTAssertEqual(t.velocity(at: 9.99), 100, accuracy: 1e-9)
    }
}
