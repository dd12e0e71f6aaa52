import XCTest
@testable import PinStorePostgres

/// The `uid`s a streamed import gives its pins are version 7 UUIDs (RFC 9562): the load's
/// time, the pin's id as a counter, random bits; unique and growing with the ids.
final class StreamedUIDTests: XCTestCase {
    private static func hex(_ bytes: ArraySlice<UInt8>) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testUIDsAreVersion7WithTheTimeAndTheIdAsCounter() throws {
        let ms: UInt64 = 0x0193_A1B2_C3D4  // 2024-12-…
        let firstID: Int64 = (1 << 30) - 2  // the counter's carry from rand_b into rand_a
        let uids = try RandomBytes().uuids(4, milliseconds: ms, firstID: firstID)
        XCTAssertEqual(uids.count, 64)
        let heads = (0..<4).map { Self.hex(uids[(16 * $0)..<(16 * $0 + 12)]) }
        // Time (48 bits), version 7, the counter's top 12 bits; variant 10, its low 30 bits.
        XCTAssertEqual(heads, ["0193a1b2c3d47000bffffffe", "0193a1b2c3d47000bfffffff",
                               "0193a1b2c3d4700180000000", "0193a1b2c3d4700180000001"])
        // Byte-wise increasing (as PostgreSQL orders uuids), so unique.
        for k in 1..<4 {
            XCTAssertTrue(uids[(16 * (k - 1))..<(16 * k)].lexicographicallyPrecedes(uids[(16 * k)..<(16 * k + 16)]), "\(k)")
        }
    }
}
