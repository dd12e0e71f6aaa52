import XCTest
import Frame
@testable import GeoMap

/// Debug views: print frames so a person can look at them
/// (`PINMAP_PREVIEWS=1 swift test --filter PreviewTests`); not part of the default suite (the
/// golden frames check what is drawn). Each also checks that the frame holds a plausible
/// amount of line art, so none can silently draw nothing.
final class PreviewTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PINMAP_PREVIEWS"] == "1", "previews: PINMAP_PREVIEWS=1")
    }

    private func nonBlank(_ s: Screen) -> Int { s.cells.filter { $0.text != " " && !$0.text.isEmpty }.count }

    func testPrintWorldBraille() {
        let s = Fixture.render(.world)
        print(s.text())
        XCTAssertGreaterThan(nonBlank(s), 800)
    }

    func testPrintWorldASCII() {
        let s = Fixture.render(.world, options: MapOptions(ascii: true))
        print(s.text())
        XCTAssertGreaterThan(nonBlank(s), 800)
    }

    func testPrintKoreaWithPins() {
        var pins = Fixture.seoulPins
        pins[1].selected = true
        let vp = Fixture.korea
        let s = Fixture.render(vp, markers: Clusterer.cluster(pins, viewport: vp, pane: Fixture.pane100x30))
        print("zoom \(vp.zoom) centre \(vp.center)")
        print(s.text())
        XCTAssertGreaterThan(nonBlank(s), 150)
    }

    func testPrintAntimeridian() {
        let s = Fixture.render(Viewport(center: GeoPoint(latitude: 60, longitude: 180), zoom: 4))
        print(s.text())
        XCTAssertGreaterThan(nonBlank(s), 150)
    }
}
