import XCTest
@testable import GeoMap

/// The place-name index keeps its keys as ranges of one byte array; it holds the keys and
/// entries, in the order, that an array per key sorted by its bytes (stably) held.
final class PlaceIndexTests: XCTestCase {
    func testKeysAndEntriesAreThoseOfAnArrayPerKeySortedStably() {
        let g = Gazetteer.shared
        var pairs: [([UInt8], PlaceIndex.Entry)] = []
        func add(_ name: String, _ place: Int) {
            let key = Array(PlaceIndex.fold(name).utf8)
            guard !key.isEmpty else { return }
            pairs.append((key, PlaceIndex.Entry(place: Int32(place), whole: true)))
            for (i, b) in key.enumerated() where (b == 0x20 || b == 0x2D) && i + 1 < key.count && key[i + 1] != 0x20 {
                pairs.append((Array(key[(i + 1)...]), PlaceIndex.Entry(place: Int32(place), whole: false)))
            }
        }
        for (i, c) in g.countries.enumerated() {
            add(c.name, i); add(c.koreanName, i)
            for alias in PlaceIndex.countryAliases[c.isoCode] ?? [] { add(alias, i) }
        }
        for (i, c) in g.cities.enumerated() {
            let en = g.englishName(of: c)
            add(en, g.countries.count + i)
            add(g.koreanName(of: c), g.countries.count + i)
            let ascii = g.name(of: c, PlaceNaming(ascii: true)) ?? ""
            if ascii != en { add(ascii, g.countries.count + i) }
        }
        // Stable: equal keys keep the order they were added in.
        let sorted = pairs.enumerated().sorted { a, b in
            a.element.0 != b.element.0 ? a.element.0.lexicographicallyPrecedes(b.element.0) : a.offset < b.offset
        }.map(\.element)

        let index = PlaceIndex.shared
        XCTAssertEqual(index.count, sorted.count)
        XCTAssertEqual(index.count, 63_128, "63,124 names and words, and 4 everyday Korean country names")
        for i in 0..<min(index.count, sorted.count) where Array(index.key(i)) != sorted[i].0 || index.entries[i] != sorted[i].1 {
            XCTFail("key \(i): \(Array(index.key(i))) \(index.entries[i]), expected \(sorted[i].0) \(sorted[i].1)")
            return
        }
        XCTAssertEqual(index.countryByCode["KR"].map { g.countries[$0].name }, "South Korea")
    }

    /// Real answers: exact names first, a big city's later word before a small place, a Korean name, an
    /// accent folded, a prefix that is also a name.
    func testSearchAnswers() {
        let g = Gazetteer.shared
        XCTAssertEqual(g.search("york", limit: 3).map(\.name), ["York", "York", "New York City"])
        XCTAssertEqual(g.search("서울", limit: 1).map { [$0.name, $0.countryCode] }, [["Seoul", "KR"]])
        XCTAssertEqual(g.search("sao paulo", limit: 1).first?.name, "São Paulo")
        XCTAssertEqual(g.search("paris", limit: 3).map { "\($0.name), \($0.countryCode), \($0.exact)" }, ["Paris, FR, true", "Paris, US, true", "Paris 18 Buttes-Montmartre, FR, false"])
    }
}
