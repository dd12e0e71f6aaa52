import PinStore

/// Where an exact duplicate was found first.
public enum DuplicateOrigin: Sendable, Equatable {
    /// An earlier row of the same file (its physical line).
    case line(Int)
    /// A pin already in the store (its id).
    case pin(Int64)
}

/// Finds exact duplicates of pins: same name, same coordinates numerically, same description
/// and category, and the same created date when the row gives one (a row without a date
/// matches a stored pin whose date was filled in at import time).
///
/// Digests of the store's pins are loaded once (constant work per row afterwards, and none at
/// all when the store is empty); digests of accepted rows are added as the file is read, with
/// the row's line and the id it was stored under. A digest match is confirmed by reading that
/// one pin by its id (the primary key) before a row is called a duplicate, so a file full of
/// duplicates costs one lookup each, whatever indexes a bulk import dropped. Only in a dry
/// run, which stores nothing, do rows of the same file match on the digest alone (64 bits:
/// the chance of a false match among 1,000,000 rows is about 3·10⁻⁸).
struct DuplicateFinder {
    private let store: Store
    private var storePins: DigestTable<Int32>
    /// Digest → the row's line (high 32 bits) and its id above `firstID` (low 32 bits).
    private var fileRows: DigestTable<UInt64>
    /// Ids of this import's pins are above it (they are given in increasing order).
    private let firstID: Int64
    private let fetchPin: Statement
    private let probeStore: Statement
    /// Where the last `origin` probe ended, so `remember` need not probe again.
    private var lastProbe: (digest: UInt64, slot: Int) = (0, -1)

    /// - Throws: `StoreError` when the store cannot be read.
    init(store: Store, expectedRows: Int) throws(StoreError) {
        self.store = store
        let existing = try store.count()
        firstID = try store.db.scalarInt("SELECT coalesce(max(id), 0) FROM pins")
        storePins = DigestTable(expected: existing)
        fileRows = DigestTable(expected: expectedRows)
        fetchPin = try store.db.prepare("SELECT title, description, category, latitude, longitude, created_at FROM pins WHERE id = ?")
        let match = "latitude = ?1 AND longitude = ?2 AND title = ?3 AND description = ?4 AND category = ?5 AND (?6 = '' OR created_at = ?6)"
        probeStore = try store.db.prepare("SELECT id FROM pins WHERE \(match) ORDER BY id LIMIT 1")
        if existing > 0 { try loadStore() }
    }

    private mutating func loadStore() throws(StoreError) {
        let all = try store.db.prepare("SELECT id, title, description, category, latitude, longitude FROM pins ORDER BY id")
        while try all.step() {
            let d = PinDigest.of(title: all.text(1), description: all.text(2), category: all.text(3), createdAt: nil,
                                 latitude: all.double(4), longitude: all.double(5))
            let id = all.int(0)
            // 0 means "id too large for 32 bits": confirmed by a lookup on the coordinates instead.
            storePins.insert(d, id <= Int64(Int32.max) ? Int32(id) : 0)
        }
    }

    /// The digest of a row of the file (with its date), for `origin` and `remember`.
    static func fileDigest(_ p: ParsedPin) -> UInt64 {
        PinDigest.of(title: p.title, description: p.description, category: p.category, createdAt: p.createdAt,
                     latitude: p.latitude, longitude: p.longitude)
    }

    /// Whether `pin` duplicates an earlier row or a stored pin. Call `remember` for rows that
    /// are kept.
    /// - Parameters:
    ///   - digest: `fileDigest(pin)`.
    ///   - dryRun: nothing was stored, so an earlier row matches on its digest alone.
    /// - Throws: `StoreError` when the store cannot be read.
    mutating func origin(of pin: ParsedPin, digest: UInt64, dryRun: Bool) throws(StoreError) -> DuplicateOrigin? {
        let (found, slot) = fileRows.probe(digest)
        lastProbe = (digest, slot)
        if let found {
            let line = Int(found >> 32)
            if dryRun { return .line(line) }
            if try confirmStored(id: firstID + Int64(found & 0xFFFF_FFFF), pin) { return .line(line) }
        }
        guard storePins.count > 0, let ref = storePins.lookup(storeDigest(pin)) else { return nil }
        if ref > 0 {
            return try confirmStored(id: Int64(ref), pin) ? .pin(Int64(ref)) : nil
        }
        return try probe(probeStore, pin).map { .pin($0) }
    }

    /// Records a kept row (`digest` = `fileDigest(pin)`, `id` where it was stored; nil in a
    /// dry run) so later copies in the file are found.
    mutating func remember(line: Int, id: Int64?, digest: UInt64) {
        let offset = UInt64(UInt32(clamping: max(0, (id ?? firstID) - firstID)))
        let value = UInt64(UInt32(clamping: line)) << 32 | offset
        if lastProbe.digest == digest {
            fileRows.insert(digest, value, at: lastProbe.slot)
        } else {
            fileRows.insert(digest, value)
        }
    }

    private func storeDigest(_ p: ParsedPin) -> UInt64 {
        PinDigest.of(title: p.title, description: p.description, category: p.category, createdAt: nil,
                     latitude: p.latitude, longitude: p.longitude)
    }

    private func confirmStored(id: Int64, _ p: ParsedPin) throws(StoreError) -> Bool {
        try fetchPin.bind([.int(id)])
        defer { fetchPin.reset() }
        guard try fetchPin.step() else { return false }
        return fetchPin.text(0) == p.title && fetchPin.text(1) == p.description && fetchPin.text(2) == p.category
            && fetchPin.double(3) == p.latitude && fetchPin.double(4) == p.longitude
            && (p.createdAt.isEmpty || fetchPin.text(5) == p.createdAt)
    }

    private func probe(_ st: Statement, _ p: ParsedPin) throws(StoreError) -> Int64? {
        try st.bind([.double(p.latitude), .double(p.longitude), .text(p.title), .text(p.description),
                     .text(p.category), .text(p.createdAt)])
        defer { st.reset() }
        return try st.step() ? st.int(0) : nil
    }
}
