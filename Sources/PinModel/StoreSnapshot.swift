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
