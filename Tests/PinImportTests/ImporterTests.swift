import Foundation
import PinStore
import XCTest
@testable import PinImport
import PinModel
import PinmapTestSupport

final class ImporterTests: XCTestCase {
    private func importFile(_ name: String, into store: Store, _ options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try Importer.run(path: Fixture.path(name), store: store, options: options)
    }

    private func titles(_ store: Store) throws -> Set<String> {
        Set(try store.pins().map(\.title))
    }

    func testPublicCasesImportIntoAStore() throws {
        let expected = try PublicCases.load()
        for (name, exp) in expected.sorted(by: { $0.key < $1.key }) {
            let store = try Store.inMemory()
            if exp.file_error {
                XCTAssertThrowsError(try importFile("public/\(name)", into: store), name)
                XCTAssertEqual(try store.count(), 0, name)
                continue
            }
            let report = try importFile("public/\(name)", into: store)
            XCTAssertEqual(report.imported, exp.imported, name)
            XCTAssertEqual(report.rejected, exp.rejected, name)
            XCTAssertEqual(try store.count(), exp.imported, name)
            let pins = try store.pins()
            for c in exp.checks {
                guard let p = pins.first(where: { $0.title == c.title }) else { XCTFail("\(name): no \(c.title)"); continue }
                if let lat = c.latitude { XCTAssertEqual(p.latitude, lat, accuracy: 1e-6, "\(name) \(c.title)") }
                if let lon = c.longitude { XCTAssertEqual(p.longitude, lon, accuracy: 1e-6, "\(name) \(c.title)") }
            }
        }
    }

    func testDuplicatesInTheFileAreSkippedAndReported() throws {
        let store = try Store.inMemory()
        let report = try importFile("own/rows-duplicates.csv", into: store)
        XCTAssertEqual(report.imported, 4)
        XCTAssertEqual(report.duplicates, 3)
        XCTAssertEqual(report.duplicateRows.map(\.description),
                       ["line 5 duplicates line 3", "line 8 duplicates line 3", "line 9 duplicates line 2"])
        XCTAssertEqual(try store.count(), 4)
        XCTAssertEqual(try titles(store), ["Alpha", "Beta", "Multi\nline"])
    }

    func testReimportAddsNothingAndRecordsNoBatch() throws {
        let store = try Store.inMemory()
        let first = try importFile("own/rows-duplicates.csv", into: store)
        let again = try importFile("own/rows-duplicates.csv", into: store)
        XCTAssertEqual(again.imported, 0)
        XCTAssertEqual(again.duplicates, 7)
        XCTAssertNil(again.batchID)
        XCTAssertTrue(again.notes.map(\.description).contains("nothing was imported; the store is unchanged"))
        XCTAssertEqual(try store.count(), 4)
        XCTAssertEqual(try store.importBatches().map(\.id), [first.batchID].compactMap { $0 })
        XCTAssertTrue(again.duplicateRows.allSatisfy { $0.ofPin != nil }, "all match stored pins")
        // Line 2 ("Alpha,1.0,2.0,x") matches the pin the first import created from line 2.
        let alpha = try store.pins().first { $0.title == "Alpha" && $0.description == "x" }
        XCTAssertEqual(again.duplicateRows.first?.description, "line 2 duplicates pin \(alpha?.id ?? -1) in the store")
    }

    func testAPlaceStoredOnTwoDaysIsADuplicateOfEitherDay() throws {
        let store = try Store.inMemory()
        let file = try temporaryFile(Array("title,lat,lon,created_at\nDup,37.57,127.07,2020-01-07T00:00:00Z\nDup,37.57,127.07,2020-01-08T00:00:00Z\n".utf8))
        XCTAssertEqual(try Importer.run(path: file, store: store).imported, 2)
        // Both stored pins have one digest (it leaves the date out): the second row repeats
        // the second pin, not the first the digest names.
        let again = try Importer.run(path: file, store: store)
        XCTAssertEqual([again.imported, again.duplicates], [0, 2])
        XCTAssertEqual(again.duplicateRows.map(\.description), ["line 2 duplicates pin 1 in the store", "line 3 duplicates pin 2 in the store"])
        XCTAssertEqual(try store.count(), 2)
    }

    func testRowsWithoutDateMatchStoredPinsWithAnyDate() throws {
        let store = try Store.inMemory()
        let id = try store.insert(NewPin(title: "Beta", description: "y", latitude: 3, longitude: 4, createdAt: "2020-01-01T00:00:00Z"))
        let dated = try temporaryFile(Array("name,lat,lon,desc,created_at\nBeta,3,4,y,2021-01-01T00:00:00Z\nBeta,3,4,y,\n".utf8))
        let r = try Importer.run(path: dated, store: store)
        // A different date is a different pin; no date matches the stored one.
        XCTAssertEqual(r.imported, 1)
        XCTAssertEqual(r.duplicateRows.map(\.description), ["line 3 duplicates pin \(id) in the store"])
    }

