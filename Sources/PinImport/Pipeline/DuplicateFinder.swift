import PinModel

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
/// all when the store is empty). Earlier rows of the same file are looked up by the digest of
/// their texts as the reading thread encoded them (`earlierPin`), which gives a candidate; the
/// finder remembers the id each pin of the file was stored under. A digest match is confirmed by reading that one pin by its id
/// (the primary key) before a row is called a duplicate, so a file full of duplicates costs
/// one lookup each, whatever indexes a bulk import dropped. Only in a dry run, which stores
/// nothing, do rows of the same file match on the digest alone (64 bits: the chance of a false
/// match among 1,000,000 rows is about 3·10⁻⁸).
struct DuplicateFinder {
    private let stored: any StoredPinLookup
    private var storePins: DigestTable<Int32>
    /// Earlier pins of the file: digest → line (high 32 bits) and pin number (low 32 bits) of
    /// the first pin with it.
    private var filePins: DigestTable<UInt64>
    /// By pin number in the file: the id it was stored under, above `firstID` (0 for a pin a
    /// dry run keeps); −1 when it was not stored (a duplicate, or refused).
    private var storedAs: [Int32] = []
    /// Ids of this import's pins are above it (they are given in increasing order).
    private let firstID: Int64
    /// The store's pins are looked up row by row, not loaded (a small file, a large store
    /// whose lookup says probes are cheaper: `StoredPinLookup.probeShare`).
    private var probing = false

    /// - Throws: `StoreError` when the store cannot be read.
    init(store: any PinImportStore, expectedRows: Int) throws(StoreError) {
        let existing = try store.count()
        stored = try store.storedPinLookup()
        firstID = stored.maxID
        storePins = DigestTable(expected: existing)
        filePins = DigestTable(expected: expectedRows)
        storedAs.reserveCapacity(expectedRows)
        guard existing > 0 else { return }
        if Double(expectedRows) < Double(existing) * stored.probeShare {
            probing = true
        } else {
            try loadStore()
        }
    }

    private mutating func loadStore() throws(StoreError) {
        // Filled outside `self` (the closure cannot write to it while `stored` is read);
        // the property lets go of it first, so the table is not copied.
        var table = storePins
        storePins = DigestTable(expected: 0)
        try stored.forEachPin { id, f in
            let d = PinDigest.of(title: f.title, description: f.description, category: f.category, createdAt: nil,
                                 latitude: f.latitude, longitude: f.longitude, properties: f.properties)
            // 0 means "id too large for 32 bits": confirmed by a lookup on the coordinates instead.
            table.insert(d, id <= Int64(Int32.max) ? Int32(id) : 0)
        }
        storePins = table
    }

    /// Whether `origin` looks among the store's pins (false for an empty store: then only a
    /// row with a candidate from the file can be a duplicate).
    var checksStore: Bool { probing || storePins.count > 0 }

    /// The digests of a batch's pins for `earlierPin` (their texts `encoded` in `text`, as
    /// `EncodedPinRow.append` laid them out; 0 for a row without a pin), with the table's
    /// slots for them read ahead (`DigestTable.touch`): each probe of a million-row file's
    /// table was a cache miss the importer's thread waited for, a fifth of its work.
    mutating func digests(_ encoded: [EncodedPinRow?], _ text: UnsafeBufferPointer<UInt8>) -> [UInt64] {
        let digests = encoded.map { $0.map { PinDigest.of($0, in: text) } ?? 0 }
        var keys: UInt64 = 0
        for d in digests where d != 0 { keys ^= filePins.touch(d) }
        touched = keys  // kept, so the reads are not left out
        return digests
    }

    /// What `digests` read (nothing uses it).
    private var touched: UInt64 = 0

    /// The earlier pin of the file with the same `digest` (`digests`) as this one: its line
    /// and pin number; nil when none, and then this pin (at `line`, number `pinNumber`) is
    /// the first with its digest. Call once per pin, in file order.
    mutating func earlierPin(digest: UInt64, line: Int, pinNumber: Int32) -> (line: Int, pinNumber: Int32)? {
        let (found, slot) = filePins.probe(digest)
        if let found { return (Int(found >> 32), Int32(truncatingIfNeeded: found)) }
        filePins.insert(digest, UInt64(UInt32(clamping: line)) << 32 | UInt64(UInt32(bitPattern: pinNumber)), at: slot)
        return nil
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
        if probing { return try stored.firstPin(matching: fields(pin)).map { .pin($0) } }
        guard checksStore, let ref = storePins.lookup(storeDigest(pin)) else { return nil }
        if ref > 0, try confirmStored(id: Int64(ref), pin) { return .pin(Int64(ref)) }
        // The table keeps one pin a digest, and a digest leaves the date out: another stored
        // pin with the same digest (the same place another day) may be the one this row
        // repeats. Looked up by its fields (rare: a digest's pin that differs).
        return try stored.firstPin(matching: fields(pin)).map { .pin($0) }
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
        if i == storedAs.count {
            storedAs.append(-1)  // the usual case: pins are remembered in order
        } else if i > storedAs.count {
            storedAs.append(contentsOf: repeatElement(-1, count: i + 1 - storedAs.count))
        }
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
        guard let f = try stored.fields(id: id) else { return false }
        return f.title == p.title && f.description == p.description && f.category == p.category
            && f.latitude == p.latitude && f.longitude == p.longitude
            && (p.createdAt.isEmpty || f.createdAt == p.createdAt) && f.properties == p.properties
    }

    /// A row's fields as the store's lookup takes them.
    private func fields(_ p: ParsedPin) -> StoredPinFields {
        StoredPinFields(title: p.title, description: p.description, category: p.category, latitude: p.latitude,
                               longitude: p.longitude, createdAt: p.createdAt, properties: p.properties)
    }
}
