import Foundation
import PinModel
import PinStore

/// Inserts, edits, deletes (with their versions), undo and comments.
extension PostgresStore {
    @discardableResult
    public func insert(_ pin: NewPin, batchID: Int64?) throws(StoreError) -> Int64 {
        try PinRules.check(title: pin.title, latitude: pin.latitude, longitude: pin.longitude)
        try textRule.check(title: pin.title, description: pin.description, category: pin.category, properties: pin.properties)
        let now = clock.timestamp()
        let created = pin.createdAt.flatMap { $0.isEmpty ? nil : $0 } ?? now
        let properties = pin.properties.isEmpty ? "{}" : pin.properties
        let r = try db.execute("""
            INSERT INTO pins(title, description, category, latitude, longitude, created_at, updated_at, properties,
                             properties_text, batch_id)
            VALUES ($1, $2, $3, $4::float8, $5::float8, $6, $7, $8::jsonb, $9::text, $10::bigint) RETURNING id
            """, [pin.title, pin.description, pin.category, "\(PinRules.stored(pin.latitude))", "\(PinRules.stored(pin.longitude))", created, now,
                  properties, properties, batchID.map { "\($0)" }])
        return r.int(0, 0)
    }

    /// Changes the given fields; with `ifVersion`, only when the pin is still at that version.
    /// An edit that changes no value writes nothing (no new version).
    @discardableResult
    public func update(id: Int64, title: String?, description: String?, category: String?,
                       latitude: Double?, longitude: Double?, ifVersion: Int64?) throws(StoreError) -> Pin? {
        try PinRules.check(title: title, latitude: latitude, longitude: longitude)
        try textRule.check(title: title, description: description, category: category)
        return try atomically { () throws(StoreError) -> Pin? in
            guard let current = try locked(id) else { return nil }
            if let ifVersion, ifVersion != current.version {
                throw StoreError.changed(id: id, expected: ifVersion, actual: current.version)
            }
            var b = PGParams(start: 1)
            var sets: [String] = []
            if let title, title != current.title { sets.append("title = \(b.add(title))") }
            if let description, description != current.description { sets.append("description = \(b.add(description))") }
            if let category, category != current.category { sets.append("category = \(b.add(category))") }
            if let latitude, latitude != current.latitude { sets.append("latitude = \(b.add(PinRules.stored(latitude)))") }
            if let longitude, longitude != current.longitude { sets.append("longitude = \(b.add(PinRules.stored(longitude)))") }
            guard !sets.isEmpty else { return current }
            sets += ["updated_at = \(b.add(clock.timestamp()))", "edits = edits + 1", "version = version + 1"]
            return try pins("UPDATE pins SET \(sets.joined(separator: ", ")) WHERE id = \(b.add(id)) RETURNING \(Self.pinColumns)",
                            b.values).first
        }
    }

    /// Pin `id` locked for this transaction (`FOR UPDATE`: a second writer waits its turn).
    private func locked(_ id: Int64) throws(StoreError) -> Pin? {
        try pins("SELECT \(Self.pinColumns) FROM pins WHERE id = $1 FOR UPDATE", ["\(id)"]).first
    }

    @discardableResult
    public func delete(id: Int64, ifVersion: Int64?) throws(StoreError) -> Bool {
        try deleteForUndo(id: id, ifVersion: ifVersion) != nil
    }

    public func deleteForUndo(id: Int64, ifVersion: Int64?) throws(StoreError) -> DeletedPin? {
        try atomically { () throws(StoreError) -> DeletedPin? in
            guard let pin = try locked(id) else { return nil }
            if let ifVersion, ifVersion != pin.version {
                throw StoreError.changed(id: id, expected: ifVersion, actual: pin.version)
            }
            let batch = try db.execute("SELECT batch_id FROM pins WHERE id = $1", ["\(id)"]).optionalInt(0, 0)
            let deleted = DeletedPin(pin: pin, comments: try comments(pinID: id), batchID: batch)
            try db.execute("DELETE FROM pins WHERE id = $1", ["\(id)"])
            return deleted
        }
    }

