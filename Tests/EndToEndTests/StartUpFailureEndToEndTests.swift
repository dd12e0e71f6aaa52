import XCTest

/// The UI that cannot open its store says why in the UI's language, as its store errors
/// are worded in the UI (`S.storeError`); the command line's commands stay English.
final class StartUpFailureEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
    }

    private let unreachable = ["--db", "postgresql://x@127.0.0.1:1/pins"]
    private let reason = "connection to server at \"127.0.0.1\", port 1 failed: Connection refused; Is the server running on that host and accepting TCP/IP connections?"

    func testAServerThatCannotBeReachedIsToldInKoreanUnderAKoreanLocale() throws {
        let t = try Tmux()
        t.start(unreachable, cols: 250, env: ["LANG": "ko_KR.UTF-8"], ready: "pinmap:")
        // libpq words its own reason in the locale's language where the locale is generated
        // (.ci/run generates ko_KR.UTF-8; Debian's libpq5 has Korean), else in English.
        let koreanReason = "\"127.0.0.1\" 포트 1 서버에 접속 할 수 없음: 연결이 거부됨; 해당 호스트에 서버가 실행 중이고, TCP/IP 접속을 허용하는지 확인하세요."
        let told = "pinmap: PostgreSQL 서버 127.0.0.1:1에 연결할 수 없습니다 (데이터베이스 pins): "
        let shown = t.screen().trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(shown, told + (Self.koreanLocaleGenerated ? koreanReason : reason))
        // A command under the same locale stays English.
        let list = Tmux.run(["/usr/bin/env", "LANG=ko_KR.UTF-8", t.binary, "list"] + unreachable)
        XCTAssertEqual(list.err, "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:1 (database pins): " + reason + "\n")
    }

    /// True when this machine has ko_KR.UTF-8 generated (`locale -a`).
    private static var koreanLocaleGenerated: Bool {
        Tmux.run(["/usr/bin/locale", "-a"]).out.split(separator: "\n").contains { $0.lowercased() == "ko_kr.utf8" }
    }

    func testAServerThatCannotBeReachedIsToldInEnglishUnderAnEnglishLocale() throws {
        let t = try Tmux()
        t.start(unreachable, cols: 250, ready: "pinmap:")
        XCTAssertEqual(t.screen().trimmingCharacters(in: .whitespacesAndNewlines),
                       "pinmap: cannot connect to the PostgreSQL server 127.0.0.1:1 (database pins): " + reason)
    }
}
