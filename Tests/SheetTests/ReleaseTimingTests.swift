import XCTest
@testable import Sheet

/// A release shortly after the last motion report keeps the drag's velocity:
/// the release itself is not a sample at rest. Travel 22: detents 3 / 9 / 18 rows.
final class ReleaseTimingTests: XCTestCase {
    /// Up 2 rows at 40 ms a row from small (height 3 → 5), released on the same row.
    private func throwUp(releaseAfter pause: Double) -> ReleaseOutcome {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.beginDrag(pointerRow: 19, time: 0)
        sheet.drag(pointerRow: 18, time: 0.04)
        sheet.drag(pointerRow: 17, time: 0.08)
        return sheet.endDrag(pointerRow: 17, time: 0.08 + pause)
    }

    func testAReleaseNinetyMillisecondsAfterTheLastMotionKeepsItsVelocity() {
        XCTAssertEqual(throwUp(releaseAfter: 0.09), .settle(.medium), "25 rows/s up: a throw")
    }

    func testAReleaseAfterAPauseIsAPlacement() {
        XCTAssertEqual(throwUp(releaseAfter: 0.3), .settle(.small), "height 5 at rest: nearest is small")
    }

    func testTheHeaderNamesTheDetentARelaseWouldSettleOn() {
        var sheet = SheetModel(detent: .small, travel: 22)
        sheet.beginDrag(pointerRow: 19, time: 0)
        XCTAssertEqual(sheet.settleTarget, .small)
        sheet.drag(pointerRow: 18, time: 0.04)
        sheet.drag(pointerRow: 17, time: 0.08)
        XCTAssertEqual(sheet.settleTarget, .medium)
        sheet.drag(pointerRow: 17, time: 0.5)  // held still
        XCTAssertEqual(sheet.settleTarget, .small)
    }
}
