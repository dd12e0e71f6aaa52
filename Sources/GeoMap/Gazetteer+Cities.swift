import PinModel

extension Gazetteer {
    /// The gazetteer's cities, read in place from the embedded records (32 bytes each, by
    /// isolation, largest first: `cgazetteer.h`). Nothing is decoded ahead: a city's fields
    /// are read when it is asked for. Decoding all 34,006 cities into an array at start-up
    /// took ≈ 11 M instructions (≈ 4 ms) and 2.2 MiB of heap, before the first frame could
    /// name one; the records are in the binary's read-only data anyway.
    public struct CityList: RandomAccessCollection, Sendable {
        /// Bytes per record.
        static let stride = 32
        private let blob: EmbeddedBytes
        /// Where the first record starts in `blob`.
        private let base: Int
        public let count: Int

        /// `count` records from `base`, fewer when the blob ends first (a damaged blob
        /// gives the cities it holds whole, as the decoder did).
        init(blob: EmbeddedBytes, base: Int, count: Int) {
            self.blob = blob
            self.base = base
            self.count = Swift.max(0, Swift.min(count, (blob.bytes.count - base) / CityList.stride))
        }

        /// No cities (a blob without a valid header).
        init() { self.init(blob: EmbeddedBytes(bytes: UnsafeBufferPointer(start: nil, count: 0)), base: 0, count: 0) }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        public subscript(i: Int) -> City {
            precondition(i >= 0 && i < count, "city index out of range")
            let r = base + i * CityList.stride
            let flags = blob.u8(at: r + 18)
            return City(latitude: Double(blob.i32(at: r)) / 1e5, longitude: Double(blob.i32(at: r + 4)) / 1e5,
                        population: Int(blob.u32(at: r + 8)), isolationKm: Double(blob.u32(at: r + 12)) / 1000,
                        countryCodeBytes: (blob.u8(at: r + 16), blob.u8(at: r + 17)), isPrimary: flags & 1 != 0,
                        nameOffset: Int32(bitPattern: blob.u32(at: r + 20)), koreanOffset: Int32(bitPattern: blob.u32(at: r + 24)),
                        asciiOffset: Int32(bitPattern: blob.u32(at: r + 28)))
        }

        /// The city's position (WGS84 degrees), without the rest of its record.
        func position(_ i: Int) -> (latitude: Double, longitude: Double) {
            precondition(i >= 0 && i < count, "city index out of range")
            let r = base + i * CityList.stride
            return (Double(blob.i32(at: r)) / 1e5, Double(blob.i32(at: r + 4)) / 1e5)
        }
    }
}

extension EmbeddedBytes {
    /// Little-endian reads at a byte offset the caller has checked.
    @inline(__always) func u8(at offset: Int) -> UInt8 { bytes[offset] }
    @inline(__always) func u32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    @inline(__always) func i32(at offset: Int) -> Int32 { Int32(bitPattern: u32(at: offset)) }
}
