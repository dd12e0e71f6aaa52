import PinModel

/// Writes, comments, settings, imports and export of the in-memory repository.
extension InMemoryPinRepository {
    @discardableResult
    public func insert(_ pin: NewPin, batchID: Int64?) throws(StoreError) -> Int64 {
        if let failingWrites { throw failingWrites }
        try PinRules.check(title: pin.title, latitude: pin.latitude, longitude: pin.longitude)
        lastPinID += 1
        let now = clock.timestamp()
        let created = pin.createdAt.flatMap { $0.isEmpty ? nil : $0 } ?? now
        rows[lastPinID] = Pin(id: lastPinID, title: pin.title, description: pin.description, category: pin.category,
                              latitude: pin.latitude, longitude: pin.longitude, createdAt: created, updatedAt: now,
                              properties: pin.properties.isEmpty ? "{}" : pin.properties)
        if let batchID { batchOf[lastPinID] = batchID }
        if let insertsDoneUnanswered { throw insertsDoneUnanswered }
        return lastPinID
    }

    @discardableResult
    public func update(id: Int64, title: String?, description: String?, category: String?,
                       latitude: Double?, longitude: Double?, ifVersion: Int64?) throws(StoreError) -> Pin? {
        if let failingWrites { throw failingWrites }
        try PinRules.check(title: title, latitude: latitude, longitude: longitude)
        guard var pin = rows[id] else { return nil }
        if let ifVersion, ifVersion != pin.version { throw StoreError.changed(id: id, expected: ifVersion, actual: pin.version) }
        let before = pin
        if let title { pin.title = title }
        if let description { pin.description = description }
        if let category { pin.category = category }
        if let latitude { pin.latitude = latitude }
        if let longitude { pin.longitude = longitude }
        guard pin != before else { return pin }  // no value changed: nothing written
        pin.updatedAt = clock.timestamp()
        pin.version += 1
        rows[id] = pin
        return pin
    }

    @discardableResult
    public func delete(id: Int64, ifVersion: Int64?) throws(StoreError) -> Bool {
        if let failingWrites { throw failingWrites }
        if let ifVersion, let pin = rows[id], ifVersion != pin.version {
            throw StoreError.changed(id: id, expected: ifVersion, actual: pin.version)
        }
        guard rows.removeValue(forKey: id) != nil else { return false }
        batchOf[id] = nil
        commentRows = commentRows.filter { $0.value.pinID != id }
        return true
    }

    public func deleteForUndo(id: Int64, ifVersion: Int64?) throws(StoreError) -> DeletedPin? {
        guard let pin = rows[id] else { return nil }
        if let ifVersion, ifVersion != pin.version { throw StoreError.changed(id: id, expected: ifVersion, actual: pin.version) }
        let deleted = DeletedPin(pin: pin, comments: try comments(pinID: id), batchID: batchOf[id])
        try delete(id: id)
        return deleted
    }

    @discardableResult
    public func restore(_ deleted: DeletedPin) throws(StoreError) -> Int64 {
        guard rows[deleted.pin.id] == nil else {
            throw StoreError("pin \(deleted.pin.id) exists already", code: StoreError.constraint)
        }
        rows[deleted.pin.id] = deleted.pin
        batchOf[deleted.pin.id] = deleted.batchID
        for c in deleted.comments { commentRows[c.id] = c }
        return deleted.pin.id
    }

    public func properties(ofPin id: Int64) throws(StoreError) -> [PinProperty] {
        guard let json = rows[id]?.properties, let read = propertyEntries else { return [] }
        return read(json)
    }

    // MARK: Comments

    public func comments(pinID: Int64) throws(StoreError) -> [Comment] {
        commentRows.values.filter { $0.pinID == pinID }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    @discardableResult
    public func addComment(pinID: Int64, body: String) throws(StoreError) -> Int64 {
        if let failingWrites { throw failingWrites }
        try PinRules.check(commentBody: body)
        guard rows[pinID] != nil else { throw StoreError.pinGone(pinID) }
        lastCommentID += 1
        commentRows[lastCommentID] = Comment(id: lastCommentID, pinID: pinID, body: body, createdAt: clock.timestamp())
        return lastCommentID
    }

    @discardableResult
    public func deleteComment(id: Int64) throws(StoreError) -> Comment? {
        if let failingWrites { throw failingWrites }
        return commentRows.removeValue(forKey: id)
    }

    // MARK: Settings

    public func setting(_ key: String) throws(StoreError) -> String? { settings[key] }
    public func setSetting(_ key: String, _ value: String) throws(StoreError) { settings[key] = value }

    // MARK: Imports and indexing (the fake records no imports and indexes as it writes)

    public func importBatches() throws(StoreError) -> [ImportBatch] { [] }
    public func recentImports(limit: Int) throws(StoreError) -> [RecentImport] { [] }
    public func changedPins(inBatch id: Int64) throws(StoreError) -> Int { 0 }

    @discardableResult
    public func undoImport(batchID id: Int64) throws(StoreError) -> Int? {
        let ids = batchOf.filter { $0.value == id }.map(\.key)
        guard !ids.isEmpty else { return nil }
        for pin in ids { try delete(id: pin) }
        return ids.count
    }

    public func hasIndexBacklog() throws(StoreError) -> Bool { false }
    public func indexBacklog() throws(StoreError) -> IndexBacklog { IndexBacklog(pins: 0, indexes: [], paused: false) }

    public func indexingElsewhere() throws(StoreError) -> Bool { false }

    @discardableResult
    public func finishIndexing(progress: ((IndexingProgress) -> Void)?, shouldStop: (() -> Bool)?) throws(StoreError) -> Int { 0 }

    /// The fake writes no file formats: an export fails with a clear error.
    public func export(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int {
        throw StoreError("the in-memory repository does not export (\(format.rawValue))")
    }
}
