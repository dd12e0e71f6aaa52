import Foundation
import GeoMap
import PinmapCore
import PinmapRuntime
import PinModel
import PinStore
import PinStorePostgres

/// The runner the terminal UI, `pinmap render` and `pinmap bench render` share: the SQLite
/// store with its frame cache (or the PostgreSQL store), the importer, and what the core gets from the environment.
enum UIRunner {
    /// - Parameter workers: run every effect off the caller's thread, each lane with its own
    ///   connection to the store (the terminal UI; not for an in-memory store): the file's
    ///   path, or the server's `uri` (a PostgreSQL store). With them, other processes' writes
    ///   show without a key (`changeSource`), watched from before the first read.
    /// - Parameter firstRun: the store was just made: the sample pins go in first.
    static func make(store: any PinRepository, state: AppState, loadSamples: @escaping (any PinRepository) throws -> Int,
                     workers: Bool = false, uri: String? = nil, firstRun: Bool = false) -> AppRunner {
        (store as? Store)?.useFrameCache()
        return AppRunner(store: store, state: state, importer: UIFileImporter.make(), loadSamples: loadSamples,
                         workers: workers ? connector(for: store, uri: uri) : nil,
                         watch: workers ? changeSource(for: store, uri: uri) : nil, firstRun: firstRun)
    }

    /// Opens one more connection to the store of `store` (nil: an in-memory store has none).
    static func connector(for store: any PinRepository, uri: String?) -> (@Sendable () throws(StoreError) -> any PinRepository)? {
        if let file = store as? Store {
            let path = file.path
            guard path != ":memory:" else { return nil }
            return { @Sendable () throws(StoreError) -> any PinRepository in
                let s = try Store(path: path)
                s.useFrameCache()
                try s.markChangesAsOwn()
                return s
            }
        }
        guard let server = store as? PostgresStore, let uri else { return nil }
        // The lanes' writes are the UI's own, as the first connection's are (`changeSource`).
        let own = server.ownBackends
        return { @Sendable () throws(StoreError) -> any PinRepository in try PostgresStore(uri: uri, ownBackends: own) }
    }

    /// Where other processes' writes are seen: a server's announcements (LISTEN) or a file's
    /// change log, each on a connection of its own (`uri`: the server's); the UI's own
    /// connections mark their writes (`Store.markChangesAsOwn`, here for the first, in
    /// `connector` for the lanes'). Nil for an in-memory store, which has no other writers.
    static func changeSource(for store: any PinRepository, uri: String?) -> (@Sendable () throws(StoreError) -> any StoreChangeSource)? {
        if let file = store as? Store, file.path != ":memory:" {
            let path = file.path
            // Only a store that cannot be written refuses the TEMP trigger: its UI writes nothing.
            try? file.markChangesAsOwn()
            return { () throws(StoreError) -> any StoreChangeSource in try SQLiteChangeSource(path: path) }
        }
        guard let server = store as? PostgresStore, let uri else { return nil }
        let own = server.ownBackends
        return { () throws(StoreError) -> any StoreChangeSource in try PostgresChangeSource(uri: uri, ownBackends: own) }
    }

    /// A runner that loads no sample pins (`render`, the benchmark).
    static func make(store: any PinRepository, state: AppState, loadSamples: @escaping () throws -> Int) -> AppRunner {
        make(store: store, state: state, loadSamples: { _ in try loadSamples() })
    }

    /// The home folder and the working folder (Import tab paths) and the place names'
    /// language, read here so the core reads no environment.
    static func environment(localeIsUTF8: Bool, colorAvailable: Bool, indexesWhenNeeded: Bool = false) -> AppEnvironment {
        let env = ProcessInfo.processInfo.environment
        return AppEnvironment(home: env["HOME"], cwd: FileManager.default.currentDirectoryPath, localeIsUTF8: localeIsUTF8,
                              colorAvailable: colorAvailable, placeLanguage: PlaceNaming.language(environment: env),
                              indexesWhenNeeded: indexesWhenNeeded)
    }
}
