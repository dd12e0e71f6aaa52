import XCTest
import Frame
import GeoMap
@testable import PinImport
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport
import PinStore
import PinmapCoreTestSupport

/// Messages keep their own words, in Korean too: shortened paths keep their ends, file
/// errors name what is wrong, a place search that finds nothing says so.
final class MessageWordingTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    private func importState(_ folder: FolderListing) -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.importer(.folderListed(folder)), now: 0)
        return state
    }

    private func fileListTitle(_ state: AppState) -> String {
        let top = ImportTabView.fileListTop(state, area: Rect(x: 0, y: 0, width: 80, height: 22))
        return state.render().line(top - 1)
    }

    private let longFolder = "/tmp/t2r/imp/this-is-a-rather-long-directory-name/and-another-long-level-of-folders"

    func testALongFolderIsShortenedInTheMiddleAndTheKoreanSentenceKeepsItsEnd() {
        Strings.language = .korean
        let state = importState(FolderListing(path: longFolder, entries: []))
        XCTAssertEqual(fileListTitle(state), "  /tmp/t2r/imp/this-is-a-rat…her-long-level-of-folders에 가져올 파일이 없습니다")
    }

    func testAMissingFolderSaysNoSuchFolderInBothLanguages() {
        let missing = FolderListing(path: "/tmp/nope", entries: [], error: "x", missing: true)
        XCTAssertEqual(fileListTitle(importState(missing)), "  There is no such folder: /tmp/nope")
        Strings.language = .korean
        XCTAssertEqual(fileListTitle(importState(missing)), "  그런 폴더가 없습니다: /tmp/nope")
    }

    func testXMLThatIsNeitherGPXNorKMLHasACodeAndAKoreanSentence() {
        let e = ImportError.neitherGPXNorKML(path: "/tmp/x/page.csv")
        XCTAssertEqual(e.code, .neitherGPXNorKML)
        Strings.language = .korean
        XCTAssertEqual(UIFileImporter.failure(e).text,
                       "page.csv: GPX(<gpx>)도 KML(<kml>)도 아닌 XML 문서입니다. Pinmap은 CSV, GeoJSON, Google Takeout JSON, GPX, KML, KMZ, GeoPackage, Shapefile 파일을 읽습니다")
    }

    func testTheKoreanDuplicateOfAStorePinNeedsNoParticleAfterTheNumber() {
        Strings.language = .korean
        XCTAssertEqual(S.irDup(DuplicateRow(line: 3, ofPin: 2)), "3행은 저장소의 2번 핀과 같음")
    }

    func testGWithANameNoPlaceHasSaysSoAndEnterTellsIt() {
        Gazetteer.prepareSearch()
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        _ = s.update(.search(.placeIndexReady), now: 0)  // as the worker answers `Effect.preparePlaceIndex`
        _ = s.update(.input(.key(.char("g"))), now: 0)
        for c in "Qzxqv" { _ = s.update(.input(.key(.char(c))), now: 0) }
        let first = s.layout.sheetRect(height: s.sheet.height).y + 2
        XCTAssertEqual(s.render().line(first), "  No place matches “Qzxqv”")
        _ = s.update(.input(.key(.enter)), now: 0)
        XCTAssertEqual(s.feedback.message, "No place matches “Qzxqv”")
        XCTAssertNotNil(s.search.field, "the field stays open to correct the name")
    }

    func testAnEmptyKMLDoesNotTalkAboutAHeaderRow() {
        Strings.language = .korean
        XCTAssertEqual(UIFileImporter.failure(ImportError.emptyFile(path: "/tmp/x/empty.kml")).text, "empty.kml: 빈 파일입니다")
        XCTAssertEqual(UIFileImporter.failure(ImportError.emptyFile(path: "/tmp/x/empty.csv")).text, "empty.csv: 빈 파일입니다 (머리글 행 없음)")
    }

    private func previewFrame(_ preview: ImportPreview) -> String {
        var state = importState(FolderListing(path: "/w", entries: []))
        state.feed(.importer(.previewed(.success(preview))))
        return state.render().text()
    }

    func testTheKeptPropertiesWrapWhenTheRowsBelowHaveRoom() {
        let preview = ImportPreview(path: "/w/airports.csv", format: "CSV", encoding: "UTF-8", delimiter: ",",
                                    columns: [.latitude: "lat", .longitude: "lon", .title: "name"],
                                    properties: ["iata", "icao", "city", "country", "elevation", "timezone", "dst", "type", "source", "tz"],
                                    rows: [], size: 1000)
        XCTAssertEqual(previewFrame(preview), """
            
              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile
            
            
              File:
            
              CSV · encoding UTF-8 · delimiter , · 1.0 kB
              columns: latitude ← "lat", longitude ← "lon", title ← "name"
              kept as properties: "iata", "icao", "city", "country", "elevation",
              "timezone", "dst", "type", "source", "tz"
              no data rows (only the header row)
            
            
            
            
            
            
            
            
            
            
             Type or paste a path · Tab completes · ↑↓ pick a file · Enter previews
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    func testTheSettingsStorePathIsShortenedInTheMiddle() {
        Strings.language = .korean
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        var info = StoreInfo()
        info.path = "/tmp/t2r/a-rather-long-folder-name-for-testing/another-level-of-folders/and-one-more-level/pins.sqlite"
        s.feed(.store(.infoLoaded(info)))
        _ = s.update(.input(.key(.char("4"))), now: 0)
        let frame = s.render().text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = frame.first { $0.contains("pins.sqlite") }
        XCTAssertEqual(line, "  경로     /tmp/t2r/a-rather-long-folder-name…rs/and-one-more-level/pins.sqlite")
    }

    func testABinaryFileSaysItLooksBinaryNotThatColumnsAreMissing() {
        Strings.language = .korean
        let binary = ImportError.columns(path: "/tmp/x/bin.csv", .noCoordinateColumns(headersFound: ["\u{7F}ELF\u{2}\u{0}\u{0}"]))
        XCTAssertEqual(UIFileImporter.failure(binary).text, "bin.csv: CSV 텍스트가 아니라 바이너리 파일로 보입니다 (NUL 바이트가 있음)")
        let text = ImportError.columns(path: "/tmp/x/a.csv", .noCoordinateColumns(headersFound: ["x", "y2"]))
        XCTAssertEqual(UIFileImporter.failure(text).text, "a.csv: 위도·경도(또는 이름) 열을 찾을 수 없습니다. 열 이름을 lat, lon, name으로 바꾸세요")
    }
}
