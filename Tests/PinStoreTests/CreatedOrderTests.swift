import XCTest
import PinModelTesting
@testable import PinStorePostgres

/// `CreatedOrder.key` never sorts against the text's byte order, and tells apart the times
/// of distinct seconds.
final class CreatedOrderTests: XCTestCase {
    /// Keys worked out by hand (and by a separate script) from the symbols of each position.
    func testKeysOfKnownTexts() {
        let cases: [(String, Int64)] = [
            ("", 0),
            ("2023-02-27T23:12:11Z", 80_772_048_836_057_402),
            ("2017-03-09", 80_651_714_500_435_968),
            // A zone or fractions are past the pattern: the key of the time alone.
            ("2017-03-09T22:18:44+09:00", 80_651_714_534_664_833),
            ("2017-03-09T22:18:44", 80_651_714_534_664_833),
            // A space below the "T": the reading ends there, as at the end of a date.
            ("2017-03-09 22:18:44", 80_651_714_500_435_968),
            ("9999-12-31T23:59:59", 283_621_554_047_735_362),
            // Above "9" at the first position: all the same, and above every time.
            ("yesterday", 285_992_837_978_259_456),
            ("서울", 285_992_837_978_259_456),
            ("~", 285_992_837_978_259_456),
        ]
        for (text, key) in cases { XCTAssertEqual(CreatedOrder.key(text), key, text) }
        XCTAssertLessThan(CreatedOrder.key("~"), 1 << 59)
    }

    /// Sorted by their bytes, random texts (ISO times cut and changed at random places,
    /// bytes next to each separator and digit, prefixes of one another, non-ASCII) have
    /// keys that never go down.
    func testKeysNeverGoDownInByteOrder() {
        var random = SplitMix64(seed: 12)
        var texts = (0..<20_000).map { _ in Self.adversarial(&random) }
        for t in texts.prefix(2_000) { texts += (0..<t.count).map { Array(t.prefix($0)) } }
        texts.sort { $0.lexicographicallyPrecedes($1) }
        var previous: (text: [UInt8], key: Int64)?
        var distinct = Set<Int64>()
        for t in texts {
            let key = t.withUnsafeBufferPointer { CreatedOrder.key($0) }
            if let previous {
                XCTAssertLessThanOrEqual(previous.key, key, "\(previous.text) sorts before \(t)")
            }
            previous = (t, key)
            distinct.insert(key)
        }
        XCTAssertGreaterThan(distinct.count, 5_000, "the keys tell most texts apart")
    }

    /// Distinct seconds have distinct keys.
    func testSecondsHaveDistinctKeys() {
        var random = SplitMix64(seed: 7)
        let times = Set((0..<5_000).map { _ in Self.isoTime(&random) })
        XCTAssertEqual(Set(times.map { CreatedOrder.key($0) }).count, times.count)
    }

    /// A random ISO time, 0000-01-01 to 9999-12-31, without a zone.
    static func isoTime(_ random: inout SplitMix64) -> String {
        func n(_ range: ClosedRange<Int>, _ width: Int) -> String {
            let v = String(Int.random(in: range, using: &random))
            return String(repeating: "0", count: width - v.count) + v
        }
        return "\(n(0...9999, 4))-\(n(1...12, 2))-\(n(1...31, 2))T\(n(0...23, 2)):\(n(0...59, 2)):\(n(0...59, 2))"
    }

    /// Bytes that test the pattern: each separator and its neighbours, digits and their
    /// neighbours ("/" and ":"), the start and end of ASCII, UTF-8 lead and trail bytes.
    static let edgeBytes: [UInt8] = Array("-,.T SU:;9/0185Z+".utf8) + [0x01, 0x7F, 0x80, 0xC3, 0xA9, 0xEC, 0xFF]

    /// A text of 0…25 bytes: an ISO time with a zone or fractions, cut short, with a few of
    /// its bytes replaced by edge bytes or random ones; or edge bytes alone.
    static func adversarial(_ random: inout SplitMix64) -> [UInt8] {
        if Int.random(in: 0..<8, using: &random) == 0 {
            return (0..<Int.random(in: 0...25, using: &random)).map { _ in edgeBytes.randomElement(using: &random)! }
        }
        let zones = ["Z", "+09:00", "-05:00", ".123Z", "", ".5+01:00"]
        var t = Array((isoTime(&random) + zones.randomElement(using: &random)!).utf8)
        // Times share long prefixes, as a store's do.
        if Bool.random(using: &random) { t.replaceSubrange(0..<8, with: "2017-03-".utf8) }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let k = Int.random(in: 0..<t.count, using: &random)
            t[k] = Bool.random(using: &random) ? edgeBytes.randomElement(using: &random)! : UInt8.random(in: 1...255, using: &random)
        }
        return Array(t.prefix(Int.random(in: 0...25, using: &random)))
    }
}
