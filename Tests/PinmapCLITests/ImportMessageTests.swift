import Foundation
import XCTest
import PinmapCLI
import PinmapTestSupport

/// The wording of `import` and the pin commands' failures on a file store: a rejected row's
/// number says what it counts (a GeoJSON feature is no line of the file), a control character
/// is shown one way in every message, a binary file is told every format Pinmap reads, and
/// an edit or a missing pin is named precisely.
final class ImportMessageTests: XCTestCase {
    /// A pretty-printed GeoJSON file: feature 2's latitude 95 is on line 23, so "line 2"
    /// would send the user to the wrong place.
    private let pretty = """
        {
          "type": "FeatureCollection",
          "features": [
            {
              "type": "Feature",
              "geometry": {
                "type": "Point",
                "coordinates": [
                  127.0,
                  37.5
                ]
              },
              "properties": {
                "name": "Fine"
              }
            },
            {
              "type": "Feature",
              "geometry": {
                "type": "Point",
                "coordinates": [
                  127.0,
                  95.0
                ]
              },
              "properties": {
                "name": "North of north"
              }
            },
            {
              "type": "Feature",
              "geometry": {
                "type": "Point",
                "coordinates": [127.0, 37.5]
              },
              "properties": {
                "name": "Fine"
              }
            }
          ]
        }

        """

    func testAGeoJSONRowIsNamedByItsFeatureNumberInTextAndJSON() throws {
        let s = CLITestStore(self)
        let path = s.file("pretty.geojson")
        try pretty.write(toFile: path, atomically: true, encoding: .utf8)
        let text = s.run("import", path)
        XCTAssertEqual(text.code, 0, text.stderr)
        XCTAssertEqual(text.stdout.split(separator: "\n").filter { $0.hasPrefix("  feature") }, [
            "  feature 2: latitude 95.0 outside [-90, 90]",
            "  feature 3 duplicates feature 1"])
        // `--json` keeps the documented key `line`: for GeoJSON it holds the feature number.
        let json = try JSON.object(s.run("import", path, "--dry-run", "--json").stdout)
        let errors = try XCTUnwrap(JSON.objects(json["errors"]))
        XCTAssertEqual(errors.map { JSON.int($0["line"]) }, [2])
        XCTAssertEqual(errors.map { $0["reason"] as? String }, ["latitude 95.0 outside [-90, 90]"])
        // The rejects file's first column says what its number counts.
        let rejects = s.file("rejects.csv")
        XCTAssertEqual(s.run("import", path, "--dry-run", "--rejects", rejects).code, 0)
        // The rejected feature is in it whole, as written, to be mended there and imported again.
        let feature = try XCTUnwrap(pretty.range(of: "{\n      \"type\": \"Feature\"", options: .backwards,
                                                  range: pretty.startIndex..<pretty.range(of: "North of north")!.lowerBound))
        let end = try XCTUnwrap(pretty.range(of: "\n    }", range: feature.upperBound..<pretty.endIndex))
        let written = String(pretty[feature.lowerBound..<end.upperBound])
        XCTAssertTrue(written.hasSuffix("\"North of north\"\n      }\n    }"), written)
        XCTAssertEqual(try String(contentsOfFile: rejects, encoding: .utf8),
                       "feature,reason,geojson\n2,\"latitude 95.0 outside [-90, 90]\",\"" + written.replacingOccurrences(of: "\"", with: "\"\"") + "\"\n")
    }

    func testAControlCharacterIsShownOneWayInEveryMessage() throws {
        let s = CLITestStore(self)
        let path = s.file("nul.csv")
        try Data("title,latitude,longitude\nA,5\u{0},5\nB,6\u{1B},6\nC,7,7\n".utf8).write(to: URL(fileURLWithPath: path))
        let r = s.run("import", path)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("  line") }, [
            "  line 2: latitude '5\\x00' is not a number", "  line 3: latitude '6\\x1b' is not a number"])
    }

    func testABinaryFileIsToldEveryFormatPinmapReads() throws {
        let s = CLITestStore(self)
        let path = s.file("hdr.csv")
        try Data("title,latitude,longitude,no\u{0}te\nH1,1,1,v\n".utf8).write(to: URL(fileURLWithPath: path))
        let r = s.run("import", path)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap import: \(path): a binary file (it holds NUL bytes), not text: Pinmap reads CSV, GeoJSON, "
                       + "Google Takeout JSON, GPX, KML, KMZ, GeoPackage and Shapefile\n")
    }

    func testAnEditAtAVersionThePinHasNotReachedSaysSo() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "a", "--lat", "1", "--lon", "2")
        XCTAssertEqual(s.run("edit", "1", "--title", "b").code, 0)
        let ahead = s.run("edit", "1", "--title", "c", "--if-version", "99")
        XCTAssertEqual(ahead.code, 1)
        XCTAssertEqual(ahead.stderr, "pinmap: pin 1 is at version 2, not 99; nothing was changed (`pinmap show 1 --json` gives its version)\n")
        let behind = s.run("delete", "1", "--if-version", "1")
        XCTAssertEqual(behind.stderr, "pinmap: pin 1 changed elsewhere since you opened it (version 1, now 2); nothing was changed\n")
    }

    func testAMissingPinIsLookedForInANamedStore() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "a", "--lat", "1", "--lon", "2")
        for args in [["show", "99999"], ["edit", "99999", "--title", "x"], ["delete", "99999"], ["comment", "99999", "hi"], ["comments", "99999"]] {
            let r = s.run(args)
            XCTAssertEqual(r.code, 1, args.joined(separator: " "))
            XCTAssertEqual(r.stderr, "pinmap: no pin with id 99999 in \(s.path)\n", args.joined(separator: " "))
        }
    }
}
