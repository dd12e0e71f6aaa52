import XCTest
import PinModel
import PinmapCore

/// The importer's notes and out-of-range reasons carry their values (`ImportNote`,
/// `OutOfRange`); the core words them from those values in English and Korean. English reads
/// as `pinmap import` prints it.
final class ImportWordingTests: XCTestCase {
    private let notes: [ImportNote] = [
        .noDataRows, .nothingImported, .dryRun,
        .skipped(count: 1, .route), .skipped(count: 2, .route), .skipped(count: 1, .track), .skipped(count: 3, .track),
        .skipped(count: 1, .featureWithNullGeometry), .skipped(count: 2, .featureWithNullGeometry),
        .skipped(count: 1, .featureWithEmptyGeometry), .skipped(count: 4, .featureWithEmptyGeometry),
        .skipped(count: 1, .featureWithGeometry("LineString")), .skipped(count: 3, .featureWithGeometry("LineString")),
        .skipped(count: 1, .placemarkWithGeometry("Polygon")), .skipped(count: 2, .placemarkWithGeometry("gx:Track")),
        .skipped(count: 1, .placemarkWithOnlyAddress), .skipped(count: 2, .placemarkWithOnlyAddress),
        .skipped(count: 1, .placemarkWithoutGeometry), .skipped(count: 5, .placemarkWithoutGeometry),
        .skipped(count: 1, .multiGeometryPart("LineString")), .skipped(count: 2, .multiGeometryPart("Polygon")),
        .skipped(count: 1, .collectionPart("LineString")), .skipped(count: 2, .collectionPart("Polygon")),
        .skipped(count: 1, .nullShape), .skipped(count: 2, .nullShape), .skipped(count: 1, .shape("line")), .skipped(count: 2, .shape("polygon")),
        .skippedTable(table: "roads", geometry: "LINESTRING", features: 2), .skippedTable(table: "r", geometry: "POLYGON", features: 1),
        .skippedTable(table: "gone", geometry: "POLYGON", features: nil),
        .crsNotUsed(crs: "EPSG:5186", because: .wgs84Format("GPX")), .crsNotUsed(crs: "EPSG:5186", because: .geoJSONPositions),
        .crsNotUsed(crs: "EPSG:5186", because: .fileNamesItsOwn),
        .externalEntities(references: ["&x;"], count: 1), .externalEntities(references: ["&a;", "&b;"], count: 2),
        .externalEntities(references: ["&a;", "&b;", "&c;", "&d;", "&e;"], count: 7),
        .noAttributeTable, .undecodableAttributes(count: 1, encoding: "CP949"), .undecodableAttributes(count: 12, encoding: "CP949"),
        .shapefilesRead(names: ["a.shp", "b.shp"]), .shapefilesRead(names: ["a.shp", "b.shp", "c/d.shp"]),
        .networkLinks(links: ["https://x.example/a.kml"], count: 1), .networkLinks(links: ["a.kml", "b.kml", "c.kml"], count: 5),
        .skippedBeforeHeader(headerLine: 3, lines: ["현황"]), .skippedBeforeHeader(headerLine: 4, lines: ["Report", "Seoul"]),
    ]

    func testEveryNoteReadsInEnglishAsTheCommandLinePrintsIt() {
        for note in notes {
            XCTAssertEqual(Strings.speaking(.english) { ImportNoteText.text(note) }, note.description)
        }
        XCTAssertEqual(ImportNote.skipped(count: 2, .collectionPart("Polygon")).description,
                       "skipped 2 Polygon geometries inside GeometryCollections")
    }

