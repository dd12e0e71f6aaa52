/// A stable 64-bit digest of a pin's content, for finding exact duplicates quickly.
///
/// Hashes the title, description, category, created date and the coordinates' bit patterns
/// (−0 as +0, so the same number always hashes alike: `3.0` and `3.000` are one value), each
/// length-prefixed so fields cannot run into each other. FNV-1a 64 (Fowler–Noll–Vo, public
/// domain) followed by MurmurHash3's `fmix64` finaliser (Austin Appleby, public domain) so the
/// low bits are well mixed for the open-addressing table. Unlike Swift's `Hasher` it is not
/// seeded per process. A digest match is only a candidate: the importer confirms it against
/// the stored pin before it skips a row.
enum PinDigest {
    private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The digest of one pin. `createdAt` nil leaves the date out (to match store pins against
    /// rows of a file that has no date column). Never 0 (0 marks an empty table slot).
    static func of(title: String, description: String, category: String, createdAt: String?,
                   latitude: Double, longitude: Double) -> UInt64 {
        var h = offsetBasis
        func mix(_ byte: UInt8) { h = (h ^ UInt64(byte)) &* prime }
        func mix(_ value: UInt64) { for k in 0..<8 { mix(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) } }
        func mix(_ text: String) {
            mix(UInt64(text.utf8.count))
            for b in text.utf8 { mix(b) }
        }
        mix(title)
        mix(description)
        mix(category)
        if let createdAt { mix(UInt8(1)); mix(createdAt) } else { mix(UInt8(0)) }
        mix((latitude == 0 ? 0 : latitude).bitPattern)
        mix((longitude == 0 ? 0 : longitude).bitPattern)
        let f = fmix64(h)
        return f == 0 ? 1 : f
    }

    private static func fmix64(_ x: UInt64) -> UInt64 {
        var k = x
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }
}

/// A compact hash table from digest to a 32-bit reference (open addressing, linear probing,
/// at most 3/4 full). 12 bytes per slot: 1,000,000 entries take 25 MB, a quarter of
/// `Dictionary<UInt64, Int>`'s footprint. The first entry for a digest wins.
struct DigestTable {
    private var keys: [UInt64]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    /// - Parameter expected: entries expected (the table grows past it anyway).
    init(expected: Int = 0) {
        var capacity = 1024
        while capacity * 3 < max(expected, 1) * 4 { capacity <<= 1 }
        keys = [UInt64](repeating: 0, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The reference stored for `digest`, if any.
    func lookup(_ digest: UInt64) -> Int32? {
        var i = Int(truncatingIfNeeded: digest) & mask
        while true {
            let k = keys[i]
            if k == digest { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Adds `digest` → `value` unless `digest` is already present.
    mutating func insert(_ digest: UInt64, _ value: Int32) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        var i = Int(truncatingIfNeeded: digest) & mask
        while true {
            let k = keys[i]
            if k == digest { return }
            if k == 0 {
                keys[i] = digest
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        values = [Int32](repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 { insert(k, v) }
    }
}
