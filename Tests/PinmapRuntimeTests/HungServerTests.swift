import XCTest
import Foundation
import Frame
import PinModel
import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// The server stops answering while the UI is open: its processes stopped (`TestCluster.freeze`,
/// SIGSTOP), as a hung server or a network cut looks to a client: the connections stay open
/// and nothing answers, nor says it will not. Within a few seconds of a read left unanswered the
/// status line says "reconnecting…" (the rule a server gone follows), every tab keeps what it
/// read, the search says it cannot run, a write fails with a clear message, and quitting
/// waits for nothing on the network; once the server answers again the UI reloads. Over the
/// unix socket and over TCP (whose kernel keeps answering for a stopped process).
final class HungServerTests: XCTestCase {
    func testAHungServerOverTheSocketIsToldAndWaitedForNowhere() throws { try hungServer(tcp: false) }
    func testAHungServerOverTCPIsToldAndWaitedForNowhere() throws { try hungServer(tcp: true) }
    func testQuittingRightAfterTheServerHungWaitsAFewSecondsAtMost() throws { try quitWhenHung() }

    /// A write sent just before the server stopped answering is given up on once the check
    /// finds it so, and its notice says it may still be done: the server has it.
    func testAWriteUnderWayWhenTheServerHungIsGivenUpOnAndSaysItMayStillBeDone() throws {
        try onACluster { cluster, uri, r in
            r.selectListed("Busan Tower")
            r.press(.char("d"), .char("y"))  // the write lane connects (while the server answers)
            r.press(.escape)
            let listed = r.state.list.pins.map(\.title)

            try cluster.freeze()
            r.selectListed(listed[0])
            let id = try XCTUnwrap(r.state.list.selectedPin?.id)
            r.key(.char("d"))
            r.key(.char("y"))  // waits on the stopped server
            XCTAssertTrue(r.wait(upTo: 8) { r.state.feedback.storeUnreachable }, "the hang was not told")
            XCTAssertTrue(r.waitUntilIdle(timeout: 2), "the write still waits on the stopped server")
            guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else {
                return XCTFail("no notice: \(String(describing: r.state.feedback.modal?.content)), message \(r.state.feedback.message ?? "none")")
            }
            XCTAssertFalse(success)
            XCTAssertEqual(title, "Pin not deleted")
            XCTAssertEqual(message, "Deleting pin #\(id) failed: the PostgreSQL server stopped answering; what was under way may still be done when it answers (shown once reconnected)")
            r.press(.escape, timeout: 2)
            XCTAssertEqual(r.state.list.pins.map(\.title), listed, "the last view stays")

            cluster.thaw()
            XCTAssertTrue(r.wait(upTo: 10) { !r.state.feedback.storeUnreachable }, "not reconnected")
            r.waitUntilIdle(timeout: 10)
            let other = try PostgresStore(uri: uri)
            let kept = try other.pins(matching: PinQuery()).map(\.title)
            XCTAssertEqual(Set(r.state.list.pins.map(\.title)), Set(kept), "the reconnection shows what the server did")
        }
    }

    /// An add saved as the server stopped answering fails, and the form that came back offers
    /// Ctrl-S: once the server answers again, that save leaves one pin, with what was typed
    /// since, whatever the server did with the first (`FailedSaveTests` has an add done and
    /// never answered).
    func testAnAddUnderWayWhenTheServerHungIsNotAddedTwiceBySavingAgain() throws {
        try onACluster { cluster, uri, r in
            r.selectListed("Busan Tower")
            r.press(.char("d"), .char("y"))  // the write lane connects (while the server answers)
            r.press(.escape)
            r.press(.char("a"))
            r.type("Hung add")
            try cluster.freeze()
            r.key(.ctrl("s"))  // the insert waits on the stopped server
            XCTAssertTrue(r.wait(upTo: 8) { r.state.feedback.storeUnreachable }, "the hang was not told")
            XCTAssertTrue(r.waitUntilIdle(timeout: 2), "the write still waits on the stopped server")
            guard case .form(let form)? = r.state.feedback.modal?.content else {
                return XCTFail("no form: \(String(describing: r.state.feedback.modal?.content))")
            }
            XCTAssertEqual(form.error, "Not saved: the PostgreSQL server stopped answering; what was under way may still be done when it answers (shown once reconnected). Ctrl-S tries again · Esc gives up")

            cluster.thaw()
            XCTAssertTrue(r.wait(upTo: 10) { !r.state.feedback.storeUnreachable }, "not reconnected")
            r.waitUntilIdle(timeout: 10)
            r.type(" again")
            r.press(.ctrl("s"))
            r.waitUntilIdle(timeout: 10)
            let added = try PostgresStore(uri: uri).pins(matching: PinQuery(search: "Hung add"))
            XCTAssertEqual(added.map(\.title), ["Hung add again"], "one pin, with what was typed since")
            XCTAssertEqual(r.state.list.selectedPin?.id, added.first?.id)
            XCTAssertNil(r.state.feedback.modal, "the form closed")
            XCTAssertEqual(r.state.feedback.toast?.message, "Added “Hung add again”")
        }
    }