    func testNumericallyEqualCoordinatesAreDuplicates() throws {
        let store = try Store.inMemory()
        let path = try temporaryFile(Array("name;lat;lon\nZero;0;-0\nZero;0,0;0.000\nZero;0e5;+0\nNear;0.0000001;0\n".utf8))
        let r = try Importer.run(path: path, store: store)
        XCTAssertEqual(r.imported, 2)
        XCTAssertEqual(r.duplicateRows.map(\.description), ["line 3 duplicates line 2", "line 4 duplicates line 2"])
    }

    func testFileLevelFailureLeavesTheStoreExactlyAsBefore() throws {
        let store = try Store.inMemory()
        try store.insert(NewPin(title: "Earlier", latitude: 1, longitude: 1))
        // Valid rows first, then a lone UTF-16 surrogate: the failure comes after rows were written.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "name,lat,lon\nA,1,2\nB,3,4\nC".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        bytes += [0x00, 0xD8, 0x2C, 0x00]
        let path = try temporaryFile(bytes)
        XCTAssertThrowsError(try Importer.run(path: path, store: store)) { error in
            guard case .decoding = error as? ImportError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try titles(store), ["Earlier"])
        XCTAssertEqual(try store.importBatches().count, 0)
    }

    func testDryRunReportsTheSameAndWritesNothing() throws {
        let store = try Store.inMemory()
        try store.insert(NewPin(title: "Alpha", description: "x", latitude: 1, longitude: 2))
        let dry = try importFile("own/rows-duplicates.csv", into: store, ImportOptions(dryRun: true))
        XCTAssertEqual(try store.count(), 1)
        XCTAssertNil(dry.batchID)
        XCTAssertTrue(dry.dryRun)
        let real = try importFile("own/rows-duplicates.csv", into: store)
        XCTAssertEqual([dry.imported, dry.rejected, dry.duplicates], [real.imported, real.rejected, real.duplicates])
        XCTAssertEqual([dry.imported, dry.duplicates], [3, 4])
        XCTAssertEqual(dry.duplicateRows, real.duplicateRows)
        XCTAssertEqual(dry.errors, real.errors)
    }

    func testRejectsFileHoldsEveryRejectedRowWithItsReason() throws {
        let store = try Store.inMemory()
        let out = try makeTempFolder().path + "/rejects.csv"
        let report = try importFile("own/coords-dms.csv", into: store, ImportOptions(rejectsPath: out))
        XCTAssertEqual(report.rejected, 7)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        var reader = CSVReader(text: text)
        let rows = try reader.readAll()
        XCTAssertEqual(rows.first?.fields, ["line", "reason", "name", "lat", "lon"])
        XCTAssertEqual(rows.dropFirst().map { $0[0] }, ["7", "8", "9", "10", "11", "13", "14"])
        XCTAssertEqual(rows[1][2], "Seconds Too Big")
        XCTAssertEqual(rows[1][3], "37°10'60\"N")
        XCTAssertEqual(rows[1][1], "latitude seconds 60 must be below 60")
        // Re-importing the rejects file reads the same columns (line and reason are ignored).
        let again = try Importer.run(path: out, store: store)
        XCTAssertEqual(again.rejected, 7)
    }

