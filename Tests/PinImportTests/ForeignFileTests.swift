import XCTest
import PinModel
import PinStore
@testable import PinImport

/// Wrong files get the right words: a workbook is a workbook, a SQLite file and
/// a binary file are named as such, a KML or GPX file that ends early says so.
final class ForeignFileTests: XCTestCase {
    /// The file-level error of scanning `path` to its end, nil when there is none.
    private func failure(_ path: String) -> ImportError? {
        do {
            var scanner = try PinFileScanner.open(path: path)
            while try scanner.next() != nil {}
            return nil
        } catch { return error }
    }

    func testSpreadsheetsAreNamedWithWhatToDo() throws {
        let xlsx = Fixture.path("own/foreign-workbook.xlsx")
        XCTAssertEqual(failure(xlsx), .foreign(path: xlsx, .excelWorkbook))
        XCTAssertEqual(failure(xlsx)?.description,
                       "\(xlsx): an Excel workbook, not a pin file: save it as CSV (File › Save As › \"CSV UTF-8\") and import the .csv")
        let ods = Fixture.path("own/foreign-sheet.ods")
        XCTAssertEqual(failure(ods), .foreign(path: ods, .openDocumentSpreadsheet))
        let xls = try temporaryFile([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + Array(repeating: 0, count: 504), suffix: ".xls")
        XCTAssertEqual(failure(xls), .foreign(path: xls, .excelWorkbook))
    }

    /// An empty zip (22 bytes: its end record, `PK\x05\x06`, and zeros) is an archive with no
    /// KML, as a zip of other files is; it was called "a binary file (it holds NUL bytes)".
    func testAnEmptyZipIsAnArchiveWithoutKML() throws {
        let kmz = try temporaryFile([0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18), suffix: ".kmz")
        XCTAssertEqual(failure(kmz)?.description, "\(kmz): the KMZ archive holds no .kml file (it is empty); nothing was imported")
    }

    /// A zip of files Pinmap reads (a CSV or GeoJSON download) says to unzip it and import the
    /// file inside; it was called "the KMZ archive holds no .kml file" and said nothing to do.
    func testAZipOfPinFilesSaysToUnzipIt() throws {
        func zip(_ names: [String]) throws -> String {
            let folder = NSTemporaryDirectory() + "pinmap-zip-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
            for n in names { try Data("name,lat,lon\nA,1,2\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + n)) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
            p.currentDirectoryURL = URL(fileURLWithPath: folder)
            p.arguments = ["-q", "data.zip"] + names
            try p.run()
            p.waitUntilExit()
            return folder + "/data.zip"
        }
        guard FileManager.default.fileExists(atPath: "/usr/bin/zip") else { throw XCTSkip("no zip") }
        let one = try zip(["places.csv"])
        XCTAssertEqual(failure(one)?.description,
                       "\(one): a zip archive of other files, not a KMZ (entries: places.csv): unzip it and import places.csv; nothing was imported")
        let two = try zip(["a.geojson", "readme.md", "b.GPX"])
        XCTAssertEqual(failure(two)?.description,
                       "\(two): a zip archive of other files, not a KMZ (entries: a.geojson, readme.md, b.GPX): unzip it and import the files inside; nothing was imported")
        let other = try zip(["readme.md"])
        XCTAssertEqual(failure(other)?.description, "\(other): the KMZ archive holds no .kml file (entries: readme.md); nothing was imported")
    }

    /// An Apple Numbers document (a zip of `Index/*.iwa`) is named, with what to do; it was
    /// "the KMZ archive holds no .kml file (entries: Index/Document.iwa)".
    func testANumbersSpreadsheetIsNamedWithWhatToDo() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/zip") else { throw XCTSkip("no zip") }
        let folder = NSTemporaryDirectory() + "pinmap-numbers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/Index", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/Index/Document.iwa"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        p.currentDirectoryURL = URL(fileURLWithPath: folder)
        p.arguments = ["-q", "-r", "places.numbers", "Index"]
        try p.run()
        p.waitUntilExit()
        let numbers = folder + "/places.numbers"
        XCTAssertEqual(failure(numbers), .foreign(path: numbers, .numbersSpreadsheet))
        XCTAssertEqual(failure(numbers)?.description, "\(numbers): an Apple Numbers spreadsheet, not a pin file: "
            + "export it as CSV (File › Export To › CSV…) and import the .csv")
        XCTAssertEqual(failure(numbers)?.code, .numbersSpreadsheet)
    }

    func testASQLiteStoreAndABinaryFileAreNamedNotShownAsHeaders() throws {
        let folder = NSTemporaryDirectory() + "pinmap-foreign-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let storePath = folder + "/pins.sqlite"
        try Store(path: storePath).insert(NewPin(title: "A", latitude: 1, longitude: 2))
        // Named by the GeoPackage reader, which every SQLite file goes to.
        XCTAssertEqual(failure(storePath), .invalidGeoPackage(path: storePath, .pinmapStore))
        XCTAssertEqual(failure(storePath)?.description, storePath + ": not a readable GeoPackage: "
            + "a Pinmap store, not a GeoPackage (merge stores by copying one into the other: pinmap copy --from OTHER --to STORE); nothing was imported")
        let binary = try temporaryFile([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x2C, 0x0A])
        XCTAssertEqual(failure(binary), .foreign(path: binary, .binary))
        // UTF-16 text has NULs too, and is text.
        XCTAssertNil(failure(Fixture.path("own/enc-utf16le-nobom.csv")))
        XCTAssertNil(ForeignFile.kind(head: Array("SQLite format 3\0".utf8) + Array(repeating: UInt8(0), count: 84)))
    }

    func testAnXMLFileThatEndsEarlySaysSo() {
        let kml = Fixture.path("own/xml-cut-off.kml")
        XCTAssertEqual(failure(kml), .malformedXML(path: kml, line: 4, column: 23, reason: .endsEarly(root: "kml", innermost: "name", open: 4)))
        XCTAssertEqual(failure(kml)?.description, kml + ": malformed XML at line 4, column 23: "
            + "the file ends early: <kml> is never closed, inside <name> (4 elements left open); was it cut off? Download or export it again; "
            + "nothing was imported (fix the file and import it again)")
        let gpx = Fixture.path("own/xml-cut-off.gpx")
        XCTAssertEqual(failure(gpx), .malformedXML(path: gpx, line: 3, column: 51, reason: .endsEarly(root: "gpx", innermost: nil, open: 1)))
        XCTAssertEqual(failure(gpx)?.description, gpx + ": malformed XML at line 3, column 51: "
            + "the file ends early: <gpx> is never closed (1 element left open); was it cut off? Download or export it again; "
            + "nothing was imported (fix the file and import it again)")
    }
}
