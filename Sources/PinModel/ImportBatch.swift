/// One recorded import (a row of the store's `import_batches` table): `pinmap imports`.
public struct ImportBatch: Sendable, Codable, Equatable {
    public var id: Int64
    /// The imported file's absolute path.
    public var file: String
    /// When it was imported, ISO 8601 UTC (`2026-11-30T11:16:33Z`).
    public var importedAt: String
    public var imported: Int
    public var rejected: Int
    public var duplicates: Int
    public var encoding: String
    public var delimiter: String
    /// Pins of this batch still in the store (fewer than `imported` after single deletes).
    public var pinsLeft: Int

    public init(id: Int64, file: String, importedAt: String, imported: Int, rejected: Int, duplicates: Int,
                encoding: String, delimiter: String, pinsLeft: Int) {
        self.id = id; self.file = file; self.importedAt = importedAt; self.imported = imported
        self.rejected = rejected; self.duplicates = duplicates; self.encoding = encoding
        self.delimiter = delimiter; self.pinsLeft = pinsLeft
    }

    enum CodingKeys: String, CodingKey {
        case id, file, imported, rejected, duplicates, encoding, delimiter
        case importedAt = "imported_at", pinsLeft = "pins_left"
    }
}

/// An import as the Settings tab lists it (`PinRepository.recentImports`).
public struct RecentImport: Sendable, Equatable {
    public var id: Int64
    /// The imported file's absolute path.
    public var file: String
    /// ISO 8601 UTC.
    public var importedAt: String
    /// Pins the import added.
    public var imported: Int
    /// Pins of this import still in the store (fewer than `imported` after deletes): what
    /// undoing it would remove.
    public var pinsLeft: Int
    public init(id: Int64, file: String, importedAt: String, imported: Int, pinsLeft: Int) {
        self.id = id; self.file = file; self.importedAt = importedAt; self.imported = imported; self.pinsLeft = pinsLeft
    }
}
