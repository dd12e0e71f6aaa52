import XCTest
import Foundation
import GeoMap
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The fit the app asks for by itself when a store opens without a saved view: on a million
/// pins its answer comes seconds later, and a zoom or pan made meanwhile must stay.
final class QuietFitTests: XCTestCase {
    private let today = Date(timeIntervalSince1970: 1_764_979_200)  // 2025-12-06
    private let seoul = LatLonBox(south: 37.45, west: 126.8, north: 37.7, east: 127.15)

    /// A store opened with no saved view: the fit is on its way.
    private func opened() -> AppState {
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        s.feed(.store(.opened(settings: [:], today: today)))
        s.receiveView(total: 45, inView: 45)
        return s
    }

    func testALateFitDoesNotUndoTheUsersZoomAndPan() {
        var s = opened()
        s.press(.char("+"))
        s.press(.char("l"))
        var zoomed = s  // as if the fit never answered
        s.feed(.view(.pinsBounds(seoul, announce: false)))
        // The frame follows once the view read the answer asked for comes back.
        s.receiveView(total: 45, inView: 0)
        zoomed.receiveView(total: 45, inView: 0)
        XCTAssertEqual(s.render().text(), zoomed.render().text())
        XCTAssertEqual(StatusLineView.left(s), "medium · 0 of 45 pins in view · [list] · centre near Lieto, FI · 60.5N 22.5E · z2")
    }

    func testTheFitMovesAMapNobodyMoved() {
        var s = opened()
        _ = s.update(.input(.resize(cols: 100, rows: 30)), now: 0)  // not a move of the user's
        s.feed(.view(.pinsBounds(seoul, announce: false)))
        XCTAssertEqual(StatusLineView.left(s), "medium · 45 of 45 pins in view · [list] · centre near Seoul, KR · 37.575N 126.975E · z432")
    }

    func testFAskedByTheUserIsShownWhateverMovedSince() {
        var s = opened()
        s.press(.char("F"))
        s.press(.char("+"))
        s.feed(.view(.pinsBounds(seoul, announce: true)))
        XCTAssertEqual(StatusLineView.left(s), "medium · 45 of 45 pins in view · [list] · centre near Seoul, KR · 37.575N 126.975E · z396")
    }
}
