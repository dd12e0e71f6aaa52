import XCTest
import Frame
@testable import GeoMap

/// The selected pin's title goes right of its glyph, or left when it does not fit whole on
/// the right and the left has more room: it is cut only when neither side holds it.
final class SelectedTitleSideTests: XCTestCase {
    /// One selected pin titled "창경궁 대온실" (13 cells) in the middle of the column that
    /// starts `col` cells into a 100 × 30 pane (3.6° a column at zoom 1).
    private func placed(col: Int, title: String = "창경궁 대온실") -> PlacedMarker? {
        let pane = Rect(x: 0, y: 0, width: 100, height: 30)
        let v = Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1)
        let lon = 3.6 * Double(col - 50) + 1.8
        let m = MapMarker(id: 1, latitude: 1, longitude: lon, title: title, selected: true)
        return MarkerLayout.place([m], viewport: v, pane: pane, ascii: false).first
    }

    func testATitleThatFitsOnTheRightStaysThere() throws {
        let p = try XCTUnwrap(placed(col: 85))  // 13 cells right of the glyph and its space
        XCTAssertEqual(p.col, 85)
        XCTAssertEqual(p.label, " 창경궁 대온실")
        XCTAssertEqual(p.labelCol, 86)
    }

    func testATitleThatNoLongerFitsOnTheRightMovesWholeToTheLeft() throws {
        let p = try XCTUnwrap(placed(col: 86))  // 12 cells on the right, 85 on the left
        XCTAssertEqual(p.label, "창경궁 대온실 ")
        XCTAssertEqual(p.labelCol, 72)
        XCTAssertEqual(p.labelWidth, 14)
    }

    func testATitleLongerThanBothSidesIsCutOnTheWiderOne() throws {
        let long = String(repeating: "가", count: 30)  // 60 cells, more than the 32 a title may take
        let right = try XCTUnwrap(placed(col: 10, title: long))
        XCTAssertEqual(right.label, " " + String(repeating: "가", count: 15) + "…")
        let left = try XCTUnwrap(placed(col: 90, title: long))
        XCTAssertEqual(left.label, String(repeating: "가", count: 15) + "… ")
        XCTAssertEqual(left.labelCol, 90 - 1 - 31, "15 wide characters and the ellipsis: 31 cells")
    }
}
