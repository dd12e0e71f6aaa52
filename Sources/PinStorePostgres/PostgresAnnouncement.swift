import PinModel

/// One announcement on the `pinmap` channel, the one place that knows its form: words
/// (`insert 12 CELL`, `update 12 OLD NEW`, `delete 12 CELL`, `comment PIN insert|delete ID`,
/// `import 5000`, `copy 3`, `undo-import 40`; migrations 2, 4, 16, 17), then a tab and the
/// role that wrote (migration 21; none from a store before it). A role name may hold spaces
/// and digits: it is everything after the first tab, never read as a word.
struct PostgresAnnouncement: Equatable {
    let words: [Substring]
    let role: String?

    init(_ payload: String) {
        if let tab = payload.firstIndex(of: "\t") {
            words = payload[..<tab].split(separator: " ")
            role = String(payload[payload.index(after: tab)...])
        } else {
            words = payload.split(separator: " ")
            role = nil
        }
    }
}

extension PostgresStore {
    /// Announces a write the row triggers do not (a bulk load, an undo of an import): `words`
    /// as `PostgresAnnouncement` reads them, with this connection's role.
    func announce(_ words: String) throws(StoreError) {
        try db.execute("SELECT pg_notify('pinmap', $1 || E'\\t' || current_user)", [words])
    }
}
