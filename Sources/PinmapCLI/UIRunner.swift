import Foundation
import GeoMap
import PinmapCore
import PinmapRuntime
import PinModel
import PinStore

/// The runner the terminal UI, `pinmap render` and `pinmap bench render` share: the SQLite
/// store with its frame cache, the importer, and what the core gets from the environment.
enum UIRunner {
    /// - Parameter workers: run every effect off the caller's thread, each lane with its own
    ///   connection to the store's file (the terminal UI; not for an in-memory store).
    static func make(store: Store, state: AppState, loadSamples: @escaping (any PinRepository) throws -> Int,
                     workers: Bool = false) -> AppRunner {
        store.useFrameCache()
        let path = store.path
        var open: (@Sendable () throws(StoreError) -> any PinRepository)?
        if workers && path != ":memory:" {
            open = { @Sendable () throws(StoreError) -> any PinRepository in
                let s = try Store(path: path)
                s.useFrameCache()
                return s
            }
        }
        return AppRunner(store: store, state: state, importer: UIFileImporter.make(), loadSamples: loadSamples, workers: open)
    }

    /// A runner that loads no sample pins (`render`, the benchmark).
    static func make(store: Store, state: AppState, loadSamples: @escaping () throws -> Int) -> AppRunner {
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
