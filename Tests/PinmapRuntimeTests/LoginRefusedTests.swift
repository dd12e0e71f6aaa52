import XCTest
import Foundation
import Frame
import PinModel
import PinModelTesting
import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// A server that answers but refuses the login (here a role its owner made NOLOGIN, its
/// connections ended) is not an outage: the status line names the server's reason, keeps
/// retrying, and recovers by itself once the login is allowed again.
final class LoginRefusedTests: XCTestCase {
    func testARoleMadeNologinIsNamedOnTheStatusLineAndRecoveredWhenAllowedAgain() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let owner = try PostgresStore(uri: uri)
        for p in UIFixtures.seoulPins { try owner.insert(p) }
        let (role, reader) = try TestServer.readerRole(on: uri)
        addTeardownBlock { TestServer.dropReader(role, uri: uri) }
        let r = try UIFixtures.liveRunner(over: try PostgresStore(uri: reader), uri: reader, cols: 160)
        defer { r.stopLive() }
        let log = r.recordMessages()

        try PostgresDatabases.execute("ALTER ROLE \(role) NOLOGIN; SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'", uri: uri)
        let refused = "Store unreachable: the server refuses this login (role \"\(role)\" is not permitted to log in); retrying"
        XCTAssertTrue(r.wait(upTo: 5) { r.state.feedback.message == refused }, "\(log.messages)")
        XCTAssertEqual(r.text.components(separatedBy: "\n")[r.state.layout.statusRow],
                       " medium · 5 of 5 pins in view · z1   " + refused)
        // A write meanwhile fails with the reason the status line gives, not the connection
        // lost before it ("try again when it is back", of a login the server refuses).
        r.selectListed("Busan Tower")
        r.press(.char("d"), .char("y"))
        guard case .notice(let title, let message, _, _)? = r.state.feedback.modal?.content else {
            return XCTFail("no notice: \(String(describing: r.state.feedback.modal?.content))")
        }
        let at = PGLocation(uri: reader)
        XCTAssertEqual([title, message], ["Pin not deleted",
                                          "Deleting pin #5 failed: cannot connect to the PostgreSQL server \(at.server) (database \(at.database)): role \"\(role)\" is not permitted to log in"])
        r.press(.escape)

        try PostgresDatabases.execute("ALTER ROLE \(role) LOGIN", uri: uri)
        XCTAssertTrue(r.wait(upTo: 5) { !r.state.feedback.storeUnreachable }, "\(log.messages)")
        XCTAssertEqual(log.messages, ["⚠ reconnecting…", refused, "Reconnected to the store"])
    }

    /// libpq's reason for a role that may not log in is named as a refusal, with the server's words.
    func testTheServersRefusalIsItsOwnKind() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let (role, reader) = try TestServer.readerRole(on: uri)
        addTeardownBlock { TestServer.dropReader(role, uri: uri) }
        try PostgresDatabases.execute("ALTER ROLE \(role) NOLOGIN", uri: uri)
        XCTAssertThrowsError(try PostgresStore(uri: reader)) { error in
            let location = PGLocation(uri: reader)
            XCTAssertEqual((error as? StoreError)?.kind, .loginRefused(server: location.server, database: location.database,
                                                                      reason: "role \"\(role)\" is not permitted to log in"))
        }
        let missing = reader.replacingOccurrences(of: "/\(location(reader))?", with: "/pinmap_no_such_db?")
        XCTAssertThrowsError(try PostgresStore(uri: missing.replacingOccurrences(of: "user=\(role)", with: "user=postgres"))) { error in
            XCTAssertEqual((error as? StoreError)?.loginRefusal, "database \"pinmap_no_such_db\" does not exist")
        }
    }

    /// In Korean, with the server's reason as it wrote it; a server that does not answer says "reconnecting…".
    func testTheRefusalInKorean() throws {
        let r = try UIFixtures.runner(over: InMemoryPinRepository(pins: UIFixtures.seoulPins), environment: AppEnvironment(language: .korean))
        r.handle(.store(.unreachable(StoreError("refused", kind: .loginRefused(server: "db:5432", database: "pins",
                                                                                reason: "role \"reader\" is not permitted to log in")))), now: 1)
        XCTAssertEqual(r.state.feedback.message, "저장소에 연결할 수 없음: 서버가 이 로그인을 거부합니다 (role \"reader\" is not permitted to log in). 다시 시도하는 중")
        r.handle(.store(.unreachable(StoreError("down", kind: .connectionLost))), now: 2)
        XCTAssertEqual(r.state.feedback.message, "⚠ 다시 연결하는 중…")
    }

    private func location(_ uri: String) -> String { PGLocation(uri: uri).database }
}
