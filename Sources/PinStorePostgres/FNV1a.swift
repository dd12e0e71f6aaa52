/// FNV-1a (64-bit) of a byte string: the hash of the client's small open-addressed tables
/// keyed by text (a load's categories, its shared texts' search lists).
enum FNV1a {
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }
}
