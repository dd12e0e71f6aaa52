import XCTest
import PinModel
@testable import PinImport

/// A Google Takeout saved list (`Title,Note,URL,Tags,Comment`) is read through its links: a
/// dropped pin's `/search/LAT,LON`, a place link's `!3dLAT!4dLON`. The whole file was refused
/// ('no coordinate columns'), losing the rows whose links hold a position.
final class TakeoutListTests: XCTestCase {
    private func scan(_ text: String) throws -> (PinFileScanner, [ScanEvent]) {
        let path = try temporaryFile(Array(text.utf8))
        var scanner = try PinFileScanner.open(path: path, overrides: ColumnOverrides())
        var events: [ScanEvent] = []
        while let e = try scanner.next() { events.append(e) }
        return (scanner, events)
    }

    func testALinkWithAPositionIsAPinAndOneWithoutIsARejectedRowSayingWhy() throws {
        let place = "https://www.google.com/maps/place/Gyeongbokgung/data=!4m2!3m1!1s0x357ca2c74aeddea1:0x8b3046532cc715f6"
        let tower = "https://www.google.com/maps/place/N+Seoul+Tower/@37.5511,126.9882,17z/data=!3m1!4b1!4m6!3m5!8m2!3d37.5512!4d126.9883"
        let (scanner, events) = try scan("""
            Title,Note,URL,Tags,Comment
            ,,,,
            Gyeongbokgung,great,\(place),,
            Dropped pin,,"https://www.google.com/maps/search/37.5665,126.978",,mine
            N Seoul Tower,,"\(tower)",tower,
            No link,,,,

            """)
        XCTAssertEqual(scanner.columnsUsed.byName, ["name": "Title", "latitude": "URL", "longitude": "URL", "description": "Note"])
        let pins = events.compactMap { if case let .pin(p) = $0 { return p }; return nil }
        XCTAssertEqual(pins.map { "\($0.line) \($0.title) \($0.latitude) \($0.longitude) \($0.properties)" }, [
            #"4 Dropped pin 37.5665 126.978 {"URL":"https://www.google.com/maps/search/37.5665,126.978","Comment":"mine"}"#,
            #"5 N Seoul Tower 37.5512 126.9883 {"URL":"\#(tower)","Tags":"tower"}"#])
        let rejected = events.compactMap { if case let .rejected(issues, _) = $0 { return issues }; return nil }.flatMap { $0 }
        XCTAssertEqual(rejected.map { "\($0.line) \($0.field) \($0.rule.rawValue) \($0.value) | \($0.reason)" }, [
            "3 URL no-coordinates \(place) | the link holds no coordinates (a place's link names it by an id only); "
                + "import Takeout's \"Saved Places.json\" (starred places, with coordinates), or open the list in Google My Maps and export it as KML",
            "6 URL empty-coordinate  | no link, so no coordinates"])
    }
}
