import PinModel

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
                return StoreSnapshot(batches: try importBatches(), pins: pins)
            }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
    }

    public func receive(_ snapshot: StoreSnapshot) throws(StoreError) -> CopyOutcome {
        try atomically { () throws(StoreError) -> CopyOutcome in
            var out = CopyOutcome()
            var batchIDs: [Int64: Int64] = [:]
            let findBatch = try db.prepare("SELECT id FROM import_batches WHERE file = ? AND imported_at = ?")
            for b in snapshot.batches {
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
                out.batches += 1
            }
            let existing = try db.scalarInt("SELECT count(*) FROM pins") > 0
            let same = try db.prepare("""
                SELECT id FROM pins WHERE latitude = ? AND longitude = ? AND title = ? AND description = ?
                  AND category = ? AND created_at = ? LIMIT 1
                """)
            let insert = try db.prepare("""
                INSERT INTO pins(title, description, category, latitude, longitude, created_at, updated_at, batch_id, properties, version)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let comment = try db.prepare("INSERT INTO comments(pin_id, body, created_at) VALUES(?, ?, ?)")
            let hasComment = try db.prepare("SELECT 1 FROM comments WHERE pin_id = ? AND body = ? AND created_at = ?")
            for sp in snapshot.pins {
                let p = sp.pin
                var id: Int64?
                if existing {
                    same.reset()
                    try same.bind([.double(p.latitude), .double(p.longitude), .text(p.title), .text(p.description),
                                   .text(p.category), .text(p.createdAt)])
                    if try same.step() { id = same.int(0) }
                    same.reset()
                }
                if id == nil {
                    try PinRules.check(title: p.title, latitude: p.latitude, longitude: p.longitude)
                    let batch: SQLValue = sp.batchID.flatMap { batchIDs[$0] }.map { .int($0) } ?? .null
                    insert.reset()
                    try insert.bind([.text(p.title), .text(p.description), .text(p.category), .double(p.latitude),
                                     .double(p.longitude), .text(p.createdAt), .text(p.updatedAt), batch,
                                     .text(p.properties.isEmpty ? "{}" : p.properties), .int(p.version)])
                    try insert.step()
                    let newID = db.lastInsertRowID
                    id = newID
                    out.pins += 1
                    if case .int(let b) = batch {
                        try db.execute("""
                            INSERT INTO import_batch_pins(batch_id, first_pin, last_pin) VALUES (\(b), \(newID), \(newID))
                            ON CONFLICT(batch_id) DO UPDATE SET first_pin = min(first_pin, \(newID)), last_pin = max(last_pin, \(newID))
                            """)
                    }
                } else {
                    out.skipped += 1
                }
                for c in sp.comments {
                    hasComment.reset()
                    try hasComment.bind([.int(id!), .text(c.body), .text(c.createdAt)])
                    let there = try hasComment.step()
                    hasComment.reset()
                    if there { continue }
                    comment.reset()
                    try comment.bind([.int(id!), .text(c.body), .text(c.createdAt)])
                    try comment.step()
                    out.comments += 1
                }
            }
            return out
        }
    }
}
