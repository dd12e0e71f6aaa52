import CPrefetch
import Foundation
import PinModel

/// The posting lists of one bulk load's pins, built by the client as it sends them: for
/// every gram (`SearchGrams`), the ids of the pins that hold it, in increasing order, written
/// at the end as one segment of `search_postings` (migration 7): a row per gram, its ids as
/// LEB128 varints (`id - base + 1` first, then each id's difference from the one before),
/// as they are built. A million pins make ~57 million postings: building them costs the
/// client a lookup per gram of a pin and a write per posting, and the server a `COPY` of
/// ~70 MB of bytes instead of a GIN build of as many entries.
///
/// Pins must be added with increasing ids, from `base` up (a load's ids are). One builder
/// per thread.
///
/// A pin's lists are found first (`SearchTextMemo` for the texts pins repeat, else
/// `SearchGramTable` from their grams), then posted to. Built on memory of its own rather
/// than Swift arrays (an array of arrays cost two uniqueness checks per byte appended, a
/// fifth of a loader's work): every list's bytes in one arena, a list moved to a block twice
/// its size when full (the blocks it leaves are reused; all freed once written).
final class SearchPostings {
    /// The lowest id the segment may hold: every id is stored as `id - base`.
    let base: Int64
    /// Pins whose grams the server computes (properties that are not all strings).
    private(set) var serverComputed: [Int64] = []

    /// A list: where its bytes are in `bytes` (in 8 bytes: a block's offset is a multiple of 8,
    /// as its size is), how many, the room there, the pin last added (its offset + 1). 16
    /// bytes, four a cache line: a load reads one for every posting.
    private struct List {
        var block: UInt32, count: UInt32, room: UInt32, last: UInt32
        var at: Int { Int(block) << 3 }
    }

    /// The grams' numbers, which are their lists'.
    private let grams = SearchGramTable()
    /// The lists by number, `listCount` of `listRoom`.
    private var lists: UnsafeMutablePointer<List>
    private var listCount = 0, listRoom = 4_096
    /// The lists' bytes; `used` of `size` handed out.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var used = 0, size = 1 << 20
    /// Freed blocks by size (2^k bytes), each holding the offset of the next (-1: none).
    private let freed: UnsafeMutablePointer<Int>
    /// Texts pins repeat, and their lists.
    private let memo: SearchTextMemo
    private let lower = SearchLowercase()
    /// The lists of the pin being added (a list may be there more than once), `foundCount`
    /// of `foundRoom`; the keys of the grams of the text being looked up, as many.
    private var found: UnsafeMutablePointer<UInt32>, keys: UnsafeMutablePointer<UInt64>
    private var foundCount = 0, keyCount = 0, foundRoom = 1 << 10
    /// The lists were written and freed.
    private var written = false

    /// - Parameter memoLimit: lists of repeated texts' grams remembered at most (`SearchTextMemo`).
    init(base: Int64, memoLimit: Int = 1 << 20) {
        self.base = base
        memo = SearchTextMemo(limit: memoLimit)
        found = .allocate(capacity: foundRoom)
        keys = .allocate(capacity: foundRoom)
        lists = .allocate(capacity: listRoom)
        bytes = malloc(size)!.assumingMemoryBound(to: UInt8.self)
        freed = .allocate(capacity: 33)
        freed.initialize(repeating: -1, count: 33)
    }

    deinit {
        freeLists()
        found.deallocate()
        keys.deallocate()
        freed.deallocate()
    }

