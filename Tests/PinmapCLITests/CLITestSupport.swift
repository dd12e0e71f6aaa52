import Foundation
import XCTest
import PinmapCLI
import PinStore
import PinmapTestSupport

/// A fresh store file per test and a way to run command lines against it.
struct CLITestStore {
    let path: String

    /// A store path in a folder of `test`'s own, removed when the test ends. The folder
    /// exists, the store not yet (an explicit --db in a missing folder is refused).
    init(_ test: XCTestCase) {
        let folder = try? test.makeTempFolder()
        XCTAssertNotNil(folder, "no temporary folder")  // then a folder that does not exist
        path = (folder?.path ?? NSTemporaryDirectory() + "pinmap-test-unmade-\(UUID().uuidString)") + "/pins.sqlite"
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

/// JSON parsing for assertions, through `JSONDecoder`, which reads numbers
/// exactly (on Linux, `JSONSerialization` rounds some 17-digit doubles:
/// -0.30000000000000004 comes back as -0.3000000000000001). Objects become
/// `[String: Any]`, arrays `[Any]`, numbers `Double`.
enum JSON {
    private enum Value: Decodable {
        case string(String), number(Double), bool(Bool), null, array([Value]), object([String: Value])

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let d = try? c.decode(Double.self) {
                self = .number(d)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else if let a = try? c.decode([Value].self) {
                self = .array(a)
            } else {
                self = .object(try c.decode([String: Value].self))
            }
        }

        var any: Any {
            switch self {
            case .string(let s): return s
            case .number(let d): return d
            case .bool(let b): return b
            case .null: return NSNull()
            case .array(let a): return a.map(\.any)
            case .object(let o): return o.mapValues(\.any)
            }
        }
    }

    static func parse(_ text: String) throws -> Any { try JSONDecoder().decode(Value.self, from: Data(text.utf8)).any }

    static func object(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(try parse(text) as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
    }

    static func array(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try XCTUnwrap(try parse(text) as? [Any], "not a JSON array: \(text)", file: file, line: line).compactMap { $0 as? [String: Any] }
    }

    /// Objects inside an array member.
    static func objects(_ v: Any?) -> [[String: Any]]? { (v as? [Any])?.compactMap { $0 as? [String: Any] } }
    static func doubles(_ v: Any?) -> [Double]? { (v as? [Any])?.compactMap { $0 as? Double } }
    static func int(_ v: Any?) -> Int64? { (v as? Double).flatMap { Int64(exactly: $0) } }
    static func double(_ v: Any?) -> Double? { v as? Double }
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