    func testNotesInKorean() {
        let korean = [ImportNote.crsNotUsed(crs: "EPSG:5186", because: .wgs84Format("GPX")), .crsNotUsed(crs: "EPSG:5186", because: .fileNamesItsOwn),
                      .externalEntities(references: ["&a;", "&b;", "&c;", "&d;", "&e;"], count: 7), .noAttributeTable,
                      .undecodableAttributes(count: 12, encoding: "CP949"), .skippedTable(table: "gone", geometry: "POLYGON", features: nil),
                      .skipped(count: 2, .multiGeometryPart("Polygon")), .networkLinks(links: ["a.kml", "b.kml", "c.kml"], count: 5),
                      .skippedBeforeHeader(headerLine: 4, lines: ["Report", "Seoul"]),
                      .shapefilesRead(names: ["a.shp", "b.shp", "c.shp"])]
        XCTAssertEqual(Strings.speaking(.korean) { korean.map(ImportNoteText.text) }, [
            "--crs EPSG:5186은(는) 쓰지 않았습니다: GPX 좌표는 정의상 WGS84 경도, 위도입니다",
            "--crs EPSG:5186은(는) 쓰지 않았습니다: 파일이 자체 좌표계를 지정합니다",
            "외부 엔티티 &a;, &b;, &c;, &d;, &e; 외 2개은(는) 이 파일 밖의 파일을 가리켜 읽지 않았습니다. 그 참조는 빼 두었습니다",
            ".dbf 없음: 속성 없이 점만 가져왔습니다",
            "속성 값 12개가 올바른 CP949 글자가 아니어서 뺐습니다",
            "gone 테이블을 건너뛰었습니다: POLYGON 지오메트리(피처 ?개). Pinmap은 점만 읽습니다",
            "MultiGeometry 플레이스마크의 Polygon 부분 2개를 건너뛰었습니다",
            "이 파일에는 네트워크 링크 5개(a.kml, b.kml, c.kml 외 2개)가 있습니다. 장소는 링크된 파일에 있고 Pinmap은 그 파일을 받아 오지 않습니다. "
                + "내려받아 가져오세요 (Google 내 지도에서는 \"데이터를 최신 상태로 유지\"를 끄고 KML로 내보내세요)",
            #"머리글은 4번째 줄입니다. 그 위의 2줄("Report", "Seoul")은 제목으로 보고 건너뛰었습니다"#,
            "zip의 Shapefile 3개를 차례로 읽었습니다: a.shp, b.shp, c.shp (분류가 없는 핀은 파일 이름이 분류가 됩니다)",
        ])
    }

    /// The range, the swap and the projected-metres advice come from the issue's values, not
    /// from its English sentence (here one that names none of them).
    func testOutOfRangeIsWordedFromItsValues() {
        var issue = RowIssue(field: .column("lat"), value: "120", reason: "elsewhere", outOfRange: OutOfRange(.outside(.latitude), swapped: true))
        XCTAssertEqual(Strings.speaking(.english) { ImportResultText.reason(issue) },
                       "lat 120 outside [-90, 90]; the latitude and longitude look swapped")
        XCTAssertEqual(Strings.speaking(.korean) { ImportResultText.reason(issue) },
                       "lat 120은(는) [-90, 90] 범위 밖입니다; 위도와 경도가 바뀐 것 같습니다")
        issue.outOfRange = OutOfRange(.outside(.longitude), projectedMetres: true)
        issue.field = .longitude(key: "geometry.coordinates[0]")
        XCTAssertEqual(Strings.speaking(.english) { ImportResultText.reason(issue) },
                       "longitude 120 outside [-180, 180]; projected metres, not degrees? `pinmap import FILE --crs EPSG:5186` (their system) reads them")
        issue.field = .column("lat")
        issue.outOfRange = OutOfRange(.notTransformable(system: "EPSG:5186, Korea 2000"))
        XCTAssertEqual(Strings.speaking(.korean) { ImportResultText.reason(issue) },
                       "lat '120'은(는) EPSG:5186, Korea 2000에서 WGS84로 변환할 수 없습니다")
    }

