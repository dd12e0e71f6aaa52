import XCTest
import PinStore
@testable import PinmapCLI

final class ListCommandTests: XCTestCase {
    /// Leeum, 전쟁기념관, National Museum (Seoul), a cafe in Paris and one in Fiji east of 180°.
    private func seeded() throws -> CLITestStore {
        let s = CLITestStore(self)
        let store = try s.open()
        let pins = [
            NewPin(title: "Leeum Museum of Art", category: "museum", latitude: 37.5383, longitude: 126.999, createdAt: "2024-03-09T14:00:00+09:00"),
            NewPin(title: "전쟁기념관", description: "야외 전시 비행기 구경", category: "museum", latitude: 37.5365, longitude: 126.9772, createdAt: "2023-05-05T13:20:00+09:00"),
            NewPin(title: "National Museum of Korea", category: "museum", latitude: 37.524, longitude: 126.9804, createdAt: "2023-06-22T11:00:00+09:00"),
            NewPin(title: "Amused Cafe", category: "cafe", latitude: 48.85, longitude: 2.35, createdAt: "2025-01-01T10:00:00+01:00"),
            NewPin(title: "Taveuni dateline", category: "viewpoint", latitude: -16.8, longitude: 179.99, createdAt: "2022-01-01T00:00:00Z"),
            NewPin(title: "Taveuni west", category: "viewpoint", latitude: -16.8, longitude: -179.99, createdAt: "2022-01-02T00:00:00Z"),
        ]
        for p in pins { try store.insert(p) }
        return s
    }

    private func titles(_ r: CLIResult) throws -> [String] {
        XCTAssertEqual(r.code, 0, r.stderr)
        return try JSON.array(r.stdout).compactMap { $0["title"] as? String }
    }

    func testPlainListIsNewestFirstOneLinePerPin() throws {
        let s = try seeded()
        let r = s.run("list")
        XCTAssertEqual(r.code, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6)
        XCTAssertEqual(lines[0], "4\t48.850000\t2.350000\tAmused Cafe\tcafe\t2025-01-01T10:00:00+01:00")
        XCTAssertEqual(lines[1].split(separator: "\t")[3], "Leeum Museum of Art")
    }

