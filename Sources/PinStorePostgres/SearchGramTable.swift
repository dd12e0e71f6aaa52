import CPrefetch
import Foundation

/// The number of each gram of a bulk load's search lists (`SearchPostings`): 0, 1, 2, … in
/// the order the grams are first seen (their lists' order in the segment written).
///
/// A gram of ASCII scalars is found by direct lookup (8 MB for those of three), any other
/// through open addressing whose slots hold the key, so that a lookup is one cache line. A
/// text's grams are looked up in two passes (`prefetch` each, then `number` each): the
/// tables are too large for the caches, and their misses then overlap.
final class SearchGramTable {
    /// Gram keys (`SearchGrams.key`) by number.
    private(set) var keys: UnsafeMutablePointer<UInt64>
    private(set) var count = 0
    private var room = 4_096

    /// Number + 1 (0: none yet) of the ASCII grams of 1, 2 and 3 scalars, by their scalars'
    /// 7 bits (the first highest).
    private let ascii1: UnsafeMutablePointer<UInt32>, ascii2: UnsafeMutablePointer<UInt32>, ascii3: UnsafeMutablePointer<UInt32>

    /// A slot of the open addressing: a gram's key (0: free) and its number.
    private struct Slot { var key: UInt64, number: UInt32 }
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCount = 1 << 12, shift: UInt64 = 64 - 12, hashed = 0

    init() {
        keys = .allocate(capacity: room)
        // calloc: pages of zeros the kernel maps as they are touched (most never are).
        ascii3 = calloc(1 << 7 + 1 << 14 + 1 << 21, 4)!.assumingMemoryBound(to: UInt32.self)
        ascii2 = ascii3 + 1 << 21
        ascii1 = ascii2 + 1 << 14
        slots = Self.zeroed(slotCount)
    }

    private var freed = false

    deinit {
        free()
        keys.deallocate()
    }

    /// Frees the tables; the keys are all that is left.
    func free() {
        guard !freed else { return }
        freed = true
        Foundation.free(ascii3)
        Foundation.free(slots)
    }

    /// The key's scalars (+ 1; 0: none) from the first: a gram of three is `a, b, c`, of
    /// two `a, b` (`c` 0), of one `a`.
    @inline(__always)
    private static func scalars(_ key: UInt64) -> (UInt64, UInt64, UInt64) {
        (key & 0x1F_FFFF, key >> 21 & 0x1F_FFFF, key >> 42)
    }

    /// Where gram `key`'s lookup starts.
    @inline(__always)
    private func slot(_ key: UInt64) -> UnsafeMutableRawPointer {
        let (a, b, c) = Self.scalars(key)
        guard a <= 128, b <= 128, c <= 128 else {
            return UnsafeMutableRawPointer(slots + Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift))
        }
        if c != 0 { return UnsafeMutableRawPointer(ascii3 + Int((a - 1) << 14 | (b - 1) << 7 | (c - 1))) }
        if b != 0 { return UnsafeMutableRawPointer(ascii2 + Int((a - 1) << 7 | (b - 1))) }
        return UnsafeMutableRawPointer(ascii1 + Int(a - 1))
    }

    /// Brings the cache line where gram `key`'s lookup starts into the caches.
    @inline(__always)
    func prefetch(_ key: UInt64) { pm_prefetch(slot(key)) }

    /// The number of gram `key` (`SearchGrams.key`); `count`, the next, when it is new.
    @inline(__always)
    func number(_ key: UInt64) -> UInt32 {
        let (a, b, c) = Self.scalars(key)
        guard a <= 128, b <= 128, c <= 128 else { return hashedNumber(key) }
        let direct = slot(key).assumingMemoryBound(to: UInt32.self)
        if direct.pointee == 0 { direct.pointee = newNumber(key) + 1 }
        return direct.pointee - 1
    }

    private func hashedNumber(_ key: UInt64) -> UInt32 {
        let table = slots
        let mask = slotCount - 1
        var i = Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while table[i].key != 0 {
            if table[i].key == key { return table[i].number }
            i = (i + 1) & mask
        }
        let number = newNumber(key)
        table[i] = Slot(key: key, number: number)
        hashed += 1
        if hashed * 2 > slotCount { grow() }
        return number
    }

    private func newNumber(_ key: UInt64) -> UInt32 {
        if count == room {
            room *= 2
            keys = keys.grown(keeping: count, to: room)
        }
        precondition(count < Int(UInt32.max), "a segment holds fewer than 2^32 grams")
        keys[count] = key
        count += 1
        return UInt32(count - 1)
    }

    /// Twice the slots, refilled from the old.
    private func grow() {
        let old = slots, oldCount = slotCount
        slotCount *= 2
        shift -= 1
        slots = Self.zeroed(slotCount)
        let from = old, to = slots
        let mask = slotCount - 1
        for k in 0..<oldCount where from[k].key != 0 {
            var i = Int((from[k].key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while to[i].key != 0 { i = (i + 1) & mask }
            to[i] = from[k]
        }
        Foundation.free(old)
    }

    private static func zeroed(_ n: Int) -> UnsafeMutablePointer<Slot> {
        calloc(n, MemoryLayout<Slot>.stride)!.assumingMemoryBound(to: Slot.self)
    }
}
