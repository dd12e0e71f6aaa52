/// Everything `pinmap copy` moves between two stores: the import batches, and each pin with
/// its batch and comments (ids are the source's).
public struct StoreSnapshot: Sendable {
    public var batches: [ImportBatch]
    public var pins: [SnapshotPin]
    /// The store it was read from, as messages name it (a path, or a server's location), so a
    /// pin the destination refuses is named where it can be fixed; "" when unknown.
    public var source: String
    public init(batches: [ImportBatch] = [], pins: [SnapshotPin] = [], source: String = "") {
        self.batches = batches; self.pins = pins; self.source = source
    }
}

extension StoreSnapshot {
    /// The batches a copy added that it takes back again, as the destination's ids, sorted:
    /// those of which the snapshot holds pins and none came across (each was there already),
    /// which the destination would list as imported and emptied ("0/32") though nothing of
    /// them was imported there. A batch without pins in the snapshot (all deleted at the
    /// source) is kept, as its history. `added`: the snapshot's batch id → the destination's,
    /// for the batches this copy added; `filled`: the destination's batch ids that a copied
    /// pin went into.
    public func batchesLeftEmpty(added: [Int64: Int64], filled: Set<Int64>) -> [Int64] {
        let withPins = Set(pins.lazy.compactMap(\.batchID))
        return added.filter { withPins.contains($0.key) && !filled.contains($0.value) }.map(\.value).sorted()
    }
}

/// A pin of a `StoreSnapshot`: the pin as stored, the id of its import batch in the same
/// snapshot (nil: added by hand) and its comments, oldest first.
public struct SnapshotPin: Sendable {
    public var pin: Pin
    public var batchID: Int64?
    public var comments: [Comment]
    public init(pin: Pin, batchID: Int64?, comments: [Comment]) { self.pin = pin; self.batchID = batchID; self.comments = comments }

    /// What makes two pins the same pin in two stores: a pin already in the destination with
    /// the same title, description, category, coordinates and creation time is not copied
    /// again (so a second `pinmap copy` copies nothing twice, and an import skips it as a
    /// duplicate).
    public var key: PinKey { PinKey(pin) }
}

/// The fields that identify a pin across stores (`SnapshotPin.key`).
public struct PinKey: Hashable, Sendable {
    public var title: String, description: String, category: String, createdAt: String
    public var latitude: Double, longitude: Double
    public init(_ p: Pin) {
        title = p.title; description = p.description; category = p.category; createdAt = p.createdAt
        latitude = p.latitude == 0 ? 0 : p.latitude; longitude = p.longitude == 0 ? 0 : p.longitude
    }
}

/// What `receive` did: pins copied, pins skipped (already there), comments and batches added.
public struct CopyOutcome: Sendable, Equatable {
    public var pins: Int, skipped: Int, comments: Int, batches: Int
    public init(pins: Int = 0, skipped: Int = 0, comments: Int = 0, batches: Int = 0) {
        self.pins = pins; self.skipped = skipped; self.comments = comments; self.batches = batches
    }
}

/// A store `pinmap copy` can read whole and write into: the SQLite store and the server.
public protocol PinCopying: PinRepository {
    /// Every batch and pin with its comments, read in one consistent view.
    func copySnapshot() throws(StoreError) -> StoreSnapshot
    /// Adds the snapshot's pins that are not here yet (`SnapshotPin.key`), with their
    /// comments (those not here yet) and batches (matched by file and time), all in one
    /// transaction: a failure leaves the store as it was. Pins get new ids here.
    func receive(_ snapshot: StoreSnapshot) throws(StoreError) -> CopyOutcome
}
