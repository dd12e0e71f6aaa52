import XCTest
import Foundation
import Frame
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The Import tab's preview lines its columns up for titles with control and bidi
/// characters as the Map's list does: each is drawn as a visible symbol one cell wide
/// (`SafeText`) and measured as drawn, so every coordinate starts in the same column.
final class ImportPreviewHiddenCharactersTests: XCTestCase {
    func testTitlesWithControlAndBidiCharactersKeepTheColumns() throws {
        let folder = try makeTempFolder()
        let path = folder.path + "/hidden.csv"
        let csv = "title,latitude,longitude,category\n"
            + "\"ctrl\u{01}\u{07}\u{1B}[31mred\u{7F} tab\there\",37.5,127.0,cafe\n"
            + "\"\u{202E}reversed title\",37.6,127.1,park\u{202E}\n"
            + "Plain title,37.7,127.2,view\n"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        XCTAssertEqual(r.text.replacingOccurrences(of: folder.path, with: "<folder>"), """

          Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


          File: <folder>/hidden.csv

          CSV · encoding UTF-8 · delimiter , · 144 B
          columns: category ← "category", latitude ← "latitude",
          longitude ← "longitude", title ← "title"
          first rows:
            ctrl␁␇␛[31mred␡ tab␉here  37.5, 127    cafe
            �reversed title           37.6, 127.1  park�
            Plain title               37.7, 127.2  view








         Enter or y imports · e edits the path · typing starts a new one · ? help
         medium · 5 of 5 pins in view · Busan Tower                              ? help
               1 Map             2 Timeline           3 Import           4 Settings
        """)
    }
}