    /// Nothing asked of the store (a UI left open, no key pressed): the change watch's own
    /// check, after `ChangeWatcher.silenceLimit` without a word from the server, finds the hang;
    /// the status line says "reconnecting…" over the last view, and once the server answers
    /// the UI reconnects by itself. Over TCP, whose kernel keeps answering for a stopped process.
    func testAnIdleUIIsToldOfAHungServerWithoutAKey() throws {
        try onACluster(tcp: true, cols: 80, rows: 24) { cluster, _, r in
            let shown = r.text
            try cluster.freeze()
            let frozenAt = Date()
            XCTAssertFalse(r.isBusy, "nothing is asked of the store")
            XCTAssertTrue(r.wait(upTo: 12) { r.state.feedback.storeUnreachable }, "the hang was not told")
            let told = Date().timeIntervalSince(frozenAt)
            XCTAssertLessThan(told, ChangeWatcher.silenceLimit + ChangeWatcher.interval + ChangeWatcher.answerTimeout + 0.5,
                              "told within the silence, one look and the check's deadline")
            XCTAssertTrue(r.storeUnanswered, "the lanes fail fast from now on")
            var lines = shown.components(separatedBy: "\n")
            // The status parts that fit beside the message stay (the selected title gives way).
            lines[22] = " medium · 5 of 5 pins in view · [list] · centre open sea · z1   ⚠ reconnecting…"
            XCTAssertEqual(r.text, lines.joined(separator: "\n"), "the last view stays, the status line says it is old")

            cluster.thaw()
            XCTAssertTrue(r.wait(upTo: 10) { !r.state.feedback.storeUnreachable }, "not reconnected")
            XCTAssertFalse(r.storeUnanswered)
            XCTAssertEqual(r.state.feedback.message, "Reconnected to the store")
            r.waitUntilIdle(timeout: 10)
            lines[22] = " medium · 5 of 5 pins in view · [list] · z1   Reconnected to the store"
            XCTAssertEqual(r.text, lines.joined(separator: "\n"), "read again: the same pins")
        }
    }

