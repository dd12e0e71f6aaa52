import XCTest
@testable import PinStore

final class SearchTests: XCTestCase {
    /// Pins whose text exercises Korean compounds, English prefixes and the
    /// characters that mean something to FTS5 or LIKE.
    private func seeded() throws -> [(Store, [String: Int64])] {
        let pins: [NewPin] = [
            NewPin(title: "전쟁기념관", description: "야외 전시 비행기 구경", category: "museum", latitude: 37.5365, longitude: 126.9772),
            NewPin(title: "National Museum of Korea", description: "사유의 방 – go on a weekday morning", category: "museum", latitude: 37.5240, longitude: 126.9804),
            NewPin(title: "Leeum Museum of Art", description: #"The "Maman" spider is right by the entrance"#, category: "museum", latitude: 37.5383, longitude: 126.9990),
            NewPin(title: "인사동 쌈지길", description: "기념품 사기 좋음", category: "shopping", latitude: 37.5744, longitude: 126.9851),
            NewPin(title: "100% Coffee_Bar", description: "AND gate; NEAR(x) -y *z", category: "cafe", latitude: 51.5, longitude: -0.12),
            NewPin(title: "Amused Cafe", description: "", category: "cafe", latitude: 48.85, longitude: 2.35),
        ]
        return try TestStores.both(self).map { store in
            var ids: [String: Int64] = [:]
            for p in pins { ids[p.title] = try store.insert(p) }
            return (store, ids)
        }
    }

    private func titles(_ store: Store, _ text: String, _ query: PinQuery = PinQuery(order: .title)) throws -> [String] {
        var q = query
        q.search = text
        let found = try store.pins(matching: q).map(\.title)
        if q.limit < 0 { XCTAssertEqual(try store.count(matching: q), found.count, "count(matching:) for '\(text)'") }
        return found
    }

    func testKoreanSubstringsMatchInsideCompounds() throws {
        for (store, _) in try seeded() {
            XCTAssertEqual(try titles(store, "기념"), ["인사동 쌈지길", "전쟁기념관"])  // title and description
            XCTAssertEqual(try titles(store, "기념관"), ["전쟁기념관"])
            XCTAssertEqual(try titles(store, "전쟁기념관"), ["전쟁기념관"])
            XCTAssertEqual(try titles(store, "비행기"), ["전쟁기념관"])
            XCTAssertEqual(try titles(store, "방"), ["National Museum of Korea"])  // one syllable
            XCTAssertEqual(try titles(store, "평양"), [])
        }
    }

    func testEnglishPrefixesMatchIgnoringCase() throws {
        for (store, _) in try seeded() {
            // 전쟁기념관 matches through its category, "museum".
            XCTAssertEqual(try titles(store, "muse"), ["Amused Cafe", "Leeum Museum of Art", "National Museum of Korea", "전쟁기념관"])
            XCTAssertEqual(try titles(store, "MUSEUM"), ["Leeum Museum of Art", "National Museum of Korea", "전쟁기념관"])
            XCTAssertEqual(try titles(store, "Museum of"), ["Leeum Museum of Art", "National Museum of Korea"])
            XCTAssertEqual(try titles(store, "mu"), ["Amused Cafe", "Leeum Museum of Art", "National Museum of Korea", "전쟁기념관"])
            XCTAssertEqual(try titles(store, "caf"), ["100% Coffee_Bar", "Amused Cafe"])  // title and category
        }
    }

    func testEveryWordMustMatchInAnyField() throws {
        for (store, _) in try seeded() {
            XCTAssertEqual(try titles(store, "museum korea"), ["National Museum of Korea"])
            XCTAssertEqual(try titles(store, "  museum   weekday "), ["National Museum of Korea"])
            XCTAssertEqual(try titles(store, "museum 기념"), ["전쟁기념관"])  // category + title
            XCTAssertEqual(try titles(store, "museum 평양"), [])
            XCTAssertEqual(try titles(store, "of ko"), ["National Museum of Korea"])  // two short words
        }
    }

    func testCharactersWithMeaningInFTS5OrLIKEAreJustText() throws {
        for (store, _) in try seeded() {
            XCTAssertEqual(try titles(store, #""Maman""#), ["Leeum Museum of Art"])
            XCTAssertEqual(try titles(store, #"""#), ["Leeum Museum of Art"])
            XCTAssertEqual(try titles(store, "%"), ["100% Coffee_Bar"])
            XCTAssertEqual(try titles(store, "_"), ["100% Coffee_Bar"])
            XCTAssertEqual(try titles(store, "0% C"), ["100% Coffee_Bar"])
            XCTAssertEqual(try titles(store, "AND"), ["100% Coffee_Bar"])
            XCTAssertEqual(try titles(store, "NEAR(x)"), ["100% Coffee_Bar"])
            XCTAssertEqual(try titles(store, "-y"), ["100% Coffee_Bar"])
            XCTAssertEqual(try titles(store, "*z"), ["100% Coffee_Bar"])
            for text in ["*", "-", "AND OR NOT", "(", ")", "'", "\\", "^", ":", "NEAR(", "a:b", "\"\"\"", "title:x", "\u{0}", "\u{1B}[31m"] {
                XCTAssertNoThrow(try titles(store, text), text)
            }
        }
    }

    func testBlankSearchMatchesEverything() throws {
        for (store, _) in try seeded() {
            XCTAssertEqual(try store.count(matching: PinQuery(search: "")), 6)
            XCTAssertEqual(try store.count(matching: PinQuery(search: "  \t ")), 6)
            XCTAssertEqual(try store.count(matching: PinQuery(search: nil)), 6)
        }
    }

    func testSearchCombinesWithCategoryAndBoundingBox() throws {
        for (store, _) in try seeded() {
            let seoul = LatLonBox(south: 37.4, west: 126.8, north: 37.7, east: 127.2)
            XCTAssertEqual(try titles(store, "caf", PinQuery(boxes: [seoul], order: .title)), [])
            XCTAssertEqual(try titles(store, "기념", PinQuery(categories: ["museum"])), ["전쟁기념관"])
            XCTAssertEqual(try titles(store, "muse", PinQuery(boxes: [seoul], categories: ["museum"], order: .title)),
                           ["Leeum Museum of Art", "National Museum of Korea", "전쟁기념관"])
            XCTAssertEqual(try titles(store, "muse", PinQuery(order: .distance, near: (37.5383, 126.9990))),
                           ["Leeum Museum of Art", "전쟁기념관", "National Museum of Korea", "Amused Cafe"])
            XCTAssertEqual(try titles(store, "muse", PinQuery(order: .title, limit: 1)), ["Amused Cafe"])
        }
    }

    func testSearchTextQuotesWordsForFTS5AndEscapesLIKE() {
        let s = SearchText(#"museum "Maman" 기념 a% AND museum"#)
        XCTAssertEqual(s.words, ["museum", #""Maman""#, "기념", "a%", "AND"])
        // The trigram index keeps no positions: every trigram, once, joined by AND; the
        // words of 4+ characters are checked on the pins too.
        XCTAssertEqual(s.ftsQuery, #""mus" AND "use" AND "seu" AND "eum" AND """Ma" AND "Mam" AND "ama" AND "man" AND "an""" AND "AND""#)
        XCTAssertEqual(s.recheckedWords, ["museum", #""Maman""#])
        XCTAssertEqual(s.wordsQuery, #""기념" AND "a%""#)
        // Short words scan: LIKE (escaped) for ASCII, Unicode case folding for the others.
        // Title, description, category and the property values.
        XCTAssertEqual(SearchText.scan("a%").args, [.text(#"%a\%%"#), .text(#"%a\%%"#), .text(#"%a\%%"#), .text(#"%a\%%"#)])
        XCTAssertTrue(SearchText.scan("a%").sql.contains("LIKE"))
        XCTAssertEqual(SearchText.scan("기념").args.first, .text("기념"))
        XCTAssertTrue(SearchText.scan("기념").sql.contains("pinmap_contains"))
        XCTAssertEqual(SearchText.scan("ÉΣ").args.first, .text("éσ"))
        XCTAssertNil(SearchText("ab").ftsQuery)
        XCTAssertTrue(SearchText(" \n ").isEmpty)
    }

    func testQueriesWithSearchAreEqualOnlyWithTheSameText() {
        XCTAssertEqual(PinQuery(search: "a"), PinQuery(search: "a"))
        XCTAssertNotEqual(PinQuery(search: "a"), PinQuery(search: "b"))
        XCTAssertNotEqual(PinQuery(search: "a"), PinQuery())
        XCTAssertEqual(Set([PinQuery(search: "a"), PinQuery(search: "a")]).count, 1)
    }

    func testIndexFollowsBatchDeletesThroughTheCascade() throws {
        for store in try TestStores.both(self) {
            try store.db.execute("INSERT INTO import_batches(id, file, imported_at) VALUES (1, 'x.csv', '2024-01-01T00:00:00Z')")
            try store.insert(NewPin(title: "Museum batch", latitude: 0, longitude: 0), batchID: 1)
            try store.insert(NewPin(title: "Museum by hand", latitude: 0, longitude: 0))
            try store.db.execute("DELETE FROM import_batches WHERE id = 1")
            XCTAssertEqual(try titles(store, "museum"), ["Museum by hand"])
            try TestStores.checkSearchIndex(store)
        }
    }
}
