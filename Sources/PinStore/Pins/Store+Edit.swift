import CSQLite
import Foundation

extension Store {
    /// Changes the given fields of pin `id` (nil leaves a field as it is), sets
    /// `updated_at` to now and counts the edit in `edits` (what `undo-import` checks).
    /// An edit that changes no value writes nothing: the pin keeps its update time
    /// and still counts as untouched. Coordinates are WGS84 decimal degrees.
    /// - Returns: the pin as stored afterwards, or nil when there is no pin `id`.
    /// - Throws: `StoreError` when the title is blank, a latitude is outside
    ///   −90…90 or a longitude outside −180…180 degrees (or not finite), or
    ///   SQLite fails; the pin is then unchanged.
    /// - Parameter ifVersion: the version the caller read; a pin at another version is left
    ///   as it is and `StoreError.changedElsewhere` thrown. nil: whatever its version.
    @discardableResult
    public func update(id: Int64, title: String?, description: String?, category: String?,
                       latitude: Double?, longitude: Double?, ifVersion: Int64?) throws(StoreError) -> Pin? {
        try PinRules.check(title: title, latitude: latitude, longitude: longitude)
        if let ifVersion {
            return try atomically { () throws(StoreError) -> Pin? in
                guard let current = try pin(id: id) else { return nil }
                guard current.version == ifVersion else {
                    throw StoreError.changed(id: id, expected: ifVersion, actual: current.version)
                }
                return try update(id: id, title: title, description: description, category: category,
                                  latitude: latitude, longitude: longitude, ifVersion: nil)
            }
        }
        var columns: [String] = []
        var args: [SQLValue] = []
        func set(_ column: String, _ v: SQLValue?) {
            guard let v else { return }
            columns.append(column); args.append(v)
        }
        set("title", title.map { .text($0) })
        set("description", description.map { .text($0) })
        set("category", category.map { .text($0) })
        set("latitude", latitude.map { .double($0) })
        set("longitude", longitude.map { .double($0) })
        if !columns.isEmpty {
            // `IS NOT` compares exactly (text byte for byte, 0.5 and 0.50 alike).
            let sets = columns.map { "\($0) = ?" } + ["updated_at = ?", "edits = edits + 1", "version = version + 1"]
            let changed = columns.map { "\($0) IS NOT ?" }.joined(separator: " OR ")
            let st = try db.prepare("UPDATE pins SET \(sets.joined(separator: ", ")) WHERE id = ? AND (\(changed))")
            try st.bind(args + [.text(clock.timestamp()), .int(id)] + args)
            try st.step()
        }
        return try pin(id: id)
    }

    /// Deletes pin `id` (its comments go with it) and returns it as it was,
    /// or nil when there was no such pin. - Throws: `StoreError` from SQLite.
    @discardableResult
    public func deleteReturningPin(id: Int64) throws(StoreError) -> Pin? {
        try deleteForUndo(id: id, ifVersion: nil)?.pin
    }

    /// Deletes pin `id` with its comments and returns all of it for
    /// `restore(_:)`, or nil when there was no such pin.
    /// - Throws: `StoreError` from SQLite; nothing is deleted then.
    /// - Parameter ifVersion: as `update`'s: a pin at another version is not deleted.
    @discardableResult
    public func deleteForUndo(id: Int64, ifVersion: Int64?) throws(StoreError) -> DeletedPin? {
        try atomically { () throws(StoreError) -> DeletedPin? in
            guard let pin = try pin(id: id) else { return nil }
            if let ifVersion, ifVersion != pin.version {
                throw StoreError.changed(id: id, expected: ifVersion, actual: pin.version)
            }
            let batch = try db.prepare("SELECT batch_id FROM pins WHERE id = ?")
            try batch.bind([.int(id)])
            let batchID: Int64? = try batch.step() && !batch.isNull(0) ? batch.int(0) : nil
            let deleted = DeletedPin(pin: pin, comments: try comments(pinID: id), batchID: batchID)
            _ = try deletePin(id: id)
            return deleted
        }
    }

    /// Puts a pin from `deleteForUndo(id:)` back with its timestamps, comments
    /// and import batch (when that batch still exists), in one transaction.
    /// Ids are kept when still free, else new ones are given (never a deleted pin's, `PinIDFloor`).
    /// - Returns: the id the pin has now.
    /// - Throws: `StoreError` when the pin breaks a rule of `PinRules` or
    ///   SQLite fails; nothing is restored then.
    @discardableResult
    public func restore(_ deleted: DeletedPin) throws(StoreError) -> Int64 {
        let p = deleted.pin
        try PinRules.check(title: p.title, latitude: p.latitude, longitude: p.longitude)
        return try atomically { () throws(StoreError) -> Int64 in
            var batch: SQLValue = .null
            if let b = deleted.batchID, try db.scalarInt("SELECT count(*) FROM import_batches WHERE id = ?", [.int(b)]) > 0 {
                batch = .int(b)
            }
            let idFree = try db.scalarInt("SELECT count(*) FROM pins WHERE id = ?", [.int(p.id)]) == 0
            let st = try db.prepare("""
                INSERT INTO pins(id, title, description, category, latitude, longitude, created_at, updated_at, batch_id, properties, version)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let id = idFree ? p.id : try PinIDFloor(store: self).nextID()
            try st.bind([id.map { .int($0) } ?? .null, .text(p.title), .text(p.description), .text(p.category),
                         .double(p.latitude), .double(p.longitude), .text(p.createdAt), .text(p.updatedAt), batch,
                         .text(p.properties), .int(p.version)])
            try st.step()
            let newID = db.lastInsertRowID
            if case .int(let b) = batch {  // a new id may lie outside the batch's id range
                try db.execute("""
                    INSERT INTO import_batch_pins(batch_id, first_pin, last_pin) VALUES (\(b), \(newID), \(newID))
                    ON CONFLICT(batch_id) DO UPDATE SET first_pin = min(first_pin, \(newID)), last_pin = max(last_pin, \(newID))
                    """)
            }
            let ins = try db.prepare("INSERT INTO comments(id, pin_id, body, created_at) VALUES(?, ?, ?, ?)")
            for c in deleted.comments {
                let free = try db.scalarInt("SELECT count(*) FROM comments WHERE id = ?", [.int(c.id)]) == 0
                try ins.bind([free ? .int(c.id) : .null, .int(newID), .text(c.body), .text(c.createdAt)])
                try ins.step()
            }
            return newID
        }
    }

    /// Runs `body` atomically: in a new `BEGIN IMMEDIATE` transaction, or in a
    /// savepoint when a transaction is already open. A thrown error undoes
    /// everything `body` did.
    func atomically<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try db.transaction(.write) { () throws -> T in try body() }
        } catch let e as StoreError {
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }
}
