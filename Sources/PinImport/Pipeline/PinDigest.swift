import PinModel
/// A stable 64-bit digest of a pin's content, for finding exact duplicates quickly.
///
/// Hashes the title, description, category, created date and the coordinates' bit patterns
/// (−0 as +0, so the same number always hashes alike: `3.0` and `3.000` are one value). Each
/// field goes through MurmurHash64A (Austin Appleby, public domain; 8 bytes per step) seeded
/// with the digest so far, and the algorithm folds in each field's length, so fields cannot
/// run into each other. Unlike Swift's `Hasher` it is not seeded per process. Digests are never
/// stored: they are recomputed from the pins each run. A digest match is only a candidate: the
/// importer confirms it against the stored pin before it skips a row.
enum PinDigest {
    private static let m: UInt64 = 0xC6A4_A793_5BD1_E995

    /// The digest of one pin. `createdAt` nil leaves the date out (to match store pins against
    /// rows of a file that has no date column). `properties` (a JSON object's text) is hashed
    /// only when it is not `{}`, so two rows that differ only in an extra column are not
    /// duplicates. Never 0 (0 marks an empty table slot).
    static func of(title: String, description: String, category: String, createdAt: String?,
                   latitude: Double, longitude: Double, properties: String = "{}") -> UInt64 {
        var h: UInt64 = 0x5069_6E4D   // any fixed seed
        h = murmur(title, seed: h)
        h = murmur(description, seed: h)
        h = murmur(category, seed: h)
        h = createdAt.map { murmur($0, seed: h ^ 1) } ?? murmurWord(0, seed: h)
        h = murmurWord((latitude == 0 ? 0 : latitude).bitPattern, seed: h)
        h = murmurWord((longitude == 0 ? 0 : longitude).bitPattern, seed: h)
        if properties != "{}" { h = murmur(properties, seed: h ^ 2) }
        return h == 0 ? 1 : h
    }

    /// The digest of a pin whose texts `EncodedPinRow.append` laid out in `text` (with its
    /// date): `of(title:description:category:createdAt:latitude:longitude:properties:)` of the
    /// same values, an empty properties text counting as `{}` (as the store keeps it).
    static func of(_ row: EncodedPinRow, in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        func span(_ from: Int32, _ to: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[Int(from)..<Int(to)])
        }
        let e = row.ends
        var h: UInt64 = 0x5069_6E4D
        h = murmur64A(span(row.start, e.0), seed: h)
        h = murmur64A(span(e.0, e.1), seed: h)
        h = murmur64A(span(e.1, e.2), seed: h)
        h = murmur64A(span(e.2, e.3), seed: h ^ 1)
        h = murmurWord((row.latitude == 0 ? 0 : row.latitude).bitPattern, seed: h)
        h = murmurWord((row.longitude == 0 ? 0 : row.longitude).bitPattern, seed: h)
        let properties = span(e.3, e.4)
        if !(properties.count == 2 && properties[0] == UInt8(ascii: "{") && properties[1] == UInt8(ascii: "}")) {
            h = murmur64A(properties, seed: h ^ 2)
        }
        return h == 0 ? 1 : h
    }

    private static func murmur(_ text: String, seed: UInt64) -> UInt64 {
        if let h = text.utf8.withContiguousStorageIfAvailable({ murmur64A($0, seed: seed) }) { return h }
        return Array(text.utf8).withUnsafeBufferPointer { murmur64A($0, seed: seed) }
    }

    private static func murmurWord(_ word: UInt64, seed: UInt64) -> UInt64 {
        withUnsafeBytes(of: word.littleEndian) { murmur64A($0.bindMemory(to: UInt8.self), seed: seed) }
    }

    /// MurmurHash64A of `bytes` (little-endian words, as the reference implementation on x86).
    static func murmur64A(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let r: UInt64 = 47
        let n = bytes.count
        var h = seed ^ (UInt64(n) &* m)
        guard let base = bytes.baseAddress else { return finish(h) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= n {
            var k = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            k &*= m
            k ^= k >> r
            k &*= m
            h ^= k
            h &*= m
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            for j in 0..<(n - i) { tail |= UInt64(bytes[i + j]) << (8 * UInt64(j)) }
            h ^= tail
            h &*= m
        }
        return finish(h)
    }

    private static func finish(_ x: UInt64) -> UInt64 {
        var h = x
        h ^= h >> 47
        h &*= m
        h ^= h >> 47
        return h
    }
}

/// A compact hash table from digest to a fixed-width integer reference (open addressing,
/// linear probing, at most 3/4 full). Each slot holds the digest and its value side by side,
/// so a lookup costs one cache miss, not two (the table is far larger than the caches: with
/// separate arrays, probing was the costliest step of reading a million rows): 16 bytes a
/// slot, 1,000,000 entries take 21 MB. The first entry for a digest wins.
struct DigestTable<Value: FixedWidthInteger> {
    private struct Slot {
        var key: UInt64
        var value: Value
    }

    private var slots: [Slot]
    private(set) var count = 0

    /// - Parameter expected: entries expected (the table grows past it anyway). The table is
    ///   sized to hold them at 3/4 full exactly (not rounded up to a power of two: a
    ///   million-row import would waste 7 MB).
    init(expected: Int = 0) {
        slots = [Slot](repeating: Slot(key: 0, value: 0), count: max(1024, max(expected, 1) * 4 / 3 + 1))
    }

    /// The first slot to look at for `digest`: the high word of digest × capacity, a
    /// multiply-shift range reduction (Lemire) that spreads digests evenly over any capacity.
    @inline(__always) private func home(_ digest: UInt64) -> Int {
        Int(truncatingIfNeeded: digest.multipliedFullWidth(by: UInt64(slots.count)).high)
    }

    /// Reads the slot a probe for `digest` looks at first and returns its key: a batch's
    /// slots read one after the other, before they are probed, wait for their cache misses
    /// together rather than one a probe.
    @inline(__always) func touch(_ digest: UInt64) -> UInt64 {
        slots.withUnsafeBufferPointer { $0[home(digest)].key }
    }

    /// The reference stored for `digest`, if any.
    func lookup(_ digest: UInt64) -> Value? {
        probe(digest).value
    }

    /// The value for `digest`, or the empty slot where it would go (for `insert(_:_:at:)`).
    func probe(_ digest: UInt64) -> (value: Value?, slot: Int) {
        slots.withUnsafeBufferPointer { s in
            var i = home(digest)
            while true {
                let k = s[i].key
                if k == digest { return (s[i].value, i) }
                if k == 0 { return (nil, i) }
                i = i + 1 == s.count ? 0 : i + 1
            }
        }
    }

    /// Adds `digest` → `value` at `slot` from `probe(digest)` (no other insert in between):
    /// saves probing the table twice.
    mutating func insert(_ digest: UInt64, _ value: Value, at slot: Int) {
        guard slot >= 0, slot < slots.count, slots[slot].key == 0, (count + 1) * 4 <= slots.count * 3 else {
            return insert(digest, value)
        }
        slots[slot] = Slot(key: digest, value: value)
        count += 1
    }

    /// Adds `digest` → `value` unless `digest` is already present.
    mutating func insert(_ digest: UInt64, _ value: Value) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let (found, slot) = probe(digest)
        guard found == nil else { return }
        slots[slot] = Slot(key: digest, value: value)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(key: 0, value: 0), count: old.count * 2)
        count = 0
        for s in old where s.key != 0 { insert(s.key, s.value) }
    }
}
