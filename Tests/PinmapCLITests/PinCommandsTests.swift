import XCTest
import PinStore
@testable import PinmapCLI
import PinmapTestSupport

final class PinCommandsTests: XCTestCase {
    func testAddPrintsTheNewIdAndStoresExactValues() throws {
        let s = CLITestStore(self)
        let r = s.run("add", "--title", "  전쟁기념관 ", "--lat", "37.5365", "--lon", "126.9772",
                      "--description", "야외 전시, \"비행기\"", "--category", "museum")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout, "1\n")
        XCTAssertEqual(r.stderr, "")
        let pin = try XCTUnwrap(s.open().pin(id: 1))
        XCTAssertEqual(pin.title, "전쟁기념관")
        XCTAssertEqual(pin.description, "야외 전시, \"비행기\"")
        XCTAssertEqual(pin.category, "museum")
        XCTAssertEqual(pin.latitude, 37.5365)
        XCTAssertEqual(pin.longitude, 126.9772)
        XCTAssertEqual(s.run("add", "--title", "b", "--lat", "0", "--lon", "0").stdout, "2\n")
    }

    func testAddJSONHasEveryFieldExactly() throws {
        let s = CLITestStore(self)
        let r = s.run("add", "--title", "South Pole", "--lat", "-90", "--lon", "-179.99999999999997", "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        let o = try JSON.object(r.stdout)
        XCTAssertEqual(Set(o.keys), ["id", "title", "description", "category", "latitude", "longitude", "created_at", "updated_at", "properties", "place", "version"])
        XCTAssertEqual(o["place"] as? String, "Antarctica")
        XCTAssertEqual(JSON.int(o["id"]), 1)
        XCTAssertEqual(o["title"] as? String, "South Pole")
        XCTAssertEqual(o["description"] as? String, "")
        XCTAssertEqual(o["category"] as? String, "")
        XCTAssertEqual(JSON.double(o["latitude"]), -90)
        XCTAssertEqual(JSON.double(o["longitude"]), -179.99999999999997)
        XCTAssertTrue(r.stdout.contains("\"longitude\":-179.99999999999997"), r.stdout)
        let created = try XCTUnwrap(o["created_at"] as? String)
        XCTAssertEqual(created.count, 20)
        XCTAssertEqual(o["updated_at"] as? String, created)
    }

    func testAddAcceptsDegreesMinutesSeconds() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "Sydney", "--lat", "33°51′S", "--lon", "151°12′E").code, 0)
        let pin = try XCTUnwrap(s.open().pin(id: 1))
        XCTAssertEqual(pin.latitude, -33.85, accuracy: 1e-12)
        XCTAssertEqual(pin.longitude, 151.2, accuracy: 1e-12)
    }

    func testAddRefusesBadValuesWithUsageErrors() throws {
        let s = CLITestStore(self)
        let cases: [([String], String)] = [
            (["--title", "x", "--lat", "nan", "--lon", "1"], "--lat: latitude 'nan' is not a finite number"),
            (["--title", "x", "--lat", "inf", "--lon", "1"], "--lat: latitude 'inf' is not a finite number"),
            (["--title", "x", "--lat", "0x1A", "--lon", "1"], "--lat: latitude '0x1A' is not a decimal number (hexadecimal)"),
            (["--title", "x", "--lat", "91", "--lon", "1"], "--lat: latitude 91 outside [-90, 90]"),
            (["--title", "x", "--lat", "1", "--lon", "-180.01"], "--lon: longitude -180.01 outside [-180, 180]"),
            (["--title", "x", "--lat", "1,2,3", "--lon", "1"], "--lat: latitude '1,2,3' is not a valid number (two decimal separators)"),
            // Both coordinates as a map app copies them, given to one flag: it says how to give them.
            (["--title", "x", "--lat", "37.5665, 126.9780", "--lon", "1"],
             "--lat: latitude '37.5665, 126.9780' is not a number; that is a latitude and a longitude: give --lat 37.5665 --lon 126.9780"),
            (["--title", "x", "--lat", "37.5665,126.9780"],
             "--lat: latitude '37.5665,126.9780' is not a valid number (two decimal separators); that is a latitude and a longitude: give --lat 37.5665 --lon 126.9780"),
            (["--title", "x", "--lat", "1", "--lon", "37.5665, 126.9780"],
             "--lon: longitude '37.5665, 126.9780' is not a number; that is a latitude and a longitude: give --lat 37.5665 --lon 126.9780"),
            (["--title", "x", "--lat", "37.5665, 226.9780", "--lon", "1"], "--lat: latitude '37.5665, 226.9780' is not a number"),
            (["--title", "   ", "--lat", "1", "--lon", "1"], "--title must not be blank"),
            (["--lat", "1", "--lon", "1"], "--title is required"),
            (["--title", "x", "--lon", "1"], "--lat is required"),
            (["--title", "x", "--lat", "1"], "--lon is required"),
        ]
        for (args, message) in cases {
            let r = s.run(["add"] + args)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, "pinmap add: \(message)\nTry 'pinmap add --help'.\n", "\(args)")
        }
        XCTAssertEqual(try s.open().count(), 0)
    }

    func testEditChangesOnlyTheGivenFields() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "Leeum", "--lat", "37.5383", "--lon", "126.999", "--description", "art", "--category", "museum")
        let r = s.run("edit", "1", "--title", "Leeum Museum of Art", "--lat", "37.53831", "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        let o = try JSON.object(r.stdout)
        XCTAssertEqual(o["title"] as? String, "Leeum Museum of Art")
        XCTAssertEqual(JSON.double(o["latitude"]), 37.53831)
        XCTAssertEqual(JSON.double(o["longitude"]), 126.999)
        XCTAssertEqual(o["description"] as? String, "art")
        XCTAssertEqual(o["category"] as? String, "museum")
        let quiet = s.run("edit", "1", "--category", "gallery")
        XCTAssertEqual(quiet.code, 0)
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertEqual(try s.open().pin(id: 1)?.category, "gallery")
    }

    func testEditErrors() {
        let s = CLITestStore(self)
        s.run("add", "--title", "a", "--lat", "1", "--lon", "1")
        XCTAssertEqual(s.run("edit", "1").code, 2)
        XCTAssertEqual(s.run("edit", "1").stderr.split(separator: "\n").first,
                       "pinmap edit: nothing to change: give --title, --lat, --lon, --description or --category")
        XCTAssertEqual(s.run("edit", "abc", "--title", "x").code, 2)
        XCTAssertEqual(s.run("edit", "0", "--title", "x").code, 2)
        XCTAssertEqual(s.run("edit", "--title", "x").code, 2)
        XCTAssertEqual(s.run("edit", "1", "--lat", "95").code, 2)
        let missing = s.run("edit", "7", "--title", "x")
        XCTAssertEqual(missing.code, 1)
        XCTAssertEqual(missing.stderr, "pinmap: no pin with id 7 in \(s.path)\n")
    }

    func testDeleteRemovesThePinOnce() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "a", "--lat", "1", "--lon", "2")
        s.run("comment", "1", "hello")
        let r = s.run("delete", "1", "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(try JSON.object(r.stdout)["title"] as? String, "a")
        XCTAssertEqual(try s.open().count(), 0)
        let again = s.run("delete", "1")
        XCTAssertEqual(again.code, 1)
        XCTAssertEqual(again.stderr, "pinmap: no pin with id 1 in \(s.path)\n")
        XCTAssertEqual(s.run("delete").code, 2)
        XCTAssertEqual(s.run("delete", "1", "2").code, 2)
    }

    func testShowJSONHasThePinAndItsComments() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "창덕궁 후원", "--lat", "37.5794", "--lon", "126.991", "--category", "landmark")
        XCTAssertEqual(s.run("comment", "1", "후원", "투어는", "미리", "예약하기").stdout, "1\n")
        XCTAssertEqual(s.run("comment", "1", "단풍철 강추").stdout, "2\n")
        let r = s.run("show", "1", "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        let o = try JSON.object(r.stdout)
        XCTAssertEqual(JSON.int(o["id"]), 1)
        XCTAssertEqual(o["title"] as? String, "창덕궁 후원")
        XCTAssertEqual(o["category"] as? String, "landmark")
        XCTAssertEqual(JSON.double(o["latitude"]), 37.5794)
        XCTAssertEqual(JSON.double(o["longitude"]), 126.991)
        XCTAssertEqual(o["place"] as? String, "near Seoul, KR")
        let comments = try XCTUnwrap(JSON.objects(o["comments"]))
        XCTAssertEqual(comments.map { $0["body"] as? String }, ["후원 투어는 미리 예약하기", "단풍철 강추"])
        XCTAssertEqual(comments.map { JSON.int($0["id"]) }, [1, 2])
        XCTAssertEqual(comments.map { JSON.int($0["pin_id"]) }, [1, 1])
        XCTAssertEqual((comments[0]["created_at"] as? String)?.count, 20)
    }

    func testShowTextHasDecimalAndDMSCoordinates() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "전쟁기념관", "--lat", "37.5365", "--lon", "126.9772", "--description", "line one\nline two")
        s.run("comment", "1", "good")
        let r = s.run("show", "1")
        XCTAssertEqual(r.code, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "전쟁기념관")
        XCTAssertEqual(lines[1], "id           1")
        XCTAssertEqual(lines[2], "category     ")
        XCTAssertEqual(lines[3], "coordinates  37.5365, 126.9772  37°32′11.4″N 126°58′37.9″E")
        XCTAssertEqual(lines[4], "place        near Seoul, KR")
        XCTAssertTrue(lines[5].hasPrefix("created      20"), lines[5])
        XCTAssertEqual(lines[7], "description  line one")
        XCTAssertEqual(lines[8], "             line two")
        XCTAssertEqual(lines[9], "comments (1)")
        XCTAssertTrue(lines[10].hasPrefix("  #1  20") && lines[10].hasSuffix("Z  good"), lines[10])
        XCTAssertEqual(s.run("show", "2").code, 1)
    }

    func testCommentsListAndUncomment() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "a", "--lat", "1", "--lon", "2")
        s.run("comment", "1", "first")
        let c = s.run("comment", "1", "second", "--json")
        let co = try JSON.object(c.stdout)
        XCTAssertEqual(JSON.int(co["id"]), 2)
        XCTAssertEqual(JSON.int(co["pin_id"]), 1)
        XCTAssertEqual(co["body"] as? String, "second")
        let list = s.run("comments", "1")
        XCTAssertEqual(list.stdout.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) }, ["first", "second"])
        XCTAssertEqual(s.run("uncomment", "1").code, 0)
        XCTAssertEqual(try JSON.array(s.run("comments", "1", "--json").stdout).map { $0["body"] as? String }, ["second"])
        XCTAssertEqual(s.run("uncomment", "1").code, 1)
        XCTAssertEqual(s.run("comment", "9", "x").stderr, "pinmap: no pin with id 9 in \(s.path)\n")
        XCTAssertEqual(s.run("comment", "1", " ").code, 2)
        XCTAssertEqual(s.run("comment", "1").code, 2)
        XCTAssertEqual(s.run("comments", "9").code, 1)
        // A comment with a line break stays one line of three fields.
        s.run("comment", "1", "two\nlines\tand a tab")
        let lines = s.run("comments", "1").stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[1].split(separator: "\t", omittingEmptySubsequences: false).dropFirst(2), ["two\\nlines\\tand a tab"])
    }

    /// `uncomment --json` prints the deleted comment as `comment --json` printed it; its help says so.
    func testUncommentJSONPrintsTheDeletedComment() throws {
        let s = CLITestStore(self)
        s.run("add", "--title", "a", "--lat", "1", "--lon", "2")
        let added = s.run("comment", "1", "first \"quoted\"", "--json")
        let removed = s.run("uncomment", "1", "--json")
        XCTAssertEqual(removed.code, 0, removed.stderr)
        XCTAssertEqual(removed.stdout, added.stdout)
        let co = try JSON.object(removed.stdout)
        XCTAssertEqual(removed.stdout, "{\"body\":\"first \\\"quoted\\\"\",\"created_at\":\"\(co["created_at"] as? String ?? "?")\",\"id\":1,\"pin_id\":1}\n")
        // A missing comment, and a missing import batch, are named with the store, as a missing pin is.
        XCTAssertEqual(s.run("uncomment", "1", "--json").stderr, "pinmap: no comment with id 1 in \(s.path)\n")
        XCTAssertEqual(s.run("undo-import", "9").stderr, "pinmap: no import batch 9 in \(s.path); see `pinmap imports`\n")
        XCTAssertEqual(PinmapCLI.execute(["uncomment", "--help"]).stdout, """
            Usage: pinmap uncomment COMMENT_ID [--db PATH] [--json]

            Delete one comment (ids are shown by 'pinmap comments ID'); prints nothing
            unless --json.

            Options:
              --db VALUE  store file path or postgresql:// URI (default: $PINMAP_DB; see
                          pinmap --help)
              --json      print the deleted comment as a JSON object
              -h, --help  show this help

            """)
    }

    /// `pinmap --help`'s usage of the UI is the UI's own (with --ascii, as the README says).
    /// It names --version (README's `pinmap --help`, `pinmap --version`), which it left out,
    /// and `pinmap help COMMAND`, which now prints the command's help.
    func testTheGlobalHelpsUsageNamesEveryOptionOfTheUI() {
        XCTAssertEqual(PinmapCLI.globalHelp.split(separator: "\n", omittingEmptySubsequences: false).prefix(5).joined(separator: "\n"), """
            pinmap \(PinmapCLI.version): a map-pin explorer for the terminal

            Usage: pinmap [--db PATH] [--ascii]  open the terminal UI
                   pinmap COMMAND [OPTIONS]      run a command (pinmap help COMMAND)
                   pinmap --version              print the version
            """)
    }

    func testEveryNewCommandHasHelpAndRefusesUnknownOptions() {
        let s = CLITestStore(self)
        for name in ["add", "edit", "delete", "show", "comment", "comments", "uncomment", "export", "list"] {
            let help = PinmapCLI.execute([name, "--help"])
            XCTAssertEqual(help.code, 0, name)
            XCTAssertTrue(help.stdout.hasPrefix("Usage: pinmap \(name)"), help.stdout)
            XCTAssertTrue(help.stdout.contains("--db VALUE"), name)
            let bad = s.run(name, "--frobnicate")
            XCTAssertEqual(bad.code, 2, name)
            XCTAssertTrue(bad.stderr.hasPrefix("pinmap \(name): unknown option '--frobnicate'"), bad.stderr)
        }
    }

    /// `pinmap --help` names all three benchmarks, not only the map's frames.
    func testTheCommandListNamesEveryBenchmark() {
        let bench = PinmapCLI.globalHelp.split(separator: "\n").drop { !$0.hasPrefix("  bench") }.prefix(2).joined(separator: "\n")
        XCTAssertEqual(bench, """
              bench       Time the map's frames on a store (render), its search (search) or
                          the map alone (map); figures only.
            """)
    }

    func testAStoreThatCannotOpenIsAFailure() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("diary.txt").path
        try Data("not a database, just my diary\n".utf8 + Data(repeating: 1, count: 4096)).write(to: URL(fileURLWithPath: path))
        let r = PinmapCLI.execute(["list", "--db", path])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.stderr.hasPrefix("pinmap: cannot open store"), r.stderr)
    }

    /// An id or --limit that is not a whole number in range names the range; beyond Int64
    /// ('99999999999999999999') it was told it "must be a whole number ≥ 1", which it is.
    func testIdsAndLimitsOutOfRangeNameTheRange() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        for (args, message) in [
            (["show", "99999999999999999999"], "pinmap show: ID must be a whole number from 1 to 9223372036854775807, got '99999999999999999999'"),
            (["delete", "0"], "pinmap delete: ID must be a whole number from 1 to 9223372036854775807, got '0'"),
            (["edit", "x", "--title", "b"], "pinmap edit: ID must be a whole number from 1 to 9223372036854775807, got 'x'"),
            (["uncomment", "-1"], "pinmap uncomment: COMMENT_ID must be a whole number from 1 to 9223372036854775807, got '-1'"),
            (["list", "--limit", "99999999999999999999"], "pinmap list: --limit needs a whole number from 0 to 9223372036854775807, got '99999999999999999999'"),
        ] {
            let r = s.run(args)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertEqual(r.stderr, "\(message)\nTry 'pinmap \(args[0]) --help'.\n")
        }
    }
}
