import Foundation
import PinModel

/// The posting lists of one bulk load's pins, built by the client as it sends them: for
/// every gram (`SearchGrams`), the ids of the pins that hold it, in increasing order, written
/// at the end as one segment of `search_postings` (migration 7): a row per gram, its ids as
/// LEB128 varints (`id - base + 1` first, then each id's difference from the one before),
/// as they are built. A million pins make ~57 million postings: building them costs the
/// client a hash lookup per gram of a pin, and the server a `COPY` of ~70 MB of bytes
/// instead of a GIN build of as many entries.
///
/// Pins must be added with increasing ids, from `base` up (a load's ids are). One builder
/// per thread.
///
/// Built on memory of its own rather than Swift arrays (an array of arrays cost two
/// uniqueness checks per byte appended, a fifth of a loader's work): every list's bytes in
/// one arena, a list moved to a block twice its size when full (the blocks it leaves are
/// reused; all freed once written), and a gram of ASCII scalars found by direct lookup (8 MB for those of three),
/// any other through open addressing.
final class SearchPostings {
    /// The lowest id the segment may hold: every id is stored as `id - base`.
    let base: Int64
    /// Pins whose grams the server computes (properties that are not all strings).
    private(set) var serverComputed: [Int64] = []

    /// A list: where its bytes are in `bytes`, how many, the room there, the pin last added
    /// (its offset + 1).
    private struct List { var at: Int; var count: UInt32; var room: UInt32; var last: UInt32 }

    /// Gram keys (`SearchGrams.key`) and lists, by list number, in the order first seen.
    private var grams: UnsafeMutablePointer<UInt64>
    private var lists: UnsafeMutablePointer<List>
    private var listCount = 0, listRoom = 4_096
    /// The lists' bytes; `used` of `size` handed out.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var used = 0, size = 1 << 20
    /// Freed blocks by size (2^k bytes), each holding the offset of the next (-1: none).
    private var freed = [Int](repeating: -1, count: 33)
    /// List number + 1 (0: none yet) of the ASCII grams of 1, 2 and 3 scalars, by their
    /// scalars' 7 bits (the first highest).
    private let ascii1: UnsafeMutablePointer<Int32>, ascii2: UnsafeMutablePointer<Int32>, ascii3: UnsafeMutablePointer<Int32>
    /// Open addressing from any other gram's key to its list number + 1 (0: free).
    private var slots: UnsafeMutablePointer<Int32>
    private var slotCount = 1 << 12, shift: UInt64 = 64 - 12, hashed = 0
    private let lower = SearchLowercase()
    /// The lists were written and freed.
    private var written = false

    /// - Parameter memoLimit: lists of shared texts' grams remembered at most (`postShared`).
    init(base: Int64, memoLimit: Int = 1 << 20) {
        self.base = base
        self.memoLimit = memoLimit
        grams = .allocate(capacity: listRoom)
        lists = .allocate(capacity: listRoom)
        bytes = malloc(size)!.assumingMemoryBound(to: UInt8.self)
        ascii1 = Self.zeroed(1 << 7)
        ascii2 = Self.zeroed(1 << 14)
        ascii3 = Self.zeroed(1 << 21)
        slots = Self.zeroed(slotCount)
    }

    deinit { freeLists() }

    /// Frees the lists (`write` is the last use).
    private func freeLists() {
        guard !written else { return }
        written = true
        grams.deallocate()
        lists.deallocate()
        free(bytes)
        for table in [ascii1, ascii2, ascii3, slots] { free(table) }
    }

    private static func zeroed(_ n: Int) -> UnsafeMutablePointer<Int32> {
        calloc(n, MemoryLayout<Int32>.stride)!.assumingMemoryBound(to: Int32.self)
    }

    /// Adds a pin's grams; its `id` is above every id added before.
    func add(id: Int64, title: String, description: String, category: String, properties: String) {
        var (title, description, category, properties) = (title, description, category, properties)
        title.withUTF8 { t in
            description.withUTF8 { d in
                category.withUTF8 { c in
                    properties.withUTF8 { p in add(id: id, title: t, description: d, category: c, properties: p) }
                }
            }
        }
    }

