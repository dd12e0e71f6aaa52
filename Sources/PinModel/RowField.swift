/// Which part of a row a `RowIssue` is about, as the importer knows it: a column of the file by
/// its header, or a part of a format's record Pinmap names, with the key the format writes it
/// under (`geometry.coordinates[1]`, GPX's `lat`). `key` is what the command line, JSON reports
/// and the rejects file show; the UI words Pinmap's own parts in its language and shows a
/// column's header as written.
public enum RowField: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// A CSV column by its header as written (`lat`, `위도`, `WKT`).
    case column(String)
    /// A value past the header's last column, by its 1-based position (`(column 5)`).
    case extraColumn(Int)
    /// A record that cannot be split into fields (an unterminated quote): `(record)`.
    case record
    /// A row the store refused: `(row)`.
    case row
    /// The latitude of a format's point, under its key (`lat`, `geometry.coordinates[1]`).
    case latitude(key: String)
    /// The longitude of a format's point, under its key (`lon`, `geometry.coordinates[0]`).
    case longitude(key: String)
    /// A feature's geometry, under its key (`geometry`, `coordinates`, `shape`, a GeoPackage
    /// table's geometry column).
    case geometry(key: String)
    /// A feature's title, under its key (`properties.title`).
    case title(key: String)
    /// Another member of a format's record, under its key (GeoJSON's `type`).
    case member(String)

    /// The field as the file or the format names it.
    public var key: String {
        switch self {
        case .column(let header): return header
        case .extraColumn(let position): return "(column \(position))"
        case .record: return "(record)"
        case .row: return "(row)"
        case let .latitude(key), let .longitude(key), let .geometry(key), let .title(key), let .member(key): return key
        }
    }

    public var description: String { key }

    /// Names and keys from the file bounded to `MessageText.valueLimit`: a 50 MB header must
    /// not become a 50 MB message.
    var bounded: RowField {
        func cut(_ text: String) -> String { MessageText.truncated(text, limit: MessageText.valueLimit) }
        switch self {
        case .column(let header): return .column(cut(header))
        case .latitude(let key): return .latitude(key: cut(key))
        case .longitude(let key): return .longitude(key: cut(key))
        case .geometry(let key): return .geometry(key: cut(key))
        case .title(let key): return .title(key: cut(key))
        case .member(let key): return .member(cut(key))
        case .extraColumn, .record, .row: return self
        }
    }

    /// Encoded as its key (the JSON report's `field`).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}
