import Foundation

/// The list numbers of the grams of texts a bulk load's pins repeat, for `SearchPostings`:
/// most pins' descriptions and categories are the same few, and most titles are shared by
/// hundreds of pins ("Maple Coffee"); their grams need not be found again each time (finding
/// them was half of a pin's cost). A text is remembered the second time it is seen, so the
/// many titles seen once ("카차서 고기집") cost a tag, not a copy of their lists.
///
/// Direct-mapped by the text's hash: a text replaces the one remembered in its slot. When the
/// lists remembered pass `limit`, all are forgotten and remembering starts again (texts that
/// replace each other leave theirs behind). Built on memory of its own: its lookups are a
/// load's inner loop, where Swift arrays of a class cost retains and exclusivity checks.
final class SearchTextMemo {
    /// Texts up to this many bytes are remembered (a text has at most three grams a byte).
    static let longest = 64

    /// Lists of a text at most (its valid UTF-8's grams and then those of the repaired text:
    /// `SearchGrams.forEachGram`).
    private static let mostLists = 2 * 3 * longest

    /// A remembered text: its bytes in `text`, its lists in `lists`. `tag` 0: none.
    private struct Slot { var tag: UInt32 = 0, textAt: UInt32 = 0, listsAt: UInt32 = 0, textCount: UInt16 = 0, listsCount: UInt16 = 0 }

    private static let slotBits = 12
    private let slots: UnsafeMutablePointer<Slot>
    /// By slot, the tag of the text seen last there and not remembered (0: none).
    private let seen: UnsafeMutablePointer<UInt32>
    /// The remembered texts' bytes and lists, `textCount` and `listsCount` used.
    private var text: UnsafeMutablePointer<UInt8>, lists: UnsafeMutablePointer<UInt32>
    private var textCount = 0, textRoom = 1 << 16, listsCount = 0
    private let limit: Int

    /// - Parameter limit: lists remembered at most before all are forgotten.
    init(limit: Int) {
        self.limit = limit
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: Slot(), count: 1 << Self.slotBits)
        seen = .allocate(capacity: 1 << Self.slotBits)
        seen.initialize(repeating: 0, count: 1 << Self.slotBits)
        text = .allocate(capacity: textRoom)
        // A text's lists are added whole, after a check that they fit.
        lists = .allocate(capacity: limit + Self.mostLists)
    }

    deinit {
        slots.deallocate()
        seen.deallocate()
        text.deallocate()
        lists.deallocate()
    }

    /// The hash of a text (`FNV1a`), to pass to `lists(of:hash:)` and `remember`.
    @inline(__always)
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 { FNV1a.hash(text) }

    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> (64 - UInt64(slotBits))) }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) | 1 }

    /// The lists remembered for `text` (with `hash`), nil when it is not remembered.
    @inline(__always)
    func lists(of text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UnsafeBufferPointer<UInt32>? {
        let s = slots[Self.slot(hash)]
        guard s.tag == Self.tag(hash), Int(s.textCount) == text.count,
              memcmp(self.text + Int(s.textAt), text.baseAddress!, text.count) == 0 else { return nil }
        return UnsafeBufferPointer(start: lists + Int(s.listsAt), count: Int(s.listsCount))
    }

    /// Remembers `lists` as those of `text` (with `hash`, not remembered, at most `longest`
    /// bytes) if it was seen before, else notes that it was seen.
    func remember(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, lists given: UnsafeBufferPointer<UInt32>) {
        let i = Self.slot(hash), tag = Self.tag(hash)
        guard given.count <= Self.mostLists else { return }
        guard seen[i] == tag else {
            seen[i] = tag
            return
        }
        if listsCount + given.count > limit { forget() }
        if textCount + text.count > textRoom {
            textRoom *= 2
            self.text = self.text.grown(keeping: textCount, to: textRoom)
        }
        (self.text + textCount).update(from: text.baseAddress!, count: text.count)
        (lists + listsCount).update(from: given.baseAddress!, count: given.count)
        slots[i] = Slot(tag: tag, textAt: UInt32(textCount), listsAt: UInt32(listsCount),
                        textCount: UInt16(text.count), listsCount: UInt16(given.count))
        textCount += text.count
        listsCount += given.count
        seen[i] = 0
    }

    private func forget() {
        slots.update(repeating: Slot(), count: 1 << Self.slotBits)
        textCount = 0
        listsCount = 0
    }
}