    /// A column keeps its header; Pinmap's own parts of a record are worded, whatever key the
    /// format writes them under; the key stays what the CLI and JSON show.
    func testRowFieldsAreWordedByWhatTheyAre() {
        let fields: [RowField] = [.column("latitude"), .column("위도"), .extraColumn(5), .record, .row,
                                  .latitude(key: "geometry.coordinates[1]"), .longitude(key: "lon"), .title(key: "properties.title"),
                                  .geometry(key: "shape"), .member("type")]
        XCTAssertEqual(Strings.speaking(.english) { fields.map(ImportResultText.field) },
                       ["latitude", "위도", "(column 5)", "(record)", "(row)", "latitude", "longitude", "title", "geometry", "type"])
        XCTAssertEqual(Strings.speaking(.korean) { fields.map(ImportResultText.field) },
                       ["latitude", "위도", "(5번째 열)", "(레코드)", "(행)", "위도", "경도", "제목", "지오메트리", "type"])
        XCTAssertEqual(fields.map(\.key), ["latitude", "위도", "(column 5)", "(record)", "(row)", "geometry.coordinates[1]", "lon",
                                           "properties.title", "shape", "type"])
    }

    /// What the importer builds carries the values the UI words.
    func testTheParserFillsTheValues() {
        let issues = CoordinateParser.rangeIssues(latitude: 127, longitude: 37, latText: "127", lonText: "37", latField: .column("lat"), lonField: .column("lon"))
        XCTAssertEqual(issues.map(\.outOfRange), [OutOfRange(.outside(.latitude), swapped: true)])
        XCTAssertEqual(issues.map(\.reason), ["latitude 127 outside [-90, 90]; the latitude and longitude look swapped"])
    }

    /// A file with no point features names what it skipped from the counts, in either language.
    func testNoPointsNamesTheSkippedKindsInTheUIsLanguage() {
        let failure = ImportFailure(file: "lines.shp", .noPoints(skipped: [SkippedCount(2, .shape("line")), SkippedCount(1, .nullShape)]))
        XCTAssertEqual(Strings.speaking(.english) { failure.text },
                       "lines.shp: no point features (2 line shapes skipped, 1 null shape skipped); nothing was imported")
        XCTAssertEqual(Strings.speaking(.korean) { failure.text },
                       "lines.shp: 점 피처가 없습니다(line 도형 2개 건너뜀, null 도형 1개 건너뜀). 아무것도 가져오지 않았습니다")
    }

    /// Duplicates none of which is listed by line (a server's import learns only how many of
    /// its pins the store had) are said as such; listed ones are followed by "… N more".
    func testDuplicatesNoneListedAreSaidAsPinsTheStoreHad() {
        var report = ImportReport(file: "a.csv")
        report.duplicates = 45
        XCTAssertEqual(Strings.speaking(.english) { ImportResultText.summary(report).last }, "45 duplicates: pins the store already had")
        report.duplicates = 1
        XCTAssertEqual(Strings.speaking(.english) { ImportResultText.summary(report).last }, "1 duplicate: a pin the store already had")
        XCTAssertEqual(Strings.speaking(.korean) { ImportResultText.summary(report).last }, "중복 1개: 저장소에 이미 있던 핀")
        report.addDuplicate(DuplicateRow(line: 4, ofLine: 2))  // counted too
        report.duplicates = 3
        XCTAssertEqual(Strings.speaking(.english) { Array(ImportResultText.summary(report).suffix(2)) }, ["line 4 repeats line 2", "… 2 more duplicates"])
    }

    /// `{0:one|other}` picks by the argument; each string takes its typed arguments.
    func testPluralChoiceInTheEnglishTable() {
        XCTAssertEqual(Strings.speaking(.english) { [S.noteUndecodable(1, "UTF-8"), S.noteUndecodable(3, "UTF-8"), S.skRoute(1), S.skRoute(0)] },
                       ["1 attribute value was not valid UTF-8 and left out", "3 attribute values were not valid UTF-8 and left out", "route", "routes"])
        XCTAssertEqual(Strings.speaking(.korean) { S.skRoute(3) }, "경로")
    }
}
