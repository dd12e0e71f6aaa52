import Foundation
import XCTest
import PinStore
import PinmapTestSupport
@testable import PinmapCLI

final class ExportCommandTests: XCTestCase {
    private func seeded() throws -> CLITestStore {
        let s = CLITestStore(self)
        let store = try s.open()
        try store.insert(NewPin(title: "Leeum Museum of Art", description: #"The "Maman" spider, by the entrance"#, category: "museum",
                                latitude: 37.5383, longitude: 126.999, createdAt: "2024-03-09T14:00:00+09:00"))
        try store.insert(NewPin(title: "South Pole", description: "two\nlines", latitude: -90, longitude: 0, createdAt: "2020-01-01T00:00:00Z"))
        try store.insert(NewPin(title: "tiny", latitude: 1e-7, longitude: -0.1 - 0.2, createdAt: "2020-01-02"))
        return s
    }

    func testCSVHasTheSampleHeaderRFC4180QuotingAndEveryDigit() throws {
        let r = try seeded().run("export")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            title,description,category,latitude,longitude,created_at\r
            Leeum Museum of Art,"The ""Maman"" spider, by the entrance",museum,37.5383,126.999,2024-03-09T14:00:00+09:00\r
            South Pole,"two
            lines",,-90.0,0.0,2020-01-01T00:00:00Z\r
            tiny,,,1e-07,-0.30000000000000004,2020-01-02\r

            """)
        XCTAssertEqual(r.stderr, "")
    }

    /// `--excel` starts the CSV with a UTF-8 byte order mark, so Excel reads Korean right (it
    /// read a plain UTF-8 file in CP949); the file imports back to the same pins. Only for CSV.
    func testExcelCSVStartsWithAByteOrderMarkAndImportsBack() throws {
        let s = try seeded()
        try s.open().insert(NewPin(title: "경복궁", category: "궁궐", latitude: 37.5796, longitude: 126.977, createdAt: "2024-05-01T09:00:00Z"))
        let out = s.file("excel.csv")
        let r = s.run("export", "-o", out, "--excel")
        XCTAssertEqual(r.code, 0, r.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(bytes.prefix(8)), [0xEF, 0xBB, 0xBF] + Array("title".utf8))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").last, "경복궁,,궁궐,37.5796,126.977,2024-05-01T09:00:00Z")
        let back = CLITestStore(self)
        let imported = back.run("import", out, "--json")
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(try back.open().pins().map(\.title).sorted(), try s.open().pins().map(\.title).sorted())
        let gpx = s.run("export", "--format", "gpx", "--excel")
        XCTAssertEqual(gpx.code, 2)
        XCTAssertEqual(gpx.stderr, "pinmap export: --excel is for CSV (the other formats say their encoding themselves); drop it or export CSV\nTry 'pinmap export --help'.\n")
    }

    /// `-o x.kmz` or `-o out.txt` wrote CSV silently: now a usage error naming the formats,
    /// and no file is written.
    func testAnUnknownOutputExtensionIsAUsageError() throws {
        let s = try seeded()
        let kmz = s.run("export", "-o", s.file("x.kmz"))
        XCTAssertEqual(kmz.code, 2)
        XCTAssertEqual(kmz.stderr, "pinmap export: KMZ is an import format only; export KML instead (-o \(s.file("x")).kml or --format kml)\nTry 'pinmap export --help'.\n")
        let txt = s.run("export", "-o", s.file("out.txt"))
        XCTAssertEqual(txt.code, 2)
        XCTAssertEqual(txt.stderr, "pinmap export: cannot tell the format from the extension '.txt' of '\(s.file("out.txt"))'; use .csv, .geojson, .json, .gpx, .kml or .gpkg, or give --format csv|geojson|gpx|kml|gpkg\nTry 'pinmap export --help'.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.file("x.kmz")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.file("out.txt")))
        XCTAssertEqual(s.run("export", "-o", s.file("out.txt"), "--format", "csv").code, 0)
        XCTAssertEqual(s.run("export", "-o", s.file("pins.CSV")).code, 0)
    }

    func testGeoJSONIsAFeatureCollectionOfPointsLongitudeFirst() throws {
        let r = try seeded().run("export", "--format", "geojson")
        XCTAssertEqual(r.code, 0, r.stderr)
        let root = try JSON.object(r.stdout)
        XCTAssertEqual(root["type"] as? String, "FeatureCollection")
        let features = try XCTUnwrap(JSON.objects(root["features"]))
        XCTAssertEqual(features.count, 3)
        for f in features {
            XCTAssertEqual(f["type"] as? String, "Feature")
            XCTAssertEqual((f["geometry"] as? [String: Any])?["type"] as? String, "Point")
        }
        XCTAssertEqual((features[0]["geometry"] as? [String: Any]).flatMap { JSON.doubles($0["coordinates"]) }, [126.999, 37.5383])
        XCTAssertEqual((features[1]["geometry"] as? [String: Any]).flatMap { JSON.doubles($0["coordinates"]) }, [0, -90])
        XCTAssertEqual((features[2]["geometry"] as? [String: Any]).flatMap { JSON.doubles($0["coordinates"]) }, [-0.30000000000000004, 1e-7])
        XCTAssertTrue(r.stdout.contains("\"coordinates\":[-0.30000000000000004,1e-07]"), r.stdout)
        let p = try XCTUnwrap(features[0]["properties"] as? [String: Any])
        XCTAssertEqual(Set(p.keys), ["title", "description", "category", "created_at"])
        XCTAssertEqual(JSON.int(features[0]["id"]), 1)
        XCTAssertEqual(p["title"] as? String, "Leeum Museum of Art")
        XCTAssertEqual(p["description"] as? String, #"The "Maman" spider, by the entrance"#)
        XCTAssertEqual(p["category"] as? String, "museum")
        XCTAssertEqual(p["created_at"] as? String, "2024-03-09T14:00:00+09:00")
        XCTAssertEqual((features[1]["properties"] as? [String: Any])?["description"] as? String, "two\nlines")
    }

    func testOutputFileAndFormatFromItsExtension() throws {
        let s = try seeded()
        let path = s.file("out.geojson")
        let r = s.run("export", "-o", path)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "Exported 3 pins to \(path)\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\"type\":\"FeatureCollection\""), text)
        let csvPath = s.file("out.txt")
        XCTAssertEqual(s.run("export", "--output", csvPath, "--format", "CSV").code, 0)
        XCTAssertTrue(try String(contentsOfFile: csvPath, encoding: .utf8).hasPrefix("title,description,"))
        XCTAssertEqual(s.run("export", "--format", "shp").code, 2)
        let bad = s.run("export", "-o", "/nonexistent-dir/x.csv")
        XCTAssertEqual(bad.code, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("pinmap: cannot write /nonexistent-dir/x.csv"), bad.stderr)
    }

    func testEmptyStoreExportsAHeaderOrAnEmptyCollection() throws {
        let s = CLITestStore(self)
        _ = try s.open()  // an empty store (export never creates one)
        XCTAssertEqual(s.run("export").stdout, "title,description,category,latitude,longitude,created_at\r\n")
        let geo = try JSON.object(s.run("export", "--format", "geojson").stdout)
        XCTAssertEqual((geo["features"] as? [Any])?.count, 0)
    }

    func testCSVOnATerminalShowsEscapeSequencesAsPlaceholders() throws {
        let s = CLITestStore(self)
        try s.open().insert(NewPin(title: "a\u{1B}[2Jb", latitude: 1, longitude: 2, createdAt: "2024-01-01"))
        XCTAssertEqual(s.run(["export"], terminal: true).stdout,
                       "title,description,category,latitude,longitude,created_at\na␛[2Jb,,,1.0,2.0,2024-01-01\n")
        XCTAssertEqual(s.run(["export"]).stdout,
                       "title,description,category,latitude,longitude,created_at\r\na\u{1B}[2Jb,,,1.0,2.0,2024-01-01\r\n")
    }

    /// A GeoPackage export that fails says once that nothing was written, and where.
    func testAGeoPackageFailureSaysOnceThatNothingWasWritten() throws {
        XCTAssertEqual(ExportCommand.nothingWritten("lost the connection to the PostgreSQL server; nothing was written (try again when it is back)",
                                                    to: "exp/all.gpkg"),
                       "lost the connection to the PostgreSQL server; nothing was written to exp/all.gpkg (try again when it is back)")
        XCTAssertEqual(ExportCommand.nothingWritten("this store does not export GeoPackage files", to: "exp/all.gpkg"),
                       "this store does not export GeoPackage files (nothing was written to exp/all.gpkg)")
        XCTAssertEqual(ExportCommand.nothingWritten("cannot write exp/all.gpkg: the disk is full", to: "exp/all.gpkg"),
                       "cannot write exp/all.gpkg: the disk is full (nothing was written)", "as a text export says it")
        let s = try seeded()
        let folder = try makeTempFolder()
        let target = folder.path + "/missing/all.gpkg"
        let r = try s.run("export", "-o", target)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: cannot create \(target): No such file or directory (nothing was written)\n")
    }

    /// A GeoPackage goes only to a regular file, and never over one the user may not write:
    /// `-o /dev/null` as root put the GeoPackage in the device's place (a regular file at
    /// /dev/null), a FIFO was replaced likewise, and a mode-0444 file was replaced, where the
    /// text exports refuse it (`ReplaceableFile`, their one rule now).
    func testAGeoPackageReplacesNoDeviceFifoOrReadOnlyFile() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        let fifo = s.file("fifo.gpkg")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        var targets = [(fifo, "not a regular file")]
        let device = s.file("null.gpkg")
        if geteuid() == 0, mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 { targets.append((device, "not a regular file")) }
        let folder = s.file("folder.gpkg")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        targets.append((folder, "a directory"))
        for (target, what) in targets {
            let r = s.run("export", "--format", "gpkg", "-o", target)
            XCTAssertEqual(r.code, 1, target)
            XCTAssertEqual(r.stderr, "pinmap: cannot write \(target): it is \(what), and a GeoPackage is a database file; give a file's path (nothing was written)\n")
        }
        var st = stat()
        XCTAssertEqual(stat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        if targets.count == 3 { XCTAssertEqual(stat(device, &st), 0); XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR, "still a device") }
        let locked = s.file("locked.gpkg")
        XCTAssertTrue(FileManager.default.createFile(atPath: locked, contents: Data("mine".utf8), attributes: [.posixPermissions: 0o444]))
        let r = s.run("export", "-o", locked)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: cannot write \(locked): it is read-only; make it writable (chmod u+w) or choose another file (nothing was written)\n")
        XCTAssertEqual(FileManager.default.contents(atPath: locked), Data("mine".utf8))
    }

    /// `-o LINK.gpkg` writes the link's target, as the text exports and a shell's `>` do: the
    /// GeoPackage was renamed over the link itself, which became a regular file, the target
    /// left as it was.
    func testAGeoPackageFollowsASymbolicLink() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        let target = s.file("real.gpkg"), link = s.file("link.gpkg")
        XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.gpkg")
        let r = s.run("export", "-o", link)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stderr, "Exported 1 pin to \(link)\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.gpkg", "still a link")
        XCTAssertEqual(FileManager.default.contents(atPath: target)?.prefix(16), Data("SQLite format 3\0".utf8))
    }
}
