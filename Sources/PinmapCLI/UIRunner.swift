import Foundation
import GeoMap
import PinmapCore
import PinmapRuntime
import PinModel
import PinStore

/// The runner the terminal UI, `pinmap render` and `pinmap bench render` share: the SQLite
/// store with its frame cache, the importer, and what the core gets from the environment.
enum UIRunner {
    static func make(store: Store, state: AppState, loadSamples: @escaping (any PinRepository) throws -> Int) -> AppRunner {
        store.useFrameCache()
        return AppRunner(store: store, state: state, importer: UIFileImporter.make(), loadSamples: loadSamples)
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
