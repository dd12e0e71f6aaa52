import PinModel
import Support

/// `pinmap copy` from and into a SQLite store (PinCopying, in PinModel).
extension Store: PinCopying {
    public func copySnapshot() throws(StoreError) -> StoreSnapshot {
        do {
            return try reading { () throws -> StoreSnapshot in
                var comments: [Int64: [Comment]] = [:]
                let c = try db.prepare("SELECT id, pin_id, body, created_at FROM comments ORDER BY created_at, id")
                while try c.step() {
                    comments[c.int(1), default: []].append(Comment(id: c.int(0), pinID: c.int(1), body: c.text(2), createdAt: c.text(3)))
                }
                let st = try db.prepare("SELECT \(pinColumns), batch_id FROM pins ORDER BY id")
                var pins: [SnapshotPin] = []
                while try st.step() {
                    let pin = st.pin()
                    pins.append(SnapshotPin(pin: pin, batchID: st.isNull(10) ? nil : st.int(10), comments: comments[pin.id] ?? []))
                }
                return StoreSnapshot(batches: try importBatches(), pins: pins, source: location)
            }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
    }

    /// Adds the snapshot's pins that are not here yet, as an import adds rows
    /// (`beginBulkInsert`: search and the map's cells indexed once at the end, a large copy's
    /// indexes dropped and built again), so a million pins take seconds, not the ~100 s of
    /// their triggers row by row. A pin is matched only to the pins here before the copy (as
    /// the server matches them), on its key, while their indexes are still there.
    public func receive(_ snapshot: StoreSnapshot) throws(StoreError) -> CopyOutcome {
        // An empty store is written straight into its file, without the WAL's copy (as an import).
        let direct = !snapshot.pins.isEmpty && beginDirectWrites()
        defer { if direct { endDirectWrites() } }
        do {
            // The rows reference only the batches written here and the pins matched or written here.
            return try withoutForeignKeyChecks { try atomically { () throws(StoreError) -> CopyOutcome in try receiveNow(snapshot) } }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
    }

    private func receiveNow(_ snapshot: StoreSnapshot) throws(StoreError) -> CopyOutcome {
        var out = CopyOutcome()
        var added: [Int64: Int64] = [:]
        let batchIDs = try receiveBatches(snapshot.batches, &out, added: &added)
        var filled: Set<Int64> = []
        // The pins here already, by snapshot index (nil: new).
        var ids = try matchingPins(snapshot)
        out.skipped = ids.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        let fresh = snapshot.pins.count - out.skipped
        if fresh > 0 {
            try beginBulkInsert(expectedRows: fresh)
            let insert = try db.prepare("""
                INSERT INTO pins(title, description, category, latitude, longitude, created_at, updated_at, batch_id, properties, version, id)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            // The first new pin starts above the deleted pins' ids; the others follow it (one
            // transaction: nothing deletes between them).
            var firstID = try PinIDFloor(store: self).nextID()
            // Each batch's range of ids (`import_batch_pins`), written once at the end.
            var ranges: [Int64: (first: Int64, last: Int64)] = [:]
            for (i, sp) in snapshot.pins.enumerated() where ids[i] == nil {
                let p = sp.pin
                try PinRules.check(title: p.title, latitude: p.latitude, longitude: p.longitude,
                                   copied: StoredTextRule.Copied(pin: p.id, source: snapshot.source))
                let batch = sp.batchID.flatMap { batchIDs[$0] }
                insert.reset()
                try insert.bind([.text(p.title), .text(p.description), .text(p.category), .double(p.latitude),
                                 .double(p.longitude), .text(p.createdAt), .text(p.updatedAt), batch.map { .int($0) } ?? .null,
                                 .text(p.properties.isEmpty ? "{}" : p.properties), .int(p.version),
                                 firstID.map { .int($0) } ?? .null])
                firstID = nil
                try insert.step()
                let id = db.lastInsertRowID
                ids[i] = id
                if let batch { ranges[batch] = ranges[batch].map { (min($0.first, id), max($0.last, id)) } ?? (id, id) }
            }
            insert.reset()
            out.pins = fresh
            filled = Set(ranges.keys)
            for (batch, r) in ranges.sorted(by: { $0.key < $1.key }) {
                try db.execute("""
                    INSERT INTO import_batch_pins(batch_id, first_pin, last_pin) VALUES (\(batch), \(r.first), \(r.last))
                    ON CONFLICT(batch_id) DO UPDATE SET first_pin = min(first_pin, \(r.first)), last_pin = max(last_pin, \(r.last))
                    """)
            }
        }
        for id in snapshot.batchesLeftEmpty(added: added, filled: filled) {
            try db.execute("DELETE FROM import_batches WHERE id = \(id)")
            out.batches -= 1
        }
        out.comments = try receiveComments(snapshot, ids: ids)
        if fresh > 0 {
            // After the comments: the change log tells the copy as one row of pins added,
            // not a row per comment (`resumeChangeLog`).
            FreedMemory.release()
            try endBulkInsert()
        }
        return out
    }

    /// Adds the batches not here yet (matched by file and time); returns the snapshot's batch
    /// ids mapped to this store's (`added`: those it added).
    private func receiveBatches(_ batches: [ImportBatch], _ out: inout CopyOutcome,
                                added: inout [Int64: Int64]) throws(StoreError) -> [Int64: Int64] {
        var batchIDs: [Int64: Int64] = [:]
        let findBatch = try db.prepare("SELECT id FROM import_batches WHERE file = ? AND imported_at = ?")
        for b in batches {
            findBatch.reset()
            try findBatch.bind([.text(b.file), .text(b.importedAt)])
            if try findBatch.step() { batchIDs[b.id] = findBatch.int(0); continue }
            findBatch.reset()
            let last = max(Int64(try setting(BatchRecord.lastIDKey) ?? "0") ?? 0,
                           try db.scalarInt("SELECT coalesce(max(id), 0) FROM import_batches"))
            let ins = try db.prepare("""
                INSERT INTO import_batches(id, file, imported_at, imported, rejected, duplicates, encoding, delimiter)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try ins.bind([.int(last + 1), .text(b.file), .text(b.importedAt), .int(Int64(b.imported)), .int(Int64(b.rejected)),
                          .int(Int64(b.duplicates)), .text(b.encoding), .text(b.delimiter)])
            try ins.step()
            try setSetting(BatchRecord.lastIDKey, String(last + 1))
            batchIDs[b.id] = last + 1
            added[b.id] = last + 1
            out.batches += 1
        }
        return batchIDs
    }

    /// The id of the pin here with each snapshot pin's key (`SnapshotPin.key`), nil for none.
    private func matchingPins(_ snapshot: StoreSnapshot) throws(StoreError) -> [Int64?] {
        var ids = [Int64?](repeating: nil, count: snapshot.pins.count)
        guard try db.scalarInt("SELECT count(*) FROM pins") > 0 else { return ids }
        let same = try db.prepare("""
            SELECT id FROM pins WHERE latitude = ? AND longitude = ? AND title = ? AND description = ?
              AND category = ? AND created_at = ? LIMIT 1
            """)
        for (i, sp) in snapshot.pins.enumerated() {
            let p = sp.pin
            same.reset()
            try same.bind([.double(p.latitude), .double(p.longitude), .text(p.title), .text(p.description),
                           .text(p.category), .text(p.createdAt)])
            if try same.step() { ids[i] = same.int(0) }
        }
        same.reset()
        return ids
    }

    /// Adds each pin's comments not here yet (same body and time) to its pin here (`ids`);
    /// returns how many.
    private func receiveComments(_ snapshot: StoreSnapshot, ids: [Int64?]) throws(StoreError) -> Int {
        let comment = try db.prepare("INSERT INTO comments(pin_id, body, created_at) VALUES(?, ?, ?)")
        let hasComment = try db.prepare("SELECT 1 FROM comments WHERE pin_id = ? AND body = ? AND created_at = ?")
        var n = 0
        for (i, sp) in snapshot.pins.enumerated() {
            guard let id = ids[i] else { continue }
            for c in sp.comments {
                hasComment.reset()
                try hasComment.bind([.int(id), .text(c.body), .text(c.createdAt)])
                let there = try hasComment.step()
                hasComment.reset()
                if there { continue }
                comment.reset()
                try comment.bind([.int(id), .text(c.body), .text(c.createdAt)])
                try comment.step()
                n += 1
            }
        }
        return n
    }
}
