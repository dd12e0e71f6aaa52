import XCTest
import Foundation
import PinModel
import Frame
import PinmapCore
@testable import PinStorePostgres
import PostgresTesting

/// On a server store a team member's UI names who changed the pins ("3 pins added by minji"):
/// every announcement carries the role that wrote (migration 21). A change that this role
/// made from elsewhere (another process of the same user, or a team sharing one role), or
/// that mixes both, stays "elsewhere".
final class ChangesByAnotherRoleTests: XCTestCase {
    func testAnAnnouncementIsItsWordsThenTheRoleAfterATab() {
        XCTAssertEqual(PostgresAnnouncement("insert 12 345\tminji").words, ["insert", "12", "345"])
        XCTAssertEqual(PostgresAnnouncement("insert 12 345\tminji").role, "minji")
        // A role's name is all after the tab: spaces, digits and tabs are its own.
        let odd = PostgresAnnouncement("update 7 1 2\tteam 7\tb")
        XCTAssertEqual(odd.words, ["update", "7", "1", "2"])
        XCTAssertEqual(odd.role, "team 7\tb")
        XCTAssertEqual(PostgresAnnouncement("import 5000").words, ["import", "5000"], "a store before migration 21")
        XCTAssertNil(PostgresAnnouncement("import 5000").role)
    }

    func testTheStatusLineNamesTheOtherUsers() {
        func text(_ by: Set<String>, ascii: Bool = false) -> String {
            var change = StoreChange(added: 3, deleted: 1)
            change.by = by
            return AppState.changedElsewhereText(change, ascii: ascii)
        }
        XCTAssertEqual(text([]), "3 pins added, 1 pin deleted elsewhere")
        XCTAssertEqual(text(["minji"]), "3 pins added, 1 pin deleted by minji")
        XCTAssertEqual(text(["minji", "hoon", "seo"]), "3 pins added, 1 pin deleted by hoon, minji +1")
        XCTAssertEqual(text(["a\u{1b}[31m_very_long_role_name"]), "3 pins added, 1 pin deleted by a␛[31m_very…",
                       "shown safely, cut to 12 cells")
        XCTAssertEqual(text(["a\u{1b}b"], ascii: true), "3 pins added, 1 pin deleted by a^[b", "as ASCII shows a control character")
        Strings.speaking(.korean) {
            XCTAssertEqual(text(["minji"]), "minji 님이 핀 3개 추가, 핀 1개 삭제")
            XCTAssertEqual(text([]), "다른 곳에서 핀 3개 추가, 핀 1개 삭제")
        }
    }

    func testChangesMergeTheirUsersOnlyWhenBothNameThem() {
        var a = StoreChange(added: 1), b = StoreChange(added: 2)
        a.by = ["minji"]
        b.by = ["hoon"]
        XCTAssertEqual(a.merged(b).by, ["minji", "hoon"])
        XCTAssertEqual(a.merged(StoreChange(edited: 1)).by, [], "one part from elsewhere: elsewhere")
    }

    func testAnotherRolesWritesAreToldWithItsNameAndThisRolesAreNot() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        let writer = try TestServer.writerRole(on: uri)
        addTeardownBlock {
            TestServer.dropDatabase(uri)
            TestServer.dropRole(writer.role, fallbackURI: uri)
        }
        let source = try PostgresChangeSource(uri: uri, ownBackends: PostgresBackends())
        let team = try PostgresStore(uri: writer.uri), mine = try PostgresStore(uri: uri)

        func next() throws -> StoreChange? {
            var change: StoreChange?
            let deadline = Date().addingTimeInterval(5)
            while change == nil && Date() < deadline { change = try source.waitForChanges(timeout: 0.5) }
            return change
        }
        try team.insert(NewPin(title: "Jongmyo", latitude: 37.5747, longitude: 126.9940))
        let added = try XCTUnwrap(try next())
        XCTAssertEqual([added.added, added.edited, added.deleted], [1, 0, 0])
        XCTAssertEqual(added.by, [writer.role])

        try team.announce("import 3")
        let imported = try XCTUnwrap(try next())
        XCTAssertEqual(imported.added, 3)
        XCTAssertEqual(imported.by, [writer.role])

        try mine.insert(NewPin(title: "Changdeokgung", latitude: 37.5794, longitude: 126.9910))
        let own = try XCTUnwrap(try next())
        XCTAssertEqual(own.added, 1)
        XCTAssertEqual(own.by, [], "this role's write from another process is told as elsewhere")
    }
}