    /// The rejects of a file a spreadsheet wrote (a byte order mark, or a code page such as
    /// CP949) start with a UTF-8 mark, so Excel shows their Korean; a plain UTF-8 file's do not.
    func testRejectsFileHasAByteOrderMarkWhenTheSourceCameFromASpreadsheet() throws {
        let store = try Store.inMemory()
        let folder = try makeTempFolder().path
        let text = "이름,위도,경도\n서울역,37.55,126.97\n남산,북쪽,126.99\n"
        // `text` in CP949, as Excel saves it in Korea.
        let cp949: [UInt8] = [
            0xC0, 0xCC, 0xB8, 0xA7, 0x2C, 0xC0, 0xA7, 0xB5, 0xB5, 0x2C, 0xB0, 0xE6, 0xB5, 0xB5, 0x0A, 0xBC, 0xAD, 0xBF,
            0xEF, 0xBF, 0xAA, 0x2C, 0x33, 0x37, 0x2E, 0x35, 0x35, 0x2C, 0x31, 0x32, 0x36, 0x2E, 0x39, 0x37, 0x0A, 0xB3,
            0xB2, 0xBB, 0xEA, 0x2C, 0xBA, 0xCF, 0xC2, 0xCA, 0x2C, 0x31, 0x32, 0x36, 0x2E, 0x39, 0x39, 0x0A,
        ]
        let sources: [(name: String, bytes: [UInt8], marked: Bool)] = [
            ("cp949", cp949, true), ("bom", [0xEF, 0xBB, 0xBF] + Array(text.utf8), true), ("plain", Array(text.utf8), false),
        ]
        for source in sources {
            let out = folder + "/\(source.name)-rejects.csv"
            let report = try Importer.run(path: try temporaryFile(source.bytes), store: store, options: ImportOptions(rejectsPath: out))
            XCTAssertEqual(report.rejected, 1, source.name)
            let expected = "line,reason,이름,위도,경도\n3,latitude '북쪽' is not a number,남산,북쪽,126.99\n"
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: out))),
                           (source.marked ? [0xEF, 0xBB, 0xBF] : []) + Array(expected.utf8), source.name)
        }
    }

    func testRejectsFileIsRemovedAfterAFileLevelFailure() throws {
        let store = try Store.inMemory()
        let out = try makeTempFolder().path + "/rejects.csv"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "name,lat,lon\nA,x,2\n".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        bytes += [0x41]
        let path = try temporaryFile(bytes)
        XCTAssertThrowsError(try Importer.run(path: path, store: store, options: ImportOptions(rejectsPath: out)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testBatchesAreListedAndUndone() throws {
        let store = try Store.inMemory()
        try store.insert(NewPin(title: "Mine", latitude: 5, longitude: 5))
        let a = try importFile("public/05-alias-lat-lng.csv", into: store)
        let b = try importFile("own/rows-rules.csv", into: store)
        let batches = try store.importBatches()
        XCTAssertEqual(batches.map(\.id), [a.batchID, b.batchID].compactMap { $0 })
        XCTAssertEqual(batches.map(\.imported), [2, 4])
        XCTAssertEqual(batches.map(\.rejected), [0, 2])
        XCTAssertEqual(batches[1].encoding, "UTF-8")
        XCTAssertEqual(batches[1].delimiter, ",")
        XCTAssertTrue(batches[0].file.hasSuffix("/public/05-alias-lat-lng.csv"))
        XCTAssertTrue(batches[0].file.hasPrefix("/"))
        XCTAssertEqual(try store.undoImport(batchID: batches[0].id), 2)
        XCTAssertEqual(try titles(store), ["Mine", "Full Row", "Missing Trailing", "Extra Empty", "Last"])
        XCTAssertEqual(try store.importBatches().map(\.id), [batches[1].id])
        XCTAssertNil(try store.undoImport(batchID: 999))
    }

    func testGeoJSONImports() throws {
        let store = try Store.inMemory()
        let r = try importFile("own/points.geojson", into: store)
        XCTAssertEqual(r.format, "GeoJSON")
        XCTAssertEqual([r.imported, r.rejected], [3, 2])
        XCTAssertEqual(r.notes.map(\.description), ["skipped 1 feature with null geometry"])
        let ben = try store.pins().first { $0.title == "Big Ben" }
        XCTAssertEqual(ben?.createdAt, "2024-01-02T03:04:05Z")
        XCTAssertEqual(ben?.category, "landmark")
        XCTAssertEqual(r.errors.first?.description, "feature 3: LineString is not a Point")
    }

    func testHeaderOnlyImportsNothingWithANote() throws {
        let store = try Store.inMemory()
        let r = try importFile("own/header-only-crlf.csv", into: store)
        XCTAssertEqual([r.imported, r.rejected, r.dataRows], [0, 0, 0])
        XCTAssertTrue(r.notes.contains(.noDataRows))
        XCTAssertEqual(try store.importBatches().count, 0)
    }

    func testProgressEndsAtTheFileSize() throws {
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var calls: [(Int64, Int64)] = []
        }
        let log = Log()
        let store = try Store.inMemory()
        _ = try Importer.run(path: Fixture.path("own/rows-rules.csv"), store: store) { done, total in
            log.lock.lock(); log.calls.append((done, total)); log.lock.unlock()
        }
        XCTAssertEqual(log.calls.last?.0, 164)
        XCTAssertEqual(log.calls.last?.1, 164)
        XCTAssertEqual(log.calls.map(\.0), log.calls.map(\.0).sorted(), "monotonic")
    }

    func testImportedPinsAreFoundBySearch() throws {
        // The bulk path must leave the store's derived tables (search) up to date.
        let store = try Store.inMemory()
        _ = try importFile("public/09-alias-korean.csv", into: store)
        XCTAssertFalse(try store.searchIndexIsPaused())
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "전망대")).map(\.title), ["바람언덕 전망대"])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "서점")).map(\.title), ["달빛 서점"])
    }
}
