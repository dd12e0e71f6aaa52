import PinmapCore
import PinModel

/// How the runtime reads files for the Import tab, given by the command line (which has
/// the importer, `PinImport`, and the SQLite store it writes into): the runtime itself
/// reads no file formats.
public struct FileImporter: @unchecked Sendable {
    /// Reads the first `rows` rows of the file at `path` and what the importer detects.
    public var preview: (_ path: String, _ rows: Int) -> Result<ImportPreview, ImportFailure>
    /// Imports the file at `path` into `store` (the write lane's connection) in one
    /// transaction, calling `progress(done, total)` (bytes) on this thread as it goes and
    /// `shouldStop()` after it (true: stop, rolled back, a failure); the report, or the
    /// file-level failure in the UI's words.
    public var run: (_ path: String, _ store: any PinRepository, _ progress: @escaping @Sendable (Int64, Int64) -> Void,
                     _ shouldStop: @escaping () -> Bool) -> Result<ImportReport, ImportFailure>

    public init(preview: @escaping (String, Int) -> Result<ImportPreview, ImportFailure>,
                run: @escaping (String, any PinRepository, @escaping @Sendable (Int64, Int64) -> Void,
                                @escaping () -> Bool) -> Result<ImportReport, ImportFailure>) {
        self.preview = preview
        self.run = run
    }

    /// No importer (render, tests without files): every file is refused.
    public static var unavailable: FileImporter {
        FileImporter(preview: { path, _ in .failure(ImportFailure(file: path, .other("no importer"))) },
                     run: { path, _, _, _ in .failure(ImportFailure(file: path, .other("no importer"))) })
    }
}
