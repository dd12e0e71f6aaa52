import XCTest
import Foundation
import Frame
import PinImport
import PinStore
import GeoMap
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport

/// A partial import lists every reason on the Import tab; the import's columns, reasons,
/// notes and errors are in the UI's language.
final class ImportReasonsTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    /// The test's own folder, under /tmp: the frames show the path (masked).
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try makeTempFolder(under: "/tmp") }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = URL(fileURLWithPath: folder.path).appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// 2 good rows and `bad` rejected ones (latitudes 91, 92, …).
    private static func partialCSV(bad: Int = 6) -> String {
        "name,lat,lon,category\nTower,37.5,126.9,view\nPark,37.6,127.0,park\n"
            + (1...bad).map { "Bad \($0),\(90 + $0),126.9,x\n" }.joined()
    }

    private func importPartial(cols: Int, rows: Int, bad: Int = 6) throws -> AppRunner {
        let path = try file("partial.csv", Self.partialCSV(bad: bad))
        let r = try UIFixtures.sqliteRunner(cols: cols, rows: rows)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        r.key(.enter)
        return r
    }

    func testPartialImportWarnsAndEveryReasonScrollsIntoView80x24() throws {
        let r = try importPartial(cols: 80, rows: 24, bad: 20)
        XCTAssertEqual(TempFolder.masked(r.text), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File: /tmp/pinmap-test-XXXXXX/partial.csv


              partial.csv: 2 imported, 20 rejected, 0 duplicates skipped (import #1; u
              undoes it)
              CSV · encoding UTF-8 · delimiter ,
              columns: category ← "category", latitude ← "lat", longitude ← "lon",
              title ← "name"
              line 4: lat 91 outside [-90, 90]
              line 5: lat 92 outside [-90, 90]
              line 6: lat 93 outside [-90, 90]
              line 7: lat 94 outside [-90, 90]
              line 8: lat 95 outside [-90, 90]
              line 9: lat 96 outside [-90, 90]
              line 10: lat 97 outside [-90, 90]
              line 11: lat 98 outside [-90, 90]
              0 lines above, 12 below: ↑↓ PgUp PgDn scroll
             u undo import · Enter or typing: new path · e edits the last path · ? help
             medium · 7 of 7 pins in view · Busan Tower                              ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
        r.key(.pageDown)
        XCTAssertEqual(TempFolder.masked(r.text), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File: /tmp/pinmap-test-XXXXXX/partial.csv


              line 10: lat 97 outside [-90, 90]
              line 11: lat 98 outside [-90, 90]
              line 12: lat 99 outside [-90, 90]
              line 13: lat 100 outside [-90, 90]
              line 14: lat 101 outside [-90, 90]
              line 15: lat 102 outside [-90, 90]
              line 16: lat 103 outside [-90, 90]
              line 17: lat 104 outside [-90, 90]
              line 18: lat 105 outside [-90, 90]
              line 19: lat 106 outside [-90, 90]
              line 20: lat 107 outside [-90, 90]
              line 21: lat 108 outside [-90, 90]
              line 22: lat 109 outside [-90, 90]
              11 lines above, 1 below: ↑↓ PgUp PgDn scroll
             u undo import · Enter or typing: new path · e edits the last path · ? help
             medium · 7 of 7 pins in view · Busan Tower                              ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    func testKoreanPartialImport100x30() throws {
        Strings.language = .korean
        let r = try importPartial(cols: 100, rows: 30)
        XCTAssertEqual(TempFolder.masked(r.text), """

              CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage, Shapefile에서 핀 가져오기


              파일: /tmp/pinmap-test-XXXXXX/partial.csv


              partial.csv: 2개 가져옴, 6개 거부, 중복 0개 건너뜀 (가져오기 #1; u로 되돌리기)
              CSV · 인코딩 UTF-8 · 구분자 ,
              열: 분류 ← "category", 위도 ← "lat", 경도 ← "lon", 제목 ← "name"
              4행: lat 91은(는) [-90, 90] 범위 밖입니다
              5행: lat 92은(는) [-90, 90] 범위 밖입니다
              6행: lat 93은(는) [-90, 90] 범위 밖입니다
              7행: lat 94은(는) [-90, 90] 범위 밖입니다
              8행: lat 95은(는) [-90, 90] 범위 밖입니다
              9행: lat 96은(는) [-90, 90] 범위 밖입니다











             u 가져오기 되돌리기 · Enter 또는 입력: 새 경로 · e 지난 경로 고치기 · ? 도움말
             중간 · 보이는 핀 7/7개 · Busan Tower                                                      ? 도움말
                     1 지도                 2 타임라인               3 가져오기                 4 설정
            """)
    }

    func testKoreanPreviewColumnsAndReasons80x24() throws {
        Strings.language = .korean
        let path = try file("partial.csv", Self.partialCSV())
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        XCTAssertEqual(TempFolder.masked(r.text), """

              CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage, Shapefile에서 핀 가져오기


              파일: /tmp/pinmap-test-XXXXXX/partial.csv

              CSV · 인코딩 UTF-8 · 구분자 , · 167 B
              열: 분류 ← "category", 위도 ← "lat", 경도 ← "lon", 제목 ← "name"
              처음 줄:
                Tower  37.5, 126.9  view
                Park   37.6, 127    park
                ✗ 4행: lat 91은(는) [-90, 90] 범위 밖입니다
                ✗ 5행: lat 92은(는) [-90, 90] 범위 밖입니다
                ✗ 6행: lat 93은(는) [-90, 90] 범위 밖입니다
                ✗ 7행: lat 94은(는) [-90, 90] 범위 밖입니다






             Enter 또는 y 가져오기 · e 경로 고치기 · 입력하면 새 경로 · ? 도움말
             중간 · 보이는 핀 5/5개 · Busan Tower                                  ? 도움말
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
    }

    /// A GeoJSON file's rejected and repeated features, pretty-printed so that feature 2's
    /// latitude is on line 9: the tab names features, never lines, in both languages.
    private static let geoJSON = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.9, 37.5]},
           "properties": {"name": "Tower"}},
          {"type": "Feature",
           "geometry": {
             "type": "Point",
             "coordinates": [
               126.9,
               95.0
             ]
           },
           "properties": {"name": "North"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.9, 37.5]},
           "properties": {"name": "Tower"}}
        ]}
        """

    private func geoJSONFrames() throws -> (preview: String, result: String) {
        let path = try file("places.geojson", Self.geoJSON)
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        let preview = TempFolder.masked(r.text)
        r.key(.enter)
        return (preview, TempFolder.masked(r.text))
    }

    func testAGeoJSONFeatureIsNamedAsAFeatureNotALine80x24() throws {
        let frames = try geoJSONFrames()
        XCTAssertEqual(frames.preview, """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File: /tmp/pinmap-test-XXXXXX/places.geojson

              GeoJSON · encoding UTF-8 · 444 B
              columns: category ← "properties.category", created ← "properties.created_at",
              description ← "properties.description", latitude ← "geometry",
              longitude ← "geometry", title ← "properties.title|name"
              first rows:
                Tower  37.5, 126.9
                ✗ feature 2: latitude 95.0 outside [-90, 90]
                Tower  37.5, 126.9







             Enter or y imports · e edits the path · typing starts a new one · ? help
             medium · 5 of 5 pins in view · Busan Tower                              ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
        XCTAssertEqual(frames.result, """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File: /tmp/pinmap-test-XXXXXX/places.geojson


              places.geojson: 1 imported, 1 rejected, 1 duplicate skipped (import #1; u
              undoes it)
              GeoJSON · encoding UTF-8
              columns: category ← "properties.category", created ← "properties.created_at",
              description ← "properties.description", latitude ← "geometry",
              longitude ← "geometry", title ← "properties.title|name"
              feature 2: latitude 95.0 outside [-90, 90]
              feature 3 repeats feature 1






             u undo import · Enter or typing: new path · e edits the last path · ? help
             medium · 6 of 6 pins in view · Busan Tower                              ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    func testKoreanGeoJSONFeatureIsNamedAsAFeature80x24() throws {
        Strings.language = .korean
        let frames = try geoJSONFrames()
        XCTAssertEqual(frames.preview, """

              CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage, Shapefile에서 핀 가져오기


              파일: /tmp/pinmap-test-XXXXXX/places.geojson

              GeoJSON · 인코딩 UTF-8 · 444 B
              열: 분류 ← "properties.category", 만든 날짜 ← "properties.created_at",
              설명 ← "properties.description", 위도 ← "geometry", 경도 ← "geometry",
              제목 ← "properties.title|name"
              처음 줄:
                Tower  37.5, 126.9
                ✗ 2번 피처: 위도 95.0은(는) [-90, 90] 범위 밖입니다
                Tower  37.5, 126.9







             Enter 또는 y 가져오기 · e 경로 고치기 · 입력하면 새 경로 · ? 도움말
             중간 · 보이는 핀 5/5개 · Busan Tower                                  ? 도움말
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
        XCTAssertEqual(frames.result, """

              CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage, Shapefile에서 핀 가져오기


              파일: /tmp/pinmap-test-XXXXXX/places.geojson


              places.geojson: 1개 가져옴, 1개 거부, 중복 1개 건너뜀 (가져오기 #1; u로
              되돌리기)
              GeoJSON · 인코딩 UTF-8
              열: 분류 ← "properties.category", 만든 날짜 ← "properties.created_at",
              설명 ← "properties.description", 위도 ← "geometry", 경도 ← "geometry",
              제목 ← "properties.title|name"
              2번 피처: 위도 95.0은(는) [-90, 90] 범위 밖입니다
              3번 피처는 1번 피처와 같음






             u 가져오기 되돌리기 · Enter 또는 입력: 새 경로 · e 지난 경로 고치기 · ? 도움말
             중간 · 보이는 핀 6/6개 · Busan Tower                                  ? 도움말
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
    }

    func testKoreanImportErrorsAreOneShortSentencePerKind() throws {
        Strings.language = .korean
        let junk = try file("junk.csv", "\u{1}\u{2}PK\u{3}\u{4}binary junk\n\u{5}\u{6}\n")
        let notCollection = try file("expected.json", #"{"name": "x"}"#)
        let fifo = folder.path + "/fifo.csv"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        var shown: [String] = []
        for path in [fifo, folder.path, "/dev/zero", junk, notCollection, folder.path + "/missing.csv"] {
            let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
            r.char("3")
            for ch in path { r.char(ch) }
            r.key(.enter)
            shown.append(TempFolder.masked(r.state.importTab.error ?? ""))
        }
        XCTAssertEqual(shown, ["fifo.csv은(는) 파일이 아니라 파이프(FIFO)입니다. 먼저 파일로 저장하세요", "pinmap-test-XXXXXX은(는) 폴더입니다. 안의 파일을 고르세요", "zero은(는) 파일이 아니라 장치입니다", "junk.csv: 위도·경도(또는 이름) 열을 찾을 수 없습니다. 열 이름을 lat, lon, name으로 바꾸세요", "expected.json: GeoJSON FeatureCollection이 아닙니다", "missing.csv: 그런 파일이 없습니다"])
    }

    func testKoreanSkipNotes() {
        Strings.language = .korean
        defer { Strings.language = .english }
        XCTAssertEqual([ImportNote.skipped(count: 1, .route), .skipped(count: 2, .track), .skipped(count: 1, .featureWithNullGeometry),
                        .skipped(count: 3, .placemarkWithGeometry("Polygon")), .noDataRows]
                        .map(ImportNoteText.text), ["경로 1개를 건너뛰었습니다", "트랙 2개를 건너뛰었습니다", "지오메트리가 null인 피처 1개를 건너뛰었습니다",
                                                "Polygon 지오메트리 플레이스마크 3개를 건너뛰었습니다", "파일에 데이터 행이 없습니다"])
        Strings.language = .english
        XCTAssertEqual(ImportNoteText.text(.skipped(count: 2, .track)), "skipped 2 tracks")
    }
}
