import XCTest
@testable import Sheet

/// Spring values are worked by hand from x(t) = (x0 + (v0 + ωx0)t)e^(−ωt),
/// ω = 2π / 0.35 s ≈ 17.952 rad/s.
final class SpringTests: XCTestCase {
    /// Frame times at 60 per second from 0 to `seconds`.
    func frames(_ seconds: Double) -> [Double] { (0...Int(seconds * 60)).map { Double($0) / 60 } }

    func testValuesFollowTheCriticallyDampedSolution() {
        let spring = Spring(from: 3, to: 18, time: 0)
        let cases: [(t: Double, value: Double, velocity: Double, line: UInt)] = [
            (0, 3, 0, #line),
            (0.05, 6.3996, 98.506, #line),
            (0.1, 11.0360, 80.292, #line),
            (0.2, 16.1004, 26.672, #line),
            (0.3, 17.5611, 6.645, #line),
            (-1, 3, 0, #line),             // before the start reads as the start
        ]
        for c in cases {
            XCTAssertEqual(spring.value(at: c.t), c.value, accuracy: 1e-3, "t=\(c.t)", line: c.line)
            XCTAssertEqual(spring.velocity(at: c.t), c.velocity, accuracy: 1e-2, "t=\(c.t)", line: c.line)
        }
        XCTAssertEqual(spring.omega, 17.952, accuracy: 1e-3)
    }

    func testSettlesWithinHalfARow() {
        let spring = Spring(from: 3, to: 18, time: 0)
        guard let settled = frames(2).first(where: spring.isSettled(at:)) else {
            return XCTFail("never settled")
        }
        // Frame 20 (t = 1/3 s): 17.736 rows at 4.06 rows/s; frame 19 still moves at 5.4 rows/s.
        XCTAssertEqual(settled, 20.0 / 60, accuracy: 1e-9)
        XCTAssertLessThan(abs(spring.value(at: settled) - 18), Spring.restDistance)
        XCTAssertFalse(spring.isSettled(at: 0.1))
    }

    func testMonotonicFromRestAndWhenThrownTowardsTheTarget() {
        let cases: [(from: Double, to: Double, v0: Double, line: UInt)] = [
            (3, 18, 0, #line),
            (18, 3, 0, #line),
            (3, 18, 50, #line),
            (3, 18, 1000, #line),    // would overshoot: capped at ω·15 ≈ 269 rows/s
            (46, 4, -2000, #line),
        ]
        for c in cases {
            let spring = Spring(from: c.from, to: c.to, velocity: c.v0, time: 0)
            let values = frames(1.5).map(spring.value(at:))
            let sign = c.to > c.from ? 1.0 : -1.0
            for (a, b) in zip(values, values.dropFirst()) {
                XCTAssertGreaterThanOrEqual(sign * (b - a), 0, "not monotonic", line: c.line)
            }
            for v in values {
                XCTAssertLessThanOrEqual(sign * (v - c.to), 1e-9, "crossed the target", line: c.line)
            }
            XCTAssertEqual(values.last ?? .nan, c.to, accuracy: 0.01, line: c.line)
        }
        XCTAssertEqual(Spring(from: 3, to: 18, velocity: 1000, time: 0).initialVelocity, 269.279, accuracy: 1e-3)
        XCTAssertEqual(Spring(from: 3, to: 18, velocity: 50, time: 0).initialVelocity, 50)
    }

    func testThrownAwayItCarriesOnThenReturns() {
        // At the target, thrown upward at 20 rows/s: peaks at v0/(ωe) ≈ 0.41 rows at t = 1/ω.
        let spring = Spring(from: 18, to: 18, velocity: 20, time: 0)
        XCTAssertEqual(spring.value(at: 1 / spring.omega), 18 + 20 / (spring.omega * M_E), accuracy: 1e-9)
        XCTAssertFalse(spring.isSettled(at: 0))
        XCTAssertTrue(spring.isSettled(at: 1))
    }

    func testStartTimeOffsetsAndBadInputIsReplaced() {
        let late = Spring(from: 3, to: 18, time: 10)
        XCTAssertEqual(late.value(at: 10.1), 11.0360, accuracy: 1e-3)
        let bad = Spring(from: .nan, to: 9, velocity: .infinity, time: .nan, response: -1)
        XCTAssertEqual(bad.start, 9)
        XCTAssertEqual(bad.initialVelocity, 0)
        XCTAssertEqual(bad.response, Spring.defaultResponse)
        XCTAssertEqual(bad.value(at: .nan), 9)
        XCTAssertTrue(bad.isSettled(at: 0))
    }
}