    /// Puts the pin back with its id (ids are given BY DEFAULT, so an old one may be written),
    /// version, comments and batch (when that batch still exists).
    @discardableResult
    public func restore(_ deleted: DeletedPin) throws(StoreError) -> Int64 {
        let p = deleted.pin
        try PinRules.check(title: p.title, latitude: p.latitude, longitude: p.longitude)
        try textRule.check(title: p.title, description: p.description, category: p.category, properties: p.properties)
        return try atomically { () throws(StoreError) -> Int64 in
            let free = try db.execute("SELECT NOT EXISTS (SELECT 1 FROM pins WHERE id = $1)", ["\(p.id)"]).text(0, 0) == "t"
            let batch = try deleted.batchID.flatMap { (b: Int64) throws(StoreError) -> Int64? in
                try db.execute("SELECT id FROM import_batches WHERE id = $1", ["\(b)"]).optionalInt(0, 0)
            }
            let id = try db.execute("""
                INSERT INTO pins(id, title, description, category, latitude, longitude, created_at, updated_at,
                                 properties, properties_text, batch_id, version)
                VALUES (coalesce($1::bigint, nextval(pg_get_serial_sequence('pins', 'id'))), $2, $3, $4, $5::float8, $6::float8,
                        $7, $8, $9::jsonb, $12::text, $10::bigint, $11::bigint) RETURNING id
                """, [free ? "\(p.id)" : nil, p.title, p.description, p.category, "\(p.latitude)", "\(p.longitude)",
                      p.createdAt, p.updatedAt, p.properties, batch.map { "\($0)" }, "\(p.version)", p.properties]).int(0, 0)
            for c in deleted.comments {
                try db.execute("""
                    INSERT INTO comments(id, pin_id, body, created_at)
                    VALUES (CASE WHEN EXISTS (SELECT 1 FROM comments WHERE id = $1::bigint) THEN nextval(pg_get_serial_sequence('comments', 'id'))
                            ELSE $1::bigint END, $2::bigint, $3, $4)
                    """, ["\(c.id)", "\(id)", c.body, c.createdAt])
            }
            return id
        }
    }

    public func properties(ofPin id: Int64) throws(StoreError) -> [PinProperty] {
        guard let json = try pin(id: id)?.properties, json != "{}" else { return [] }
        return PinProperties.entries(json)
    }

    // MARK: Comments

    public func comments(pinID: Int64) throws(StoreError) -> [Comment] {
        let r = try db.execute("SELECT id, pin_id, body, created_at FROM comments WHERE pin_id = $1 ORDER BY created_at, id",
                               ["\(pinID)"])
        return (0..<r.rows).map { Comment(id: r.int($0, 0), pinID: r.int($0, 1), body: r.text($0, 2), createdAt: r.text($0, 3)) }
    }

    @discardableResult
    public func addComment(pinID: Int64, body: String) throws(StoreError) -> Int64 {
        try PinRules.check(commentBody: body)
        try textRule.check(commentBody: body)
        guard try pin(id: pinID) != nil else { throw StoreError.pinGone(pinID) }
        return try db.execute("INSERT INTO comments(pin_id, body, created_at) VALUES ($1, $2, $3) RETURNING id",
                              ["\(pinID)", body, clock.timestamp()]).int(0, 0)
    }

    @discardableResult
    public func deleteComment(id: Int64) throws(StoreError) -> Comment? {
        let r = try db.execute("DELETE FROM comments WHERE id = $1 RETURNING id, pin_id, body, created_at", ["\(id)"])
        guard r.rows > 0 else { return nil }
        return Comment(id: r.int(0, 0), pinID: r.int(0, 1), body: r.text(0, 2), createdAt: r.text(0, 3))
    }
}
