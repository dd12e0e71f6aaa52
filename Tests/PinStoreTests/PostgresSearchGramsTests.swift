import XCTest
import PinModelTesting
import PinModel
import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// The grams a bulk load computes on the client (`SearchGrams`) are the ones the server's
/// trigger computes for any other write (`pinmap_search_grams`): a pin loaded either way is
/// found by the same searches. The client's posting lists (`SearchPostings`) name exactly
/// the pins that hold each gram.
final class PostgresSearchGramsTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    private static let cases: [(title: String, description: String, category: String, properties: String)] = [
        ("Jongmyo Shrine", "", "", ""),
        ("종묘 정전", "조선 왕실의\n사당", "궁궐", "{}"),
        ("Café \"Ω\" \\ back\tslash", "line one\r\nline two", "Food", #"{"note": "Ünïcode ÀB", "b": "x\ny"}"#),
        ("a", "", "", #"{"k": ""}"#),
        ("e\u{301} and é", "🍜 ramen", "", ""),
    ]
    /// A long text (the server reads its characters in one pass, schema 13).
    private static let long = (title: String(repeating: "한국어 설명 Long \n", count: 700), description: "", category: "", properties: "")

    private func store() throws -> (String, PGConnection) {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        return (uri, try PGConnection(uri: uri))
    }

    func testClientGramsAreTheServersGrams() throws {
        let (_, db) = try store()
        for c in Self.cases + [Self.long] {
            var keys = Set<UInt64>()
            XCTAssertTrue(SearchGrams.forEachGram(title: c.title, description: c.description, category: c.category,
                                                  properties: c.properties) { keys.insert($0) })
            let client = keys.map { key in
                var s = String.UnicodeScalarView()
                SearchGrams.scalars(key) { s.append($0) }
                return String(s)
            }
            let r = try db.execute("""
                SELECT array(SELECT unnest($1::text[]) ORDER BY 1)::text,
                       array(SELECT unnest(pinmap_search_grams(pinmap_search_text($2, $3, $4, $5::jsonb))) ORDER BY 1)::text
                """, [PGArray.texts(client), c.title, c.description, c.category, c.properties.isEmpty ? "{}" : c.properties])
            XCTAssertEqual(r.text(0, 0), r.text(0, 1), c.title)
        }
        // A value that is not a string is the server's to write.
        XCTAssertFalse(SearchGrams.forEachGram(title: "t", description: "", category: "", properties: #"{"n": 1.50}"#) { _ in })
    }

    /// Schema 13's grams, read in one pass over the characters, are those of schema 6's
    /// `substr(t, i, n)` at every position (whose time grew with the square of the length).
    func testGramsInOnePassAreTheGramsAtEveryPosition() throws {
        let (_, db) = try store()
        try db.execute("""
            CREATE FUNCTION grams_by_position(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT AS $$
              SELECT coalesce(array_agg(DISTINCT g COLLATE "C"), '{}') FROM (
                SELECT substr(t, i, n) AS g FROM generate_series(1, 3) AS n, generate_series(1, length(t) - n + 1) AS i) AS grams
              WHERE g !~ E'\\n'
            $$
            """)
        var random = SplitMix64(seed: 13)
        let pool = Array("ab Z\n\n한국어é🍜\u{301}.")
        var texts = ["", "a", "ab", "abc", "\n", "a\nb", "\n\nab\n", "🍜🍜🍜🍜", Self.long.title] + Self.cases.map(\.title)
        for _ in 0..<200 { texts.append(String((0..<Int(random.next() % 40)).map { _ in pool[Int(random.next() % UInt64(pool.count))] })) }
        let r = try db.execute("""
            SELECT count(*) FILTER (WHERE pinmap_search_grams(t) IS DISTINCT FROM grams_by_position(t)), count(*)
            FROM unnest($1::text[]) AS t
            """, [PGArray.texts(texts)])
        XCTAssertEqual([r.text(0, 0), r.text(0, 1)], ["0", "\(texts.count)"])
    }

    /// The grams of `text` from its bytes (the fast path a load takes), in the order given.
    private static func byteGrams(_ bytes: [UInt8], _ lower: SearchLowercase) -> [UInt64] {
        var keys: [UInt64] = []
        bytes.withUnsafeBufferPointer { SearchGrams.forEachGram($0, lower) { a, b, c in keys.append(SearchGrams.key(a, b, c)) } }
        return keys
    }

    /// The grams of `text` as `String.lowercased()` and its scalars give them (the reference).
    private static func stringGrams(_ bytes: [UInt8]) -> [UInt64] {
        var keys: [UInt64] = []
        SearchGrams.forEachGram(String(decoding: bytes, as: UTF8.self).lowercased()) { a, b, c in keys.append(SearchGrams.key(a, b, c)) }
        return keys
    }

    /// Lower-casing from the bytes gives the grams `String.lowercased()` gives, gram for gram,
    /// for ASCII, Hangul, mixed text, line breaks, scalars that change length or map to
    /// several (İ), a final sigma, letters beyond the BMP (Deseret), and every scalar there is.
    func testTheBytesPathGivesTheStringsGrams() {
        let lower = SearchLowercase()
        let texts = ["Jongmyo SHRINE", "종묘 정전", "Café \"Ω\" ÀB\tx", "line one\r\nLINE\n\ntwo\n", "İstanbul ΟΔΟΣ ẞ Ǆ",
                     "e\u{301} and é 🍜", "𐐀𐐨 Deseret", "Salt Noodle House 사진 찍기 좋은 곳", "", "\n", "A"]
        for text in texts {
            XCTAssertEqual(Self.byteGrams(Array(text.utf8), lower), Self.stringGrams(Array(text.utf8)), text)
        }
        let (a, b, c): (UInt64, UInt64, UInt64) = (98, 99, 100)  // "a", "b", "c" + 1
        let abc: [UInt64] = [a, b, a | b << 21, c, b | c << 21, a | b << 21 | c << 42]
        XCTAssertEqual(Self.byteGrams(Array("AbC".utf8), lower), abc)
        var every = String.UnicodeScalarView()
        for v in UInt32(0)...0x10FFFF { if let s = Unicode.Scalar(v) { every.append(s) } }
        let all = Array(String(every).utf8)
        XCTAssertEqual(Self.byteGrams(all, lower), Self.stringGrams(all), "every scalar, in order")
    }

    /// Bytes that are not UTF-8 give the grams of the text `String` repairs them to.
    func testBytesThatAreNotUTF8GiveTheRepairedTextsGrams() {
        let lower = SearchLowercase()
        let cases: [[UInt8]] = [[0x41, 0xFF, 0x42], [0xEC, 0xA2], Array("종묘".utf8) + [0xED, 0xA0, 0x80] + Array("AB".utf8),
                                [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], Array("Ab\n".utf8) + [0x80]]
        for bytes in cases {
            XCTAssertEqual(Set(Self.byteGrams(bytes, lower)), Set(Self.stringGrams(bytes)), "\(bytes)")
        }
    }

    /// The lists as they would be built one posting at a time: every gram of each pin
    /// (`SearchGrams.forEachGram`), lists in the order their grams were first seen, each pin
    /// once a list, as varints of the differences (`id - base + 1` first).
    private static func referenceLists(_ pins: [(id: Int64, texts: [String])], base: Int64) -> [(UInt64, [UInt8])] {
        var order: [UInt64] = []
        var lists: [UInt64: (last: Int64, bytes: [UInt8])] = [:]
        for pin in pins {
            _ = SearchGrams.forEachGram(title: pin.texts[0], description: pin.texts[1], category: pin.texts[2], properties: pin.texts[3]) { key in
                let offset = pin.id - base + 1
                var list = lists[key] ?? { order.append(key); return (0, []) }()
                guard list.last != offset else { return }
                var d = UInt64(offset - list.last)
                while d >= 0x80 { list.bytes.append(UInt8(truncatingIfNeeded: d) | 0x80); d >>= 7 }
                list.bytes.append(UInt8(d))
                list.last = offset
                lists[key] = list
            }
        }
        return order.map { ($0, lists[$0]!.bytes) }
    }

    private static func built(_ pins: [(id: Int64, texts: [String])], base: Int64, memoLimit: Int) throws -> [(UInt64, [UInt8])] {
        let postings = SearchPostings(base: base, memoLimit: memoLimit)
        for pin in pins {
            postings.add(id: pin.id, title: pin.texts[0], description: pin.texts[1], category: pin.texts[2], properties: pin.texts[3])
        }
        var out: [(UInt64, [UInt8])] = []
        try postings.forEachList { gram, ids in out.append((gram, Array(ids))) }
        return out
    }

    /// The lists built on the arena (lists moved as they grow, blocks reused, the arena
    /// itself grown) are the varints of each gram's pins, byte for byte: many lists, gaps of
    /// 1 to 4 bytes, grams repeated within a pin and across its texts; texts shared by many
    /// pins (their lists remembered from their second sight on), others each pin's own (seen
    /// once, or replacing each other in the memo's slots), one too long to remember, and memos
    /// started again often (a small limit); tens of thousands of grams that are not ASCII (the
    /// open addressing grown many times) and more lists than the first table holds.
    func testTheListsAreEveryGramsPinsAsVarints() throws {
        let words = ["Maple", "Coffee", "종묘", "정전", "Café", "Ωmega", "banana", "🍜", "a", "사진 찍기 좋은 곳", "İstanbul"]
        // Syllables of Hangul picked by a pin's number: titles no other pin has, their grams
        // mostly new.
        func hangul(_ n: Int) -> String { String(Character(Unicode.Scalar(0xAC00 + UInt32(n % 11_172))!)) }
        var pins: [(id: Int64, texts: [String])] = []
        var id: Int64 = 5_000
        for k in 0..<20_000 {
            let title = k % 3 == 2 ? hangul(k * 7) + hangul(k * 13 + 5) + " " + hangul(k * 31 + 2) + hangul(k)
                : "\(words[k % words.count]) \(words[(k * 7 + 3) % words.count]) \(k % 13)"
            let description = k % 7 == 0 ? "note \(k)" : k % 3 == 0 ? "" : k % 101 == 0 ? String(repeating: "long ", count: 20)
                : "line \(k % 5)\n\(words[(k / 3) % words.count])"
            let properties = k % 4 == 0 ? #"{"note": "\#(words[k % 5]) \#(k)"}"# : "{}"
            pins.append((id, [title, description, ["cafe", "park", "", "시장"][k % 4], properties]))
            id += k % 100 == 99 ? 3_000_000 : [1, 1, 2, 200, 20_000][k % 5]
        }
        let reference = Self.referenceLists(pins, base: 5_000)
        XCTAssertGreaterThan(reference.count, 30_000)
        XCTAssertGreaterThan(reference.filter { !Self.isASCII($0.0) }.count, 30_000)
        for memoLimit in [1 << 20, 100] {
            let lists = try Self.built(pins, base: 5_000, memoLimit: memoLimit)
            XCTAssertEqual(lists.map(\.0), reference.map(\.0), "grams, memo limit \(memoLimit)")
            XCTAssertTrue(lists.map(\.1) == reference.map(\.1), "lists' bytes, memo limit \(memoLimit)")
            XCTAssertGreaterThan(lists.map(\.1.count).reduce(0, +), 2 << 20, "past the arena's first size: it grew")
        }
    }

    private static func isASCII(_ key: UInt64) -> Bool {
        var s: [Unicode.Scalar] = []
        SearchGrams.scalars(key) { s.append($0) }
        return s.allSatisfy(\.isASCII)
    }

    /// Pins far apart (offsets of 1 to 4 bytes in the lists) and one whose grams the server
    /// computes: the lists written are the server's grams of every pin, no more, no less.
    func testPostingListsNameThePinsOfEveryGram() throws {
        let (uri, db) = try store()
        let base: Int64 = 1_000
        let offsets: [Int64] = [0, 1, 2, 130, 131, 20_000, 3_000_000, 300_000_000]
        let postings = SearchPostings(base: base)
        try db.execute("SET pinmap.bulk = 'on'")
        for (k, offset) in offsets.enumerated() {
            // Lower-case: the server's `lower()` on the pins' "C" columns folds ASCII only.
            let given = Self.cases[k % Self.cases.count]
            let c = (title: given.title.lowercased(), description: given.description.lowercased(),
                     category: given.category.lowercased(), properties: given.properties.lowercased())
            let properties = k == 6 ? #"{"depth": 12, "name": "우물"}"# : c.properties
            try db.execute("""
                INSERT INTO pins(id, title, description, category, latitude, longitude, created_at, updated_at, properties)
                VALUES ($1, $2, $3, $4, 37.5, 127, '2024-01-01', '2024-01-01', $5::jsonb)
                """, ["\(base + offset)", c.title, c.description, c.category, properties.isEmpty ? "{}" : properties])
            postings.add(id: base + offset, title: c.title, description: c.description, category: c.category, properties: properties)
        }
        XCTAssertEqual(postings.serverComputed, [base + 3_000_000])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) FROM search_delta", uri: uri), [["0"]], "bulk: no trigger")
        try postings.write(on: db, pinsIn: "pins")
        XCTAssertEqual(try PostgresDatabases.rows(SearchListsCheck.differences, uri: uri), [["0", "0"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT array(SELECT pinmap_postings(base, ids) - base)::text FROM search_postings WHERE gram = 'e'", uri: uri),
                       [["{0,2,131,20000,300000000}"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT id FROM search_delta WHERE gram = '우물'", uri: uri), [["3001000"]])
        // The client reads them back (hex, then the varints) and intersects them with the delta.
        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try store.candidateIDs(SearchText("E")), [0, 2, 131, 20_000, 300_000_000].map { base + $0 })
        XCTAssertEqual(try store.candidateIDs(SearchText("우물 12")), [base + 3_000_000])
        XCTAssertEqual(try store.candidateIDs(SearchText("ramen e")), [base + 131])
    }
}
