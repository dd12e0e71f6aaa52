import Foundation
import XCTest
import PinmapCLI
import PinStorePostgres
import PostgresTesting

/// A role the store's owner granted nothing is told it may not READ the store (not that it may
/// not write), by every command that opens it; and a server URI is one in any case of its
/// scheme (PINMAP_TEST_PG_URL, always set by `.ci/run`).
final class PostgresReadRightsTests: XCTestCase {
    private var uri = ""
    private var role = ""
    private var folder: URL!

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        uri = try TestServer.freshStoreURI()
        role = "pinmap_noperm_\(UUID().uuidString.prefix(8).lowercased())"
        try PostgresDatabases.execute("CREATE ROLE \(role) LOGIN", uri: uri)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !uri.isEmpty { TestServer.dropDatabase(uri) }
        if !role.isEmpty { TestServer.dropRole(role, fallbackURI: uri) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testARoleWithNoRightsIsToldItMayNotRead() throws {
        let noRights = uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        let refusal = "pinmap: this PostgreSQL role may not read the pins (permission denied for table schema_version); "
            + "ask the store's owner to grant it SELECT on Pinmap's tables\n"
        for args in [["list"], ["imports"], ["show", "1"]] {
            let r = PinmapCLI.execute(args + ["--db", noRights])
            XCTAssertEqual(r.code, 1, "\(args)")
            XCTAssertEqual(r.stderr, refusal, "\(args)")
        }
        let copy = PinmapCLI.execute(["copy", "--from", noRights, "--to", folder.appendingPathComponent("trip.sqlite").path])
        XCTAssertEqual(copy.code, 1)
        XCTAssertEqual(copy.stderr, refusal.replacingOccurrences(of: "pinmap: ", with: "pinmap copy: --from: "))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no file left")
    }

    func testASchemeInCapitalsOpensTheServer() throws {
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", uri]).code, 0)
        let capitals = "PostgreSQL" + uri.dropFirst("postgresql".count)
        let list = PinmapCLI.execute(["list", "--db", capitals])
        XCTAssertEqual(list.stderr, "")
        let pin = try XCTUnwrap(try PostgresStore(uri: uri).pin(id: 1))
        XCTAssertEqual(list.stdout, "1\t37.574400\t126.994000\tJongmyo\t\t\(pin.createdAt)\n")
    }
}
