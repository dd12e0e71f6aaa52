import XCTest
@testable import GeoMap

/// The cities read in place from the embedded records (`Gazetteer.CityList`) and the 1° grid
/// built over them (`CityGrid`) hold what a decode of every record into an array, and a grid
/// of one array per cell, held: the same fields for every city, the same cities per cell.
final class GazetteerCitiesTests: XCTestCase {
    let g = Gazetteer.shared

    /// One city as the records hold it, decoded the way the gazetteer did before it read
    /// them in place: every record in turn, from the header on.
    private struct Decoded: Equatable {
        var latitude: Double, longitude: Double, population: Int, isolationKm: Double
        var countryCode: String, isPrimary: Bool, name: String, korean: String, ascii: String?
    }

    private func decodeAll() -> [Decoded] {
        let blob = EmbeddedBytes.gazetteer
        var r = ByteReader(bytes: blob.bytes)
        r.offset = 4
        guard let nc = r.u32(), let nr = r.u32(), let np = r.u32(), let nci = r.u32() else { return [] }
        r.offset += Int(nc) * 32 + Int(nr) * 8 + Int(np) * 4
        var all: [Decoded] = []
        for _ in 0..<nci {
            guard let lat = r.i32(), let lon = r.i32(), let pop = r.u32(), let iso = r.u32(), let cc = r.bytes(2),
                  let flags = r.u8(), r.u8() != nil, let name = r.u32(), let ko = r.u32(), let ascii = r.u32() else { break }
            let asciiName = blob.string(at: Int(ascii))
            all.append(Decoded(latitude: Double(lat) / 1e5, longitude: Double(lon) / 1e5, population: Int(pop),
                               isolationKm: Double(iso) / 1000, countryCode: String(decoding: cc, as: UTF8.self),
                               isPrimary: flags & 1 != 0, name: blob.string(at: Int(name)), korean: blob.string(at: Int(ko)),
                               ascii: asciiName.isEmpty ? nil : asciiName))
        }
        return all
    }

    func testEveryCityReadInPlaceEqualsItsDecodedRecord() {
        let decoded = decodeAll()
        XCTAssertEqual(decoded.count, 34_006)
        XCTAssertEqual(g.cities.count, decoded.count)
        let read = g.cities.map {
            Decoded(latitude: $0.latitude, longitude: $0.longitude, population: $0.population, isolationKm: $0.isolationKm,
                    countryCode: $0.countryCode, isPrimary: $0.isPrimary, name: g.englishName(of: $0),
                    korean: g.koreanName(of: $0), ascii: g.name(of: $0, PlaceNaming(ascii: true)))
        }
        for i in read.indices where read[i] != decoded[i] {
            XCTFail("city \(i): read \(read[i]), decoded \(decoded[i])")
            break
        }
        for i in [0, 17, 34_005] {
            XCTAssertEqual(g.cities.position(i).latitude, g.cities[i].latitude)
            XCTAssertEqual(g.cities.position(i).longitude, g.cities[i].longitude)
        }
    }

    /// Real values: the first and the last record (Scripts/gen_gazetteer.py's ranking), and Seoul's.
    func testKnownCities() throws {
        let first = g.cities[0], last = g.cities[34_005]
        XCTAssertEqual([g.englishName(of: first), g.koreanName(of: first), first.countryCode], ["Shanghai", "상하이", "CN"])
        XCTAssertEqual([first.latitude, first.longitude, first.isolationKm], [31.22222, 121.45806, 48_000])
        XCTAssertEqual(first.population, 24_874_500)
        XCTAssertTrue(first.isPrimary)
        XCTAssertEqual([g.englishName(of: last), g.koreanName(of: last), last.countryCode], ["Bol’shaya Setun’", "", "RU"])
        XCTAssertEqual(g.name(of: last, PlaceNaming(ascii: true)), "Bol'shaya Setun'")
        XCTAssertEqual([last.latitude, last.longitude, last.isolationKm], [55.71667, 37.41667, 0])
        XCTAssertEqual(last.population, 20_000)
        XCTAssertFalse(last.isPrimary)
        let i = try XCTUnwrap(g.cities.firstIndex { g.englishName(of: $0) == "Seoul" })
        let seoul = g.cities[i]
        XCTAssertEqual(seoul.latitude, 37.566, accuracy: 0.001)
        XCTAssertEqual(seoul.longitude, 126.9784, accuracy: 0.001)
        XCTAssertEqual(seoul.population, 10_349_312)
        XCTAssertEqual(seoul.countryCode, "KR")
        XCTAssertTrue(seoul.isPrimary)
        XCTAssertEqual(g.koreanName(of: seoul), "서울")
        XCTAssertEqual(g.nearestCity(to: GeoPoint(latitude: 37.5663, longitude: 126.9779), withinKm: 50)?.0, i)
    }

    /// Each cell lists the cities whose point is in it, in rank order, as a grid of one array
    /// per cell appended to in rank order did; the column wraps round the antimeridian.
    func testTheGridHoldsEachCellsCitiesInRankOrder() {
        var reference = [[Int32]](repeating: [], count: 180 * 360)
        for (i, c) in g.cities.enumerated() {
            reference[CityGrid.row(c.latitude) * 360 + CityGrid.col(c.longitude)].append(Int32(i))
        }
        let grid = CityGrid.shared
        var listed = 0
        for row in 0..<180 {
            for col in 0..<360 {
                let cell = Array(grid.cities(row: row, col: col))
                listed += cell.count
                if cell != reference[row * 360 + col] {
                    XCTFail("cell \(row), \(col): \(cell), expected \(reference[row * 360 + col])")
                    return
                }
            }
        }
        XCTAssertEqual(listed, 34_006)
        XCTAssertEqual(Array(grid.cities(row: 127, col: 306)), Array(grid.cities(row: 127, col: -54)))
        XCTAssertEqual(Array(grid.cities(row: 127, col: 306)), Array(grid.cities(row: 127, col: 666)))
    }
}