    /// Adds a pin's grams from its texts' UTF-8 bytes; its `id` is above every id added before.
    func add(id: Int64, title: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
             category: UnsafeBufferPointer<UInt8>, properties: UnsafeBufferPointer<UInt8>) {
        precondition(id >= base && id - base < Int64(Int32.max), "a segment's ids are base + 0 ..< 2^31")
        precondition(!written, "a segment's lists are written once, last")
        let offset = UInt32(id - base) + 1
        let computed = SearchGrams.forEachText(title: title, description: description, category: category,
                                               properties: properties) { text, shared in
            if shared && !text.isEmpty && text.count <= Self.memoLength {
                postShared(text, offset)
            } else {
                SearchGrams.forEachGram(text, lower) { a, b, c in post(list(a, b, c), offset) }
            }
        }
        if !computed { serverComputed.append(id) }
    }

    /// A text many pins share (a description, a category): its bytes and the lists of its
    /// grams, in `memoBytes` and `memoLists`.
    private struct Memo { var hash: UInt64 = 0, textAt = 0, textCount = 0, listsAt = 0, listsCount = 0 }
    /// Texts up to this many bytes are remembered.
    private static let memoLength = 64
    /// By the texts' hash (its top 10 bits), the one remembered last there.
    private var memos = [Memo](repeating: Memo(), count: 1 << 10)
    private var memoBytes: [UInt8] = [], memoLists: [UInt32] = []
    /// Lists remembered at most before the memos start again (texts that replace each other
    /// leave theirs behind).
    private let memoLimit: Int