    /// Frees the lists (`write` is the last use).
    private func freeLists() {
        guard !written else { return }
        written = true
        lists.deallocate()
        free(bytes)
        grams.free()
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
    /// (Not inlined into the loader's loop: a profile shows what the search lists cost.)
    @inline(never)
    func add(id: Int64, title: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
             category: UnsafeBufferPointer<UInt8>, properties: UnsafeBufferPointer<UInt8>) {
        precondition(id >= base && id - base < Int64(Int32.max), "a segment's ids are base + 0 ..< 2^31")
        precondition(!written, "a segment's lists are written once, last")
        foundCount = 0
        let computed = SearchGrams.forEachText(title: title, description: description, category: category,
                                               properties: properties) { text in find(text) }
        if computed {
            post(UnsafeBufferPointer(start: found, count: foundCount), UInt32(id - base) + 1)
        } else {
            serverComputed.append(id)
        }
    }

    /// Appends to `found` the lists of the grams of `text`: those remembered for it (most
    /// texts' are), else those of its grams, remembered when it is seen again.
    private func find(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        guard text.count <= SearchTextMemo.longest else { return findGrams(text) }
        let hash = SearchTextMemo.hash(text)
        if let lists = memo.lists(of: text, hash: hash) {
            reserveFound(lists.count)
            (found + foundCount).update(from: lists.baseAddress!, count: lists.count)
            foundCount += lists.count
            return
        }
        let start = foundCount
        findGrams(text)
        memo.remember(text, hash: hash, lists: UnsafeBufferPointer(start: found + start, count: foundCount - start))
    }

    /// Appends to `found` the lists of the grams of `text`, in their order (lists made for
    /// new grams): the grams' keys first, their table slots fetched ahead, then their lists.
    private func findGrams(_ text: UnsafeBufferPointer<UInt8>) {
        keyCount = 0
        SearchGrams.forEachGram(text, lower) { a, b, c in
            if keyCount == foundRoom { reserveFound(keyCount + 1 - foundCount) }
            let key = SearchGrams.key(a, b, c)
            grams.prefetch(key)
            keys[keyCount] = key
            keyCount += 1
        }
        reserveFound(keyCount)
        for k in 0..<keyCount {
            let number = grams.number(keys[k])
            if Int(number) == listCount { newList() }
            found[foundCount] = number
            foundCount += 1
        }
    }

    /// Room in `found` for `more` lists (and in `keys` for as many grams).
    @inline(__always)
    private func reserveFound(_ more: Int) {
        guard foundCount + more > foundRoom else { return }
        while foundCount + more > foundRoom { foundRoom *= 2 }
        found = found.grown(keeping: foundCount, to: foundRoom)
        keys = keys.grown(keeping: keyCount, to: foundRoom)
    }

    /// A new empty list, number `listCount`.
    private func newList() {
        if listCount == listRoom {
            listRoom *= 2
            lists = lists.grown(keeping: listCount, to: listRoom)
        }
        lists[listCount] = List(block: 0, count: 0, room: 0, last: 0)
        listCount += 1
    }

    /// Appends pin `offset` to each of `lists` (once). The lists are spread over tens of MB,
    /// and most postings go where no other went for a while: the loads of a list and of its
    /// last bytes miss the caches, so both are fetched ahead (a list a few postings ahead,
    /// its bytes a few after that) and the misses overlap.
    @inline(__always)
    private func post(_ numbers: UnsafeBufferPointer<UInt32>, _ offset: UInt32) {
        let n = numbers.count
        let listAhead = 16, bytesAhead = 8
        for k in 0..<min(n, listAhead) { pm_prefetch(lists + Int(numbers[k])) }
        for k in 0..<n {
            if k + listAhead < n { pm_prefetch(lists + Int(numbers[k + listAhead])) }
            if k + bytesAhead < n {
                let l = lists[Int(numbers[k + bytesAhead])]
                pm_prefetch(bytes + l.at + Int(l.count))
            }
            post(Int(numbers[k]), offset)
        }
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
        precondition(at >> 3 <= Int(UInt32.max), "a segment's lists hold less than 32 GB")
        l.block = UInt32(at >> 3)
        l.room = UInt32(room)
    }

    /// Calls `body` with every list, in the order its gram was first seen: the gram's key
    /// (`SearchGrams.key`) and the list's bytes (the varints `write` sends as `ids`).
    func forEachList(_ body: (UInt64, UnsafeBufferPointer<UInt8>) throws(StoreError) -> Void) throws(StoreError) {
        precondition(!written, "a segment's lists are written once, last")
        for k in 0..<listCount {
            let l = lists[k]
            try body(grams.keys[k], UnsafeBufferPointer(start: bytes + l.at, count: Int(l.count)))
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
