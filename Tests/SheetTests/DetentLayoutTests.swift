import XCTest
@testable import Sheet

/// Detent heights for real terminal sizes. The travel is rows − 2: one tab bar
/// row and one status line row below the sheet.
final class DetentLayoutTests: XCTestCase {
    struct Case {
        let columns: Int, rows: Int
        let small: Int, medium: Int, large: Int
        let active: [Detent]
        let line: UInt
    }

    let cases: [Case] = [
        // travel 22: 22/14 = 1.6 → minimum 3; 8.8 → 9; 17.6 → 18
        Case(columns: 80, rows: 24, small: 3, medium: 9, large: 18, active: [.small, .medium, .large], line: #line),
        // travel 28: 2.0 → 3; 11.2 → 11; 22.4 → 22
        Case(columns: 100, rows: 30, small: 3, medium: 11, large: 22, active: [.small, .medium, .large], line: #line),
        // travel 58: 4.14 → 4; 23.2 → 23; 46.4 → 46
        Case(columns: 200, rows: 60, small: 4, medium: 23, large: 46, active: [.small, .medium, .large], line: #line),
        // travel 10: medium 4 is one row above small 3: collapsed, inactive
        Case(columns: 40, rows: 12, small: 3, medium: 4, large: 8, active: [.small, .large], line: #line),
        // travel 8: medium 3.2 → 3 lands on small itself
        Case(columns: 80, rows: 10, small: 3, medium: 3, large: 6, active: [.small, .large], line: #line),
        // travel 11: medium 4.4 → 4, still one row from small
        Case(columns: 80, rows: 13, small: 3, medium: 4, large: 9, active: [.small, .large], line: #line),
        // travel 12: the shortest travel with medium: 5 is two rows above small
        Case(columns: 80, rows: 14, small: 3, medium: 5, large: 10, active: [.small, .medium, .large], line: #line),
        // travel 51: 51/14 = 3.64 → 4 (above the minimum); 20.4 → 20; 40.8 → 41
        Case(columns: 80, rows: 53, small: 4, medium: 20, large: 41, active: [.small, .medium, .large], line: #line),
        // travel 3: everything is the whole travel; only small remains
        Case(columns: 80, rows: 5, small: 3, medium: 3, large: 3, active: [.small], line: #line),
        // travel 1: small cannot reach its minimum of 3 rows; heights never exceed the travel
        Case(columns: 80, rows: 3, small: 1, medium: 1, large: 1, active: [.small], line: #line),
        // travel 0 (and negative): an empty sheet, no crash
        Case(columns: 80, rows: 2, small: 0, medium: 0, large: 0, active: [.small], line: #line),
        Case(columns: 80, rows: 1, small: 0, medium: 0, large: 0, active: [.small], line: #line),
    ]

    func testHeightsAndActiveDetentsForTerminalSizes() {
        for c in cases {
            let layout = DetentLayout(travel: c.rows - 2)
            let size = "\(c.columns)×\(c.rows)"
            XCTAssertEqual(layout.travel, max(0, c.rows - 2), size, line: c.line)
            XCTAssertEqual(layout.height(of: .small), c.small, "small at \(size)", line: c.line)
            XCTAssertEqual(layout.height(of: .medium), c.medium, "medium at \(size)", line: c.line)
            XCTAssertEqual(layout.height(of: .large), c.large, "large at \(size)", line: c.line)
            XCTAssertEqual(layout.activeDetents, c.active, "active at \(size)", line: c.line)
            XCTAssertEqual(layout.isActive(.medium), c.active.contains(.medium), size, line: c.line)
            for detent in Detent.allCases {
                XCTAssertLessThanOrEqual(layout.height(of: detent), layout.travel, "\(detent) at \(size)", line: c.line)
            }
        }
    }

    func testResolvePicksTheNearestActiveDetent() {
        let cases: [(travel: Int, asked: Detent, expected: Detent, line: UInt)] = [
            (22, .small, .small, #line),
            (22, .medium, .medium, #line),
            (22, .large, .large, #line),
            (10, .medium, .small, #line),   // medium 4: small 3 is 1 row away, large 8 is 4
            (10, .large, .large, #line),
            (8, .medium, .small, #line),    // medium 3 sits on small
            (3, .large, .small, #line),     // only small is active
            (3, .medium, .small, #line),
        ]
        for c in cases {
            XCTAssertEqual(DetentLayout(travel: c.travel).resolve(c.asked), c.expected, line: c.line)
        }
    }

    func testNeighboursSkipInactiveDetents() {
        let full = DetentLayout(travel: 22)
        XCTAssertEqual(full.detent(above: .small), .medium)
        XCTAssertEqual(full.detent(above: .medium), .large)
        XCTAssertNil(full.detent(above: .large))
        XCTAssertEqual(full.detent(below: .large), .medium)
        XCTAssertNil(full.detent(below: .small))
        let short = DetentLayout(travel: 10)
        XCTAssertEqual(short.detent(above: .small), .large)
        XCTAssertEqual(short.detent(below: .large), .small)
        XCTAssertEqual(short.heightRange, 3...8)
        XCTAssertEqual(DetentLayout(travel: 3).heightRange, 3...3)
    }

    func testMinimumSmallAndGapAreParameters() {
        let roomy = DetentLayout(travel: 22, minimumSmall: 5)
        XCTAssertEqual(roomy.height(of: .small), 5)
        XCTAssertEqual(roomy.height(of: .medium), 9)
        // With a gap of 1 only detents on the very same row collapse.
        let strict = DetentLayout(travel: 10, minimumGap: 1)
        XCTAssertEqual(strict.activeDetents, [.small, .medium, .large])
        XCTAssertEqual(DetentLayout(travel: 8, minimumGap: 1).activeDetents, [.small, .large])
    }

    func testDetentOrderAndCodableNames() throws {
        XCTAssertLessThan(Detent.small, Detent.medium)
        XCTAssertLessThan(Detent.medium, Detent.large)
        XCTAssertEqual(Detent.allCases.map(\.rawValue), ["small", "medium", "large"])
        XCTAssertEqual(Detent(rawValue: "medium"), .medium)
    }
}