    /// Posts pin `offset` to the lists of the grams of `text`: the lists remembered for it
    /// when it was seen last, else found from its grams (and remembered). Most pins' texts
    /// but the title are the same few: their grams need not be found again each time (a
    /// third of a pin's grams, a third of their cost).
    private func postShared(_ text: UnsafeBufferPointer<UInt8>, _ offset: UInt32) {
        let h = FNV1a.hash(text)
        let slot = Int(truncatingIfNeeded: h >> 54)
        let m = memos[slot]
        if m.hash == h, m.textCount == text.count,
           memoBytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + m.textAt, text.baseAddress!, text.count) == 0 }) {
            memoLists.withUnsafeBufferPointer { lists in
                for k in m.listsAt..<(m.listsAt + m.listsCount) { post(Int(lists[k]), offset) }
            }
            return
        }
        if memoLists.count > memoLimit {  // texts replaced often: start again
            memoBytes.removeAll(keepingCapacity: true)
            memoLists.removeAll(keepingCapacity: true)
            for k in memos.indices { memos[k] = Memo() }
        }
        let listsAt = memoLists.count
        SearchGrams.forEachGram(text, lower) { a, b, c in
            let l = list(a, b, c)
            post(l, offset)
            memoLists.append(UInt32(l))
        }
        memos[slot] = Memo(hash: h, textAt: memoBytes.count, textCount: text.count, listsAt: listsAt, listsCount: memoLists.count - listsAt)
        memoBytes.append(contentsOf: text)
    }

    /// Appends pin `offset + 1` to list `list`, once.
    @inline(__always)
    private func post(_ list: Int, _ offsetPlusOne: UInt32) {
        var l = lists[list]
        guard l.last != offsetPlusOne else { return }
        if l.count + 5 > l.room { move(&l) }
        var d = offsetPlusOne - l.last
        var p = bytes + l.at + Int(l.count)
        let start = p
        while d >= 0x80 {
            p.pointee = UInt8(truncatingIfNeeded: d) | 0x80
            p += 1
            d >>= 7
        }
        p.pointee = UInt8(d)
        l.count += UInt32(p + 1 - start)
        l.last = offsetPlusOne
        lists[list] = l
    }

    /// Gives list `l` a block twice its room (at least 8 bytes) with its bytes, and frees its old one.
    private func move(_ l: inout List) {
        let room = max(8, 2 * Int(l.room))
        let k = room.trailingZeroBitCount
        let at: Int
        if freed[k] >= 0 {
            at = freed[k]
            freed[k] = UnsafeRawPointer(bytes + at).loadUnaligned(as: Int.self)
        } else {
            if used + room > size {
                // realloc: a block this large moves by remapping its pages, not by copying
                // them (the copies, and the faults on their new pages, were a tenth of a loader's work).
                size = max(2 * size, used + room)
                bytes = realloc(bytes, size)!.assumingMemoryBound(to: UInt8.self)
            }
            at = used
            used += room
        }
        (bytes + at).update(from: bytes + l.at, count: Int(l.count))
        if l.room > 0 {
            let old = Int(l.room).trailingZeroBitCount
            UnsafeMutableRawPointer(bytes + l.at).storeBytes(of: freed[old], as: Int.self)
            freed[old] = l.at
        }
        l.at = at
        l.room = UInt32(room)
    }

    /// The list of the gram of scalars (+ 1) `a`, `b`, `c` (`SearchGrams.forEachGram`), made when new.
    @inline(__always)
    private func list(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> Int {
        // 1…128: ASCII (0: no scalar there).
        guard a <= 128, b <= 128, c <= 128 else { return hashedList(SearchGrams.key(a, b, c)) }
        let slot: UnsafeMutablePointer<Int32>
        if a != 0 {
            slot = ascii3 + Int((a - 1) << 14 | (b - 1) << 7 | (c - 1))
        } else if b != 0 {
            slot = ascii2 + Int((b - 1) << 7 | (c - 1))
        } else {
            slot = ascii1 + Int(c - 1)
        }
        if slot.pointee == 0 { slot.pointee = Int32(newList(SearchGrams.key(a, b, c)) + 1) }
        return Int(slot.pointee) - 1
    }

    /// The list of `gram` (not all ASCII), made when new.
    private func hashedList(_ gram: UInt64) -> Int {
        let mask = slotCount - 1
        var i = Int((gram &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let s = slots[i]
            if s == 0 { break }
            if grams[Int(s) - 1] == gram { return Int(s) - 1 }
            i = (i + 1) & mask
        }
        let list = newList(gram)
        slots[i] = Int32(list + 1)
        hashed += 1
        if hashed * 2 > slotCount { grow() }
        return list
    }

    /// A new empty list for `gram`: its number.
    private func newList(_ gram: UInt64) -> Int {
        if listCount == listRoom {
            listRoom *= 2
            grams = Self.moved(grams, count: listCount, to: listRoom)
            lists = Self.moved(lists, count: listCount, to: listRoom)
        }
        grams[listCount] = gram
        lists[listCount] = List(at: 0, count: 0, room: 0, last: 0)
        listCount += 1
        return listCount - 1
    }

    private static func moved<T>(_ p: UnsafeMutablePointer<T>, count: Int, to room: Int) -> UnsafeMutablePointer<T> {
        let q = UnsafeMutablePointer<T>.allocate(capacity: room)
        q.moveInitialize(from: p, count: count)
        p.deallocate()
        return q
    }

    private func grow() {
        free(slots)
        slotCount *= 2
        slots = Self.zeroed(slotCount)
        shift -= 1
        let mask = slotCount - 1
        for k in 0..<listCount where !Self.isASCII(grams[k]) {
            var i = Int((grams[k] &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(k + 1)
        }
    }

    /// Whether every scalar of gram `key` is ASCII (its list is found by direct lookup).
    private static func isASCII(_ key: UInt64) -> Bool {
        var k = key
        while k != 0 {
            if k & 0x1F_FFFF > 128 { return false }
            k >>= 21
        }
        return true
    }

    /// Calls `body` with every list, in the order its gram was first seen: the gram's key
    /// (`SearchGrams.key`) and the list's bytes (the varints `write` sends as `ids`).
    func forEachList(_ body: (UInt64, UnsafeBufferPointer<UInt8>) throws(StoreError) -> Void) throws(StoreError) {
        precondition(!written, "a segment's lists are written once, last")
        for k in 0..<listCount {
            let l = lists[k]
            try body(grams[k], UnsafeBufferPointer(start: bytes + l.at, count: Int(l.count)))
        }
    }

    /// Writes the segment into `search_postings` (`COPY` in binary form), and the grams of
    /// the pins the client could not compute into `search_delta`, computed by the server from
    /// their rows in `table` (`pins`, or a load's side table). Frees the lists' bytes after.
    func write(on db: PGConnection, pinsIn table: String) throws(StoreError) {
        if listCount > 0 {
            try db.copyBinary("COPY search_postings (gram, base, ids) FROM STDIN (FORMAT binary)") { (out: PGCopyBinary) throws(StoreError) in
                try forEachList { (gram: UInt64, ids: UnsafeBufferPointer<UInt8>) throws(StoreError) in
                    out.row(3)
                    out.text(scalars: { append in SearchGrams.scalars(gram, append) })
                    out.int64(base)
                    out.raw(ids)
                    try out.endRow()
                }
            }
        }
        freeLists()
        if !serverComputed.isEmpty {
            try db.execute("""
                INSERT INTO search_delta(gram, id)
                SELECT DISTINCT g, id FROM \(table), unnest(pinmap_search_grams(pinmap_search_text(title, description, category, properties))) AS g
                WHERE id = ANY($1::bigint[]) ON CONFLICT DO NOTHING
                """, [PGArray.ints(serverComputed)])
        }
    }
}
