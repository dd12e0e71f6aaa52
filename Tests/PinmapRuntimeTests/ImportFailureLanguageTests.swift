import XCTest
import PinModel
import PinmapCore

/// Every file-level import failure the UI shows is worded by the core from values: in Korean
/// no English sentence of ours remains. A library's message (`⟨detail⟩` here), a file name,
/// quoted text and `code` may stay as written.
final class ImportFailureLanguageTests: XCTestCase {
    private static let detail = "⟨detail⟩"

    /// One failure per reason and per typed problem, XML's too (`label` fails to compile for a
    /// new reason).
    private let reasons: [ImportFailure.Reason] = {
        let d = detail
        let causes: [CoordinateSystemProblem.Cause] = [.empty, .notADefinition, .unreadable(proj: d), .operation, .noWGS84,
                                                      .noOperation(proj: d), .axisOrder(proj: d)]
        let sources: [CoordinateSystemSource?] = [nil, .option, .prj, .geoJSONMember, .geoPackageTable("roads", srsID: 5186)]
        var crs: [ImportFailure.Reason] = [.coordinateSystem(.option, .projUnavailable),
                                           .coordinateSystem(.option, .projMissing(reason: d)),
                                           .coordinateSystem(nil, .undefinedCartesian(table: "roads"))]
        for source in sources {
            for cause in causes {
                crs.append(.coordinateSystem(source, .unknown(definition: "\"EPSG:99999\"", cause, missingDatabase: false)))
            }
        }
        crs.append(.coordinateSystem(.prj, .unknown(definition: "\"EPSG:99999\"", .noWGS84, missingDatabase: true)))
        let xml: [XMLProblem] = XMLParserFault.allCases.map { .parser($0) } + XMLFlood.allCases.map { .flood($0, limit: 10_000) }
            + [.invalidUnicode, .notUTF8, .endsEarly(root: "gpx", innermost: nil, open: 1), .endsEarly(root: "kml", innermost: "Placemark", open: 3),
               .nulCharacter, .doubleHyphenInComment, .notXML(expected: "GPX")]
        crs += xml.map { .xml(line: 3, column: 7, $0) }
        return [.notFound, .noPermission, .directory, .pipe, .device, .socket, .notRegular, .neitherGPXNorKML,
                .unreadable(d), .changedWhileRead(FileChange(sizeAtStart: 10, sizeNow: 20, bytesRead: 10)), .emptyFile, .empty, .noHeader, .malformedHeader, .decoding, .unknownEncoding,
                .excelWorkbook, .openDocumentSpreadsheet, .numbersSpreadsheet, .binary, .columns, .notGeoJSON(d), .notJSON(d),
                .archive(d),
                .store(.stopped), .store(.stagingCopy(folder: "/tmp", detail: d)), .store(.failed(StoreError(d))),
                .notGeoPackage(.pinmapStore), .notGeoPackage(.noContentsTable(applicationID: "0x0")),
                .notGeoPackage(.missingGeometryColumn(table: "roads", column: "geom")),
                .notGeoPackage(.missingSpatialReference(table: "roads", srsID: 9)),
                .notGeoPackage(.sqlite(table: nil, detail: d)), .notGeoPackage(.sqlite(table: "roads", detail: d)),
                .notShapefile(.tableWithoutShapes), .notShapefile(.part("dbf", shp: "/data/roads.shp")),
                .notShapefile(.missingIndex("roads.shx")), .notShapefile(.damaged), .notShapefile(.unknownCodePage("LDID/87")),
                .noPoints(skipped: [SkippedCount(2, .shape("line"))]), .rejectsFile(path: "/tmp/r.csv", d)] + crs
    }()

