import Foundation
import XCTest
import PinmapCLI
import PinStore

/// A fresh store file per test and a way to run command lines against it.
struct CLITestStore {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("pinmap-cli-\(UUID().uuidString)").appendingPathComponent("pins.sqlite").path
    }

    /// Runs `pinmap <args> --db <path>` with captured output.
    @discardableResult
    func run(_ args: String..., terminal: Bool = false) -> CLIResult {
        PinmapCLI.execute(args + ["--db", path], terminal: terminal)
    }

    func run(_ args: [String], terminal: Bool = false) -> CLIResult {
        PinmapCLI.execute(args + ["--db", path], terminal: terminal)
    }

    func open() throws -> Store { try Store(path: path) }

    /// A temporary file path next to the store.
    func file(_ name: String) -> String { (path as NSString).deletingLastPathComponent + "/" + name }
}

/// JSON parsing for assertions.
enum JSON {
    static func object(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(value as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
    }

    static func array(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(value as? [[String: Any]], "not a JSON array of objects: \(text)", file: file, line: line)
    }

    static func int(_ v: Any?) -> Int64? { (v as? NSNumber)?.int64Value }
    static func double(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
}

/// Files of the repository, found from this source file (through the
/// scratch-package symlinks, if any).
enum RepoFiles {
    static var root: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    static var seoulPins: String { root.appendingPathComponent("Data/pins/pins-seoul.csv").path }
    static var airports: String {
        Bundle.module.url(forResource: "Fixtures/airports-subset", withExtension: "csv")?.path
            ?? URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/airports-subset.csv").path
    }
}
