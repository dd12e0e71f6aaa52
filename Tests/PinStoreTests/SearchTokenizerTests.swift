import XCTest
import PinModelTesting
@testable import PinStore

/// The search tokenizer's fast route (`caselessGrams` in Sources/CSearchTokenizer: texts of
/// ASCII and caseless scripts, folded in one pass, each 1- and 2-character gram once per
/// text) gives the index the same terms, in the same rows, as the reference route through
/// FTS5's trigram tokenizer (`tokenize = "pinmap_search reference"`).
final class SearchTokenizerTests: XCTestCase {
    private func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try Store.registerSearchFunctions(on: db)
        for (table, tokenizer) in [("fast", "pinmap_search"), ("ref", "pinmap_search reference")] {
            try db.execute("""
                CREATE VIRTUAL TABLE \(table) USING fts5(a, b, content='', tokenize="\(tokenizer)", detail=none, columnsize=0);
                CREATE VIRTUAL TABLE \(table)_terms USING fts5vocab(\(table), 'row');
                """)
        }
        return db
    }

    private func insert(_ texts: [(String, String)], into db: Database) throws {
        for table in ["fast", "ref"] {
            let st = try db.prepare("INSERT INTO \(table)(rowid, a, b) VALUES (?, ?, ?)")
            for (i, t) in texts.enumerated() {
                try st.bind([.int(Int64(i + 1)), .text(t.0), .text(t.1)])
                _ = try st.step()
                st.reset()
            }
        }
    }

    /// Every term of `table` with the rows it occurs in ("term:rows"), in term order.
    private func terms(_ table: String, _ db: Database) throws -> [String] {
        let st = try db.prepare("SELECT term, doc FROM \(table)_terms ORDER BY term")
        var out: [String] = []
        while try st.step() { out.append("\(st.text(0)):\(st.int(1))") }
        return out
    }

    func testAShortTextGivesEachGramOnceAndTheSameTermsAsTheReference() throws {
        let db = try database()
        try insert([("Seoul Cafe", "aaa"), ("서울 Seoul", "")], into: db)
        let fast = try terms("fast", db)
        XCTAssertEqual(fast, try terms("ref", db))
        XCTAssertEqual(fast, ["a:1", "aa:1", "aaa:1", "af:1", "afe:1", "c:1", "ca:1", "caf:1", "e:2", "eo:2", "eou:2", "f:1", "fe:1",
                              "l:2", "o:2", "ou:2", "oul:2", "s:2", "se:2", "seo:2", "u:2", "ul:2", "서:1", "서울:1", "울:1"])
    }

    func testRandomTextsOfEveryKindGiveTheReferenceTerms() throws {
        // ASCII of every class, capitals, whitespace and controls; caseless scripts (Hangul,
        // kana, CJK, punctuation); characters with case outside ASCII (É, Σ, fullwidth Ａ) and
        // outside the BMP (emoji), which take the reference route; texts over 512 bytes.
        let alphabet: [Character] = Array("aAbBzZ09 _-%\"'.,\t\n\u{1}\u{7F}") + Array("서울역박물관ㄱあカ漢字…—") + Array("ÉéΣσＡ😀")
        for seed: UInt64 in [1, 2, 3] {
            var rng = SplitMix64(seed: seed)
            var texts: [(String, String)] = []
            for i in 0..<400 {
                let length = i % 50 == 0 ? 300 : Int(rng.next() % 25)
                let pool = i % 3 == 0 ? Array(alphabet.prefix(20)) : i % 3 == 1 ? Array(alphabet.prefix(33)) : alphabet
                func text(_ n: Int) -> String { String((0..<n).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }) }
                texts.append((text(length), text(Int(rng.next() % 9))))
            }
            let db = try database()
            try insert(texts, into: db)
            let fast = try terms("fast", db)
            XCTAssertGreaterThan(fast.count, 500, "seed \(seed)")
            XCTAssertEqual(fast, try terms("ref", db), "seed \(seed)")
        }
    }
}
