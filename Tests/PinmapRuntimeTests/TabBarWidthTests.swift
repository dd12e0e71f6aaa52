import XCTest
import Frame
import GeoMap
import PinmapCore
@testable import PinmapRuntime
import PinmapCoreTestSupport

/// At every width where the tab bar is drawn, every tab keeps its number
/// (at 40 columns two lost it: `1 Map    Timeline  3 Import  Settings`).
final class TabBarWidthTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    func testEveryTabKeepsItsNumberAtEveryWidth() throws {
        for language in [Language.english, .korean] {
            Strings.language = language
            for cols in Layout.minCols...140 {
                var state = AppState(cols: cols, rows: 12, color: false, reducedMotion: true)
                state.feed(.showTab(.settings))
                let bar = state.render().line(11)
                // The digits, in order, are the tabs' numbers (no title holds one).
                XCTAssertEqual(bar.filter(\.isNumber), "1234", "\(language) \(cols) cols: \(bar)")
            }
        }
    }

    func testTheFortyColumnFrame() throws {
        for (language, prefix) in [(Language.english, ""), (.korean, "ko-")] {
            Strings.language = language
            let r = try FrameGolden.runner(cols: 40, rows: 12, places: language == .korean ? .korean : .english, in: self)
            FrameGolden.check(r.frame(), prefix + "tabbar")
        }
    }
}
