import XCTest
import Foundation
import PinModel
@testable import PinmapCore

/// A runtime that answers view reads before the next paint (`pinmap render`, the benchmark)
/// lays the map out once at start-up, from the first view's markers: not for the settings'
/// world view, nor for the timeline's or the fit's answer that come while that read is on its way.
final class StartUpLayoutTests: XCTestCase {
    private let today = Date(timeIntervalSince1970: 1_764_979_200)  // 2025-12-06

    /// The state after the store opened with no saved view: a fit and a view read asked for.
    private func opened(readsBeforePaint: Bool) -> AppState {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        _ = state.update(.view(.readsBeforePaint(readsBeforePaint)), now: 0)
        let fx = state.update(.store(.opened(settings: [:], today: today)), now: 0)
        XCTAssertEqual(fx.filter { if case .loadView = $0 { true } else { false } }.count, 1, "the first view read")
        return state
    }

    func testAnswersThatComeWhileTheFirstViewReadIsOnItsWayAreNotLaidOut() {
        var state = opened(readsBeforePaint: true)
        XCTAssertTrue(state.map.scene == nil, "the world before the first read is not laid out")
        _ = state.update(.timeline(.restarted(newestPinDay: nil, today: today)), now: 0)
        XCTAssertTrue(state.map.scene == nil, "the timeline's answer leaves the layout to the view read's")
    }

    func testWithLanesTheMapIsLaidOutForThePaintBeforeTheReadIsAnswered() {
        var state = opened(readsBeforePaint: false)
        _ = state.update(.timeline(.restarted(newestPinDay: nil, today: today)), now: 0)
        XCTAssertNotNil(state.map.scene, "a frame is painted while the read runs")
    }

    func testAFailedReadIsLaidOut() {
        var state = opened(readsBeforePaint: true)
        _ = state.update(.store(.failed(StoreError("disk I/O error"))), now: 0)
        XCTAssertNotNil(state.map.scene, "no markers are coming: the map is drawn as it is")
    }
}
