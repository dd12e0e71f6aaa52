import Foundation
import GeoMap
import PinmapCore
import PinmapRuntime
import PinStore
import PinStorePostgres

/// The runner the terminal UI, `pinmap render` and `pinmap bench render` share: the SQLite
/// store with its frame cache (or the PostgreSQL store), the importer, and what the core gets from the environment.
enum UIRunner {
    static func make(store: any PinRepository, state: AppState, loadSamples: @escaping () throws -> Int) -> AppRunner {
        (store as? Store)?.useFrameCache()
        return AppRunner(store: store, state: state, importer: UIFileImporter.make(store: store), loadSamples: loadSamples)
    }

    /// The home folder and the working folder (Import tab paths) and the place names'
    /// language, read here so the core reads no environment.
    static func environment(localeIsUTF8: Bool, colorAvailable: Bool) -> AppEnvironment {
        let env = ProcessInfo.processInfo.environment
        return AppEnvironment(home: env["HOME"], cwd: FileManager.default.currentDirectoryPath, localeIsUTF8: localeIsUTF8,
                              colorAvailable: colorAvailable, placeLanguage: PlaceNaming.language(environment: env))
    }
}