    private func hungServer(tcp: Bool) throws {
        try onACluster(tcp: tcp, cols: 80, rows: 24) { cluster, uri, r in
            func shown() -> String { TabsWhileUnreachableTests.namingTheCluster(r.text) }
            r.press(.char("2"))  // the Timeline read (and the tab saved: the write lane is connected)
            XCTAssertEqual(shown(), TabsWhileUnreachableTests.timeline(day: TabsWhileUnreachableTests.busanTowerDay,
                                                                       status: TabsWhileUnreachableTests.counts))

            try cluster.freeze()
            let frozenAt = Date()
            r.key(.char("4"))  // Settings: a read that is never answered (and the tab saved: a write)
            XCTAssertTrue(r.wait(upTo: 8) { r.state.feedback.storeUnreachable }, "the hang was not told")
            let told = Date().timeIntervalSince(frozenAt)
            XCTAssertLessThan(told, 4.5, "told within a read's 1 s and the check's 2 s")
            XCTAssertTrue(r.waitUntilIdle(timeout: 2), "a lane still waits on the stopped server")
            XCTAssertEqual(shown(), TabsWhileUnreachableTests.settings(size: "not read yet", imports: "not read yet",
                                                                       status: TabsWhileUnreachableTests.reconnecting, tcp: tcp),
                           "the Settings tab names the server it cannot read")
            r.press(.char("2"), timeout: 2)
            XCTAssertEqual(shown(), TabsWhileUnreachableTests.timeline(day: TabsWhileUnreachableTests.busanTowerDay,
                                                                       status: TabsWhileUnreachableTests.reconnecting),
                           "the Timeline keeps the day it read")

            // The search says it cannot run, and lists no pins as if they matched.
            r.press(.char("1"), timeout: 2)
            r.press(.char("/"), .char("B"), .char("u"), .char("s"), .char("a"), .char("n"), .char(" "), .char("T"), timeout: 2)
            let lines = r.text.components(separatedBy: "\n")
            let sheet = lines.firstIndex { $0.hasPrefix("▸ Search: Busan T") }
            XCTAssertEqual(sheet.map { Array(lines[$0...($0 + 3)]) }, [
                "▸ Search: Busan T    not searched: store unreachable · Enter keeps · Esc clears",
                "  The store is unreachable: the search cannot run, so no pins are listed as",
                "  matches. It runs again once reconnected.",
                "",
            ], r.text)
            r.press(.enter, timeout: 2)
            XCTAssertEqual(r.text.components(separatedBy: "\n")[22], " medium · 5 of 5 pins in view   ⚠ reconnecting… · Search kept: Esc clears it",
                           "\"reconnecting…\" stays, \"Search kept\" after it (both fit at 80 columns)")
            r.press(.escape, timeout: 2)

            // A write fails at once, and says why.
            r.selectListed("Busan Tower")
            r.press(.char("d"), .char("y"), timeout: 2)
            guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else {
                return XCTFail("no notice: \(String(describing: r.state.feedback.modal?.content)), message \(r.state.feedback.message ?? "none")")
            }
            XCTAssertFalse(success)
            XCTAssertEqual(title, "Pin not deleted")
            XCTAssertEqual(message, "Deleting pin #5 failed: the PostgreSQL server did not answer within 2 s (stopped or cut off); nothing was written (try again when it answers)")
            r.press(.escape, timeout: 2)

            // The server answers again: the UI reconnects by itself and reads everything again.
            cluster.thaw()
            XCTAssertTrue(r.wait(upTo: 10) { !r.state.feedback.storeUnreachable }, "not reconnected")
            let other = try PostgresStore(uri: uri)
            XCTAssertEqual(try other.pin(id: 5)?.title, "Busan Tower", "not deleted while the server did not answer")
            try other.insert(NewPin(title: "Added after the thaw", latitude: 37.5, longitude: 127))
            XCTAssertTrue(r.wait(upTo: 5) { r.state.list.pins.contains { $0.title == "Added after the thaw" } },
                          "reloaded: \(r.state.list.pins.map(\.title))")
        }
    }

    /// q a moment after the server stopped answering (before anything said so): the writes the
    /// quit asks for (the view, the tab) are given up on within about `stallTime` + the
    /// check's 2 s, and the connections are not waited for.
    private func quitWhenHung() throws {
        try onACluster { cluster, _, r in
            r.press(.char("2"))
            r.press(.char("1"))  // the write lane is connected: a write waits on the server, never on connecting

            try cluster.freeze()
            r.key(.char("+"))
            r.close()  // the view and tab to reopen on: writes the stopped server never answers
            let start = Date()
            XCTAssertFalse(r.waitForWrites(upTo: 0.3, now: r.state.clock), "the writes ended on a stopped server")
            _ = r.finishWrites(now: r.state.clock)
            r.stopChangeWatch()
            r.closeConnections()
            let took = Date().timeIntervalSince(start)
            XCTAssertLessThan(took, 3.5, "quitting waited for the stopped server")
            XCTAssertTrue(r.storeUnanswered)
        }
    }

    /// Runs `body` with a cluster of the test's own (the ports from 54560) holding the Seoul
    /// pins, its URI (over TCP or the unix socket) and a live UI of `cols` × `rows` on it;
    /// the UI's watch and the cluster are stopped after.
    private func onACluster(tcp: Bool = false, cols: Int = 100, rows: Int = 30,
                            _ body: (TestCluster, String, AppRunner) throws -> Void) throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (the server's programs are needed)") }
        let cluster = try TestCluster(firstPort: 54560)
        defer { cluster.stop() }
        let uri = tcp ? cluster.tcpURI() : cluster.uri
        let store = try PostgresStore(uri: uri, create: true)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.liveRunner(over: store, uri: uri, cols: cols, rows: rows)
        defer { r.stopLive() }
        try body(cluster, uri, r)
    }
}
