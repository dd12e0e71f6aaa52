import XCTest
import Foundation
import Frame
import PinModel
@testable import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// The PostgreSQL store raises its failures with their kind (`StoreError.Kind`), which the
/// UI words in its own language (`KoreanStoreErrorTests` has the frames): a server that is
/// down, and a write by a role that may only read (PINMAP_TEST_PG_URL, always set by `.ci/run`).
final class StoreErrorKindPostgresTests: XCTestCase {
    /// A socket folder where no server listens: libpq's reason is always the same.
    func testAServerThatIsDownIsUnreachableWithItsServerDatabaseAndReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-no-server-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try PostgresStore(uri: "postgresql:///pins?host=\(folder)&port=5999")
            XCTFail("connected to no server")
        } catch {
            XCTAssertEqual(error.kind, .unreachable(server: "\(folder):5999", database: "pins",
                                                    reason: "connection to server on socket \"\(folder)/.s.PGSQL.5999\" failed: No such file or directory; Is the server running locally and accepting connections on that socket?"))
            XCTAssertEqual(error.code, PGErrorText.connectionCode)
        }
    }

    func testADeleteByARoleThatMayOnlyReadMayNotWriteInKorean() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let owner = try PostgresStore(uri: uri)
        for p in UIFixtures.seoulPins { try owner.insert(p) }
        let (role, reader) = try TestServer.readerRole(on: uri)
        addTeardownBlock { TestServer.dropReader(role, uri: uri) }

        XCTAssertThrowsError(try PostgresStore(uri: reader).delete(id: 5, ifVersion: 1)) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .mayNotWrite(reason: "permission denied for table pins"))
        }
        let r = try UIFixtures.liveRunner(over: try PostgresStore(uri: reader), uri: reader, environment: AppEnvironment(language: .korean))
        defer { r.stopLive() }
        r.selectListed("Busan Tower")
        r.press(.char("d"), .char("y"))
        guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else {
            return XCTFail("no notice: \(String(describing: r.state.feedback.modal?.content))")
        }
        XCTAssertFalse(success)
        XCTAssertEqual([title, message], ["핀을 지우지 못했습니다", "핀 #5 삭제에 실패했습니다: 이 PostgreSQL 역할에는 이 쓰기 권한이 없습니다 (permission denied for table pins). 서버 소유자에게 필요한 권한을 요청하세요"])
        XCTAssertEqual(try owner.count(), 5)
    }
}
