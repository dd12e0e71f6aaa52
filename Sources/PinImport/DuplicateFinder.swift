import PinStore

/// Where an exact duplicate was found first.
public enum DuplicateOrigin: Sendable, Equatable {
    /// An earlier row of the same file (its physical line).
    case line(Int)
    /// A pin already in the store (its id).
    case pin(Int64)
}

/// Finds exact duplicates of pins: same name, same coordinates numerically, same description,
/// category and properties (as JSON text), and the same created date when the row gives one (a row without a date
/// matches a stored pin whose date was filled in at import time).
///
/// Digests of the store's pins are loaded once (constant work per row afterwards, and none at
/// all when the store is empty). Earlier rows of the same file are looked up by the reading
/// thread (`ScanPipeline`), which hands over a candidate; the finder remembers the id each pin
/// of the file was stored under. A digest match is confirmed by reading that one pin by its id
/// (the primary key) before a row is called a duplicate, so a file full of duplicates costs
/// one lookup each, whatever indexes a bulk import dropped. Only in a dry run, which stores
/// nothing, do rows of the same file match on the digest alone (64 bits: the chance of a false
/// match among 1,000,000 rows is about 3·10⁻⁸).
struct DuplicateFinder {
    private let store: Store
    private var storePins: DigestTable<Int32>
    /// By pin number in the file: the id it was stored under, above `firstID` (0 for a pin a
    /// dry run keeps); −1 when it was not stored (a duplicate, or refused).
    private var storedAs: [Int32] = []
    /// Ids of this import's pins are above it (they are given in increasing order).
    private let firstID: Int64
    private let fetchPin: Statement
    private let probeStore: Statement

    /// - Throws: `StoreError` when the store cannot be read.
    init(store: Store, expectedRows: Int) throws(StoreError) {
        self.store = store
        let existing = try store.count()
        firstID = try store.db.scalarInt("SELECT coalesce(max(id), 0) FROM pins")
        storePins = DigestTable(expected: existing)
        storedAs.reserveCapacity(expectedRows)
        fetchPin = try store.db.prepare("SELECT title, description, category, latitude, longitude, created_at, properties FROM pins WHERE id = ?")
        let match = "latitude = ?1 AND longitude = ?2 AND title = ?3 AND description = ?4 AND category = ?5 AND (?6 = '' OR created_at = ?6)"
            + " AND properties = ?7"
        probeStore = try store.db.prepare("SELECT id FROM pins WHERE \(match) ORDER BY id LIMIT 1")
        if existing > 0 { try loadStore() }
    }

    private mutating func loadStore() throws(StoreError) {
        let all = try store.db.prepare("SELECT id, title, description, category, latitude, longitude, properties FROM pins ORDER BY id")
        while try all.step() {
            let d = PinDigest.of(title: all.text(1), description: all.text(2), category: all.text(3), createdAt: nil,
                                 latitude: all.double(4), longitude: all.double(5), properties: all.text(6))
            let id = all.int(0)
            // 0 means "id too large for 32 bits": confirmed by a lookup on the coordinates instead.
            storePins.insert(d, id <= Int64(Int32.max) ? Int32(id) : 0)
        }
    }

    /// The digest of a row of the file (with its date), for `origin` and `remember`.
    static func fileDigest(_ p: ParsedPin) -> UInt64 {
        PinDigest.of(title: p.title, description: p.description, category: p.category, createdAt: p.createdAt,
                     latitude: p.latitude, longitude: p.longitude, properties: p.properties)
    }

    /// Whether `pin` duplicates an earlier row or a stored pin. Call `remember` for every pin.
    /// - Parameters:
    ///   - candidate: an earlier pin of the file with the same digest (`ScanPipeline.Row`).
    ///   - dryRun: nothing was stored, so an earlier row matches on its digest alone.
    /// - Throws: `StoreError` when the store cannot be read.
    func origin(of pin: ParsedPin, candidate: (line: Int, pinNumber: Int32)?, dryRun: Bool) throws(StoreError) -> DuplicateOrigin? {
        if let candidate {
            let i = Int(candidate.pinNumber)
            let earlier = i < storedAs.count ? storedAs[i] : -1
            if earlier >= 0 {
                if dryRun { return .line(candidate.line) }
                if try confirmStored(id: firstID + Int64(earlier), pin) { return .line(candidate.line) }
            }
        }
        guard storePins.count > 0, let ref = storePins.lookup(storeDigest(pin)) else { return nil }
        if ref > 0 {
            return try confirmStored(id: Int64(ref), pin) ? .pin(Int64(ref)) : nil
        }
        return try probe(probeStore, pin).map { .pin($0) }
    }

    /// What became of a pin of the file.
    enum Outcome {
        /// Stored under this id.
        case stored(Int64)
        /// Would be stored (a dry run).
        case kept
        /// Not stored: a duplicate, or refused by the store.
        case skipped
    }

    /// Records what became of pin number `pinNumber` of the file (in any order: pins waiting
    /// to be written are remembered after the duplicates read behind them).
    mutating func remember(pinNumber: Int32, _ outcome: Outcome) {
        let i = Int(pinNumber)
        if i >= storedAs.count { storedAs.append(contentsOf: repeatElement(-1, count: i + 1 - storedAs.count)) }
        switch outcome {
        case .stored(let id): storedAs[i] = Int32(clamping: id - firstID)
        case .kept: storedAs[i] = 0
        case .skipped: storedAs[i] = -1
        }
    }

    private func storeDigest(_ p: ParsedPin) -> UInt64 {
        PinDigest.of(title: p.title, description: p.description, category: p.category, createdAt: nil,
                     latitude: p.latitude, longitude: p.longitude, properties: p.properties)
    }

    private func confirmStored(id: Int64, _ p: ParsedPin) throws(StoreError) -> Bool {
        try fetchPin.bind([.int(id)])
        defer { fetchPin.reset() }
        guard try fetchPin.step() else { return false }
        return fetchPin.text(0) == p.title && fetchPin.text(1) == p.description && fetchPin.text(2) == p.category
            && fetchPin.double(3) == p.latitude && fetchPin.double(4) == p.longitude
            && (p.createdAt.isEmpty || fetchPin.text(5) == p.createdAt) && fetchPin.text(6) == p.properties
    }

    private func probe(_ st: Statement, _ p: ParsedPin) throws(StoreError) -> Int64? {
        try st.bind([.double(p.latitude), .double(p.longitude), .text(p.title), .text(p.description),
                     .text(p.category), .text(p.createdAt), .text(p.properties)])
        defer { st.reset() }
        return try st.step() ? st.int(0) : nil
    }
}