    func testPlainListEscapesTabsLineBreaksAndBackslashes() throws {
        let s = CLITestStore(self)
        try s.open().insert(NewPin(title: "a\tb\\c\r\n줄", category: "x\ty", latitude: 1, longitude: 2, createdAt: "2024-01-01T00:00:00Z"))
        let r = s.run("list")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout, "1\t1.000000\t2.000000\ta\\tb\\\\c\\r\\n줄\tx\\ty\t2024-01-01T00:00:00Z\n")
    }

    func testSearchFindsKoreanSubstringsAndEnglishPrefixes() throws {
        let s = try seeded()
        XCTAssertEqual(try titles(s.run("list", "--search", "기념", "--json")), ["전쟁기념관"])
        XCTAssertEqual(try titles(s.run("list", "--search", "비행기", "--json")), ["전쟁기념관"])
        XCTAssertEqual(try titles(s.run("list", "--search", "museum of", "--json")), ["Leeum Museum of Art", "National Museum of Korea"])
        XCTAssertEqual(try titles(s.run("list", "--search", "muse", "--category", "cafe", "--json")), ["Amused Cafe"])
        XCTAssertEqual(try titles(s.run("list", "--search", "\"AND* -NEAR(", "--json")), [])
    }

    func testCategoryAndBoundingBoxFilters() throws {
        let s = try seeded()
        XCTAssertEqual(try titles(s.run("list", "--category", "museum", "--json")),
                       ["Leeum Museum of Art", "National Museum of Korea", "전쟁기념관"])
        // Surrounding spaces are dropped, as add and edit drop them from the category stored.
        XCTAssertEqual(try titles(s.run("list", "--category", " museum ", "--json")),
                       ["Leeum Museum of Art", "National Museum of Korea", "전쟁기념관"])
        XCTAssertEqual(try titles(s.run("list", "--bbox", "37.53,126.97,37.54,127.0", "--json")), ["Leeum Museum of Art", "전쟁기념관"])
        // WEST > EAST: the box crosses the antimeridian.
        XCTAssertEqual(try titles(s.run("list", "--bbox", "-17,179,-16,-179", "--json")), ["Taveuni west", "Taveuni dateline"])
        XCTAssertEqual(try titles(s.run("list", "--bbox", "-17,-179,-16,179", "--json")), [])
        for bad in ["1,2,3", "38,126,37,127", "a,b,c,d", "91,0,92,1", "0,0,1,181"] {
            let r = s.run("list", "--bbox", bad)
            XCTAssertEqual(r.code, 2, bad)
            XCTAssertTrue(r.stderr.hasPrefix("pinmap list: --bbox"), r.stderr)
        }
    }

    func testNearSortsByGreatCircleDistanceAndPrintsMetres() throws {
        let s = try seeded()
        let r = s.run("list", "--near", "37.5383,126.999", "--limit", "3", "--json")
        let rows = try JSON.array(r.stdout)
        XCTAssertEqual(rows.map { $0["title"] as? String }, ["Leeum Museum of Art", "전쟁기념관", "National Museum of Korea"])
        let d = rows.map { JSON.double($0["distance_m"]) ?? -1 }
        XCTAssertEqual(d[0], 0)
        XCTAssertEqual(d[1], (greatCircleMetres(37.5383, 126.999, 37.5365, 126.9772) * 10).rounded() / 10)
        XCTAssertEqual(d[1], 1933, accuracy: 5)  // about 1.9 km west
        XCTAssertLessThan(d[1], d[2])
        let text = s.run("list", "--near", "37.5383,126.999", "--limit", "2")
        XCTAssertEqual(text.stdout.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) }, ["0 m", "1933 m"])
        XCTAssertEqual(s.run("list", "--near", "37.5").code, 2)
        XCTAssertEqual(s.run("list", "--near", "95,1").code, 2)
    }

    func testListJSONHasEveryFieldExactly() throws {
        let s = try seeded()
        let rows = try JSON.array(s.run("list", "--search", "전쟁", "--json").stdout)
        XCTAssertEqual(rows.count, 1)
        let o = rows[0]
        XCTAssertEqual(Set(o.keys), ["id", "title", "description", "category", "latitude", "longitude", "created_at", "updated_at", "properties", "place", "version"])
        XCTAssertEqual(o["place"] as? String, "near Seoul, KR")
        XCTAssertEqual(JSON.int(o["id"]), 2)
        XCTAssertEqual(o["title"] as? String, "전쟁기념관")
        XCTAssertEqual(o["description"] as? String, "야외 전시 비행기 구경")
        XCTAssertEqual(o["category"] as? String, "museum")
        XCTAssertEqual(JSON.double(o["latitude"]), 37.5365)
        XCTAssertEqual(JSON.double(o["longitude"]), 126.9772)
        XCTAssertEqual(o["created_at"] as? String, "2023-05-05T13:20:00+09:00")
        XCTAssertEqual(s.run("list", "--limit", "2", "--json").stdout.components(separatedBy: "\"id\"").count - 1, 2)
        XCTAssertEqual(s.run("list", "--limit", "-1").code, 2)
    }

    func testEscapeSequencesAreEscapedOnATerminalAndInAPipeAndStayExactInJSON() throws {
        let s = CLITestStore(self)
        try s.open().insert(NewPin(title: "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}", category: "x\u{9B}y", latitude: 1, longitude: 2, createdAt: "2024-01-01"))
        let tty = s.run(["list"], terminal: true)
        // Escaped losslessly, the bidi override too, the same on a terminal and in a pipe.
        XCTAssertEqual(tty.stdout, "1\t1.000000\t2.000000\tevil\\x1b]0;pwned\\x07\\x1b[2J\\u202e\tx\\u009by\t2024-01-01\n")
        let show = s.run(["show", "1"], terminal: true)
        XCTAssertEqual(show.stdout.components(separatedBy: "\n").first, "evil\\x1b]0;pwned\\x07\\x1b[2J\\u202e")
        let piped = s.run("list")
        XCTAssertEqual(piped.stdout, tty.stdout)
        let json = s.run(["list", "--json"], terminal: true)
        XCTAssertTrue(json.stdout.contains(#""title":"evil\u001b]0;pwned\u0007\u001b[2J"#), json.stdout)
        XCTAssertEqual(try JSON.array(json.stdout).first?["title"] as? String, "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}")
        XCTAssertEqual(try JSON.array(json.stdout).first?["category"] as? String, "x\u{9B}y")
    }

    /// `--search` lists the best match first: the title "Museum" itself, then a title that
    /// starts with it, then one that holds it as a word, then a description; `--sort newest`
    /// keeps the old order; a wrong `--sort` is a usage error.
    func testSearchListsBestMatchFirstAndSortNewestStaysAChoice() throws {
        let s = try seeded()
        let store = try s.open()
        try store.insert(NewPin(title: "Museum", category: "museum", latitude: 37.5, longitude: 127, createdAt: "2020-01-01T00:00:00Z"))
        try store.insert(NewPin(title: "Museumsinsel", category: "museum", latitude: 52.5, longitude: 13.4, createdAt: "2021-01-01T00:00:00Z"))
        try store.insert(NewPin(title: "Hall", description: "a museum hall", latitude: 1, longitude: 1, createdAt: "2026-01-01T00:00:00Z"))
        XCTAssertEqual(try titles(s.run("list", "--search", "museum", "--json")),
                       ["Museum", "Museumsinsel", "Leeum Museum of Art", "National Museum of Korea", "Hall", "전쟁기념관"])
        XCTAssertEqual(try titles(s.run("list", "--search", "museum", "--sort", "newest", "--json")),
                       ["Hall", "Leeum Museum of Art", "National Museum of Korea", "전쟁기념관", "Museumsinsel", "Museum"])
        XCTAssertEqual(try titles(s.run("list", "--search", "museum", "--sort", "name", "--limit", "2", "--json")),
                       ["Hall", "Leeum Museum of Art"])
        // In any case, as --format and --tab are read.
        XCTAssertEqual(try titles(s.run("list", "--search", "museum", "--sort", "NAME", "--limit", "2", "--json")),
                       ["Hall", "Leeum Museum of Art"])
        let bad = s.run("list", "--sort", "oldest")
        XCTAssertEqual(bad.code, 2)
        XCTAssertEqual(bad.stderr, "pinmap list: --sort takes relevance, newest or name, got 'oldest'\nTry 'pinmap list --help'.\n")
        XCTAssertEqual(s.run("list", "--search", "nothing-like-this", "--json").stdout, "[]\n")
    }

    /// The fast coordinate writer gives `%.6f`'s text for every value, ties and signs included.
    func testCoordinatesAreWrittenAsPrintfWrites() {
        var values: [Double] = [0, -0.0, 0.0000005, -0.0000005, 0.0000015, 1.0000005, 37.5665, -122.4194, 90, -180,
                                179.999999, -89.9999995, 1e-7, -1e-7, 0.1234565, 12.3456785]
        var g = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Double.random(in: -180...180, using: &g)) }
        for _ in 0..<2_000 { values.append((Double(Int.random(in: -180_000_000...180_000_000, using: &g)) + 0.5) / 1_000_000) }
        for v in values { XCTAssertEqual(PinText.coord(v), String(format: "%.6f", v), "\(v)") }
    }
}