    /// Keeps the table whole: a new reason must be added here, and to `reasons`.
    private func label(_ reason: ImportFailure.Reason) -> String {
        switch reason {
        case .notFound, .noPermission, .directory, .pipe, .device, .socket, .notRegular, .neitherGPXNorKML, .unreadable, .changedWhileRead,
             .emptyFile, .empty, .noHeader, .malformedHeader, .decoding, .unknownEncoding, .excelWorkbook,
             .openDocumentSpreadsheet, .numbersSpreadsheet, .binary, .columns, .notGeoJSON, .notJSON, .xml, .archive, .store,
             .coordinateSystem, .notGeoPackage, .notShapefile, .noPoints, .rejectsFile:
            return "\(reason)"
        case .other: return "other: already in words, never a sentence of ours"
        }
    }

    /// Two English words in a row (`the store`, `cannot read`) once what may stay as written is
    /// taken out: the file name, the library's detail, "quoted" text, `code` and a command
    /// (`pinmap import`).
    private func englishSentence(in text: String) -> String? {
        var rest = text.replacingOccurrences(of: "a.csv", with: "").replacingOccurrences(of: Self.detail, with: "")
        for pattern in ["\"[^\"]*\"", "`[^`]*`", "pinmap [a-z]+"] {
            rest = rest.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        guard let r = rest.range(of: "\\b[A-Za-z]{2,} [a-z]+\\b", options: .regularExpression) else { return nil }
        return String(rest[r])
    }

    func testEveryFailureInKoreanHoldsNoEnglishSentenceOfOurs() {
        XCTAssertEqual(Set(reasons.map { label($0).prefix(5) }).count > 20, true)
        for reason in reasons {
            let text = Strings.speaking(.korean) { ImportFailure(file: "a.csv", reason).text }
            XCTAssertNil(englishSentence(in: text), "\(label(reason)): \(text)")
        }
    }

    /// The same check finds the English wording of every reason: it can fail.
    func testTheCheckFindsTheEnglishWording() {
        for reason in reasons {
            let text = Strings.speaking(.english) { ImportFailure(file: "a.csv", reason).text }
            XCTAssertNotNil(englishSentence(in: text), "\(label(reason)): \(text)")
        }
    }

    /// A Shapefile cut short, in both languages, as the command line words it in English.
    func testAShapefileCutShortInBothLanguages() {
        let failure = ImportFailure(file: "b.shp", .notShapefile(.cutShort(declared: 100, actual: 60)))
        XCTAssertEqual(Strings.speaking(.english) { failure.text },
                       "b.shp: the Shapefile cannot be read: its .shp is cut short: its header says 100 bytes, the file holds 60 (cut off in a copy or a download? copy it again); nothing was imported")
        XCTAssertEqual(Strings.speaking(.korean) { failure.text },
                       "b.shp: Shapefile을 읽을 수 없습니다: .shp가 잘렸습니다: 머리글에는 100바이트인데 파일은 60바이트입니다(복사나 내려받기가 중간에 끊겼나요? 다시 복사하세요). 아무것도 가져오지 않았습니다")
    }

    /// Values worded in full, in both languages (PROJ's reason stays quoted).
    func testACoordinateSystemFailureInBothLanguages() {
        let failure = ImportFailure(file: "roads.shp", .coordinateSystem(.prj, .unknown(
            definition: "\"EPSG:99999\"", .unreadable(proj: "crs not found"), missingDatabase: false)))
        XCTAssertEqual(Strings.speaking(.english) { failure.text },
                       "roads.shp: .prj: unknown coordinate reference system \"EPSG:99999\": PROJ cannot read it: \"crs not found\"; nothing was imported")
        XCTAssertEqual(Strings.speaking(.korean) { failure.text },
                       "roads.shp: .prj: 알 수 없는 좌표계 \"EPSG:99999\": PROJ가 읽을 수 없습니다: \"crs not found\". 아무것도 가져오지 않았습니다")
        let table = ImportFailure(file: "a.gpkg", .notGeoPackage(.sqlite(table: "roads", detail: "file is not a database")))
        XCTAssertEqual(Strings.speaking(.korean) { table.text },
                       "a.gpkg: GeoPackage를 읽을 수 없습니다: roads 테이블: SQLite 오류: \"file is not a database\". 아무것도 가져오지 않았습니다")
    }
}
