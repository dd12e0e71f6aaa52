import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
import PinStore
@testable import PinmapRuntime
import PinmapTestSupport

/// Saving an edit of a pin another program deleted meanwhile: the pop-up names the pin
/// with the room the line has and keeps the edit: add it as a new pin (Enter: a stray one
/// loses nothing) or discard it. Whole frames at 80×24, English and Korean.
final class EditDeletedPinTests: XCTestCase {
    /// Pin 2 (Garosu-gil coffee) opened in the edit form and retitled `title` while another
    /// process deletes it; then Ctrl-S.
    private func saveDeleted(title: String) throws -> AppRunner {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.selectListed("Garosu-gil coffee")
        r.char("e")
        r.key(.ctrl("u")); r.type(title)
        XCTAssertTrue(try r.store.delete(id: 2), "deleted by another process meanwhile")
        r.key(.ctrl("s"))
        return r
    }

    func testTheEditOfADeletedPinIsOfferedAsANewPin() throws {
        let r = try saveDeleted(title: "Seongsu-dong cafe street, second floor")
        XCTAssertEqual(r.text, Self.offer)
        r.key(.enter)  // chosen at first: Add as new pin
        XCTAssertEqual(try r.store.count(), 5, "the edit came back as a pin of its own")
        let added = try XCTUnwrap(try r.store.pins(matching: PinQuery(limit: 1)).first)
        XCTAssertEqual(added.title, "Seongsu-dong cafe street, second floor")
        XCTAssertEqual(added.category, "cafe")
        XCTAssertNil(try r.store.pin(id: 2), "the deleted pin stays deleted")
    }

    func testTheNewPinKeepsTheDeletedPinsProperties() throws {
        var pins = UIFixtures.seoulPins
        pins[1].properties = #"{"phone":"02-540-1234","rating":4.5}"#
        let r = try UIFixtures.runner(cols: 80, rows: 24, pins: pins)
        r.selectListed("Garosu-gil coffee")
        r.char("e")
        r.key(.ctrl("u")); r.type("Garosu-gil coffee, upstairs")
        XCTAssertTrue(try r.store.delete(id: 2), "deleted by another process meanwhile")
        r.key(.ctrl("s"))
        r.key(.enter)  // Add as new pin
        let added = try XCTUnwrap(try r.store.pins(matching: PinQuery(limit: 1)).first)
        XCTAssertEqual(added.title, "Garosu-gil coffee, upstairs")
        XCTAssertEqual(added.properties, #"{"phone":"02-540-1234","rating":4.5}"#, "the file's extra columns stay with the pin")
    }

    /// A save that failed (a store that cannot write for a while) brings the form back; saved
    /// again, it is still checked against the version it was opened at: a change another
    /// program made meanwhile is offered side by side, not written over.
    func testASaveRetriedAfterAFailureStillMeetsAChangeMadeMeanwhile() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24)
        r.selectListed("Garosu-gil coffee")
        r.char("e")
        r.key(.ctrl("u")); r.type("Mine")
        store.failingWrites = StoreError("the server is restarting")
        r.key(.ctrl("s"))
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("the form comes back") }
        XCTAssertEqual(form.version, 1)
        store.failingWrites = nil
        _ = try store.update(id: 2, title: "Theirs")
        r.key(.ctrl("s"))
        XCTAssertEqual(try store.pin(id: 2)?.title, "Theirs", "their change is not written over")
        guard case .confirm(let popup)? = r.state.feedback.modal?.content,
              case let .keepMine(edit, theirs) = popup.action else { return XCTFail("both versions offered") }
        XCTAssertEqual([edit.id, theirs.version, edit.ifVersion], [2, 2, 1])
        XCTAssertEqual([edit.pin.title, theirs.title, edit.base?.title], ["Mine", "Theirs", "Garosu-gil coffee"])
    }

    /// On a file store, the highest pin (Busan Tower, id 5) open in the form while another
    /// program deletes it and adds a pin: SQLite gave the new pin id 5 at version 1, and
    /// Ctrl-S wrote the edit over it. The new pin gets id 6 and the edit is offered back.
    func testTheEditOfTheDeletedHighestPinLeavesTheNextNewPinAlone() throws {
        let path = try makeTempFolder().path + "/pins.sqlite"
        let store = try Store(path: path)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24)
        r.selectListed("Busan Tower")
        r.char("e")
        r.key(.ctrl("u")); r.type("Busan Tower at night")
        let other = try Store(path: path)
        XCTAssertTrue(try other.delete(id: 5))
        let theirs = NewPin(title: "Someone else's pin", latitude: 10, longitude: 10, createdAt: "2023-08-01T10:00:00+09:00")
        XCTAssertEqual(try other.insert(theirs), 6)
        r.key(.ctrl("s"))
        XCTAssertEqual(r.text, Self.highestOffer)
        XCTAssertEqual(try other.pins(limit: -1).map { "\($0.id) \($0.title) v\($0.version)" }, [
            "6 Someone else's pin v1", "4 National Museum of Korea v1", "1 전쟁기념관 v1", "3 Hongdae, busking street v1",
            "2 Garosu-gil coffee v1",
        ], "nothing written over")
    }

    func testEscDiscardsTheEditAndSaysSo() throws {
        let r = try saveDeleted(title: "Seongsu-dong cafe street")
        r.key(.escape)
        XCTAssertEqual(try r.store.count(), 4)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.feedback.message, "Edit discarded: the pin stays deleted")
    }

    func testKoreanOfferFitsEightyColumns() throws {
        Strings.language = .korean
        defer { Strings.language = .english }
        let r = try saveDeleted(title: "성수동 카페 거리 2층 창가 자리")
        XCTAssertEqual(r.text, Self.koreanOffer)
    }

    static let offer = """
               0E            60E          120E         180E          120W
    ⠤⠶⠒⠒⠲⠶⠶⣦⠤⠄ ⠈  ⣀⣠⣤⣄   ⠠⣤⠄ ⠁      ⣤⣤⣀⡀  ⠁            ⠈             ⠁⢀⡀⣀⣀⣤⣤⣴⡶⢒⣒⣶⡶⠦⠤
    ⡀    ⢀⣼⠏   ⠈  ⠈⢉⣉⣁⣀⣀   ⢔⣖⣛⣋⢥⣤⠴⠒⠒⠋⠉⠉⠉⠛⠗⠦⠖⢄⠤⠿⠷⠶⢆⣀⣀⣀⣀⣀⣠⡀  ⢀⣠⣀⣀⣀⣀⢀⣀⣠⣟⣿⣿⢿⣿⣿⣿⣿⣻⣻⣧⢬⣉⠉⠑⢦
    ⢧⣀⡴⠒⠋⠉⠲⠶⠖  ⠈⢀⠤⣴⢫⢿⣃⡧⠲⠿⠛⠋⠉⠉⠁⠈⠙⠁   Russia⠁       ⢀⣀⣄⣉⣀⠾⠛⠿⢞⡷⠆⢀⣀⡀⣇⠁   ⠈⠉⠉⠉⠉⢉⡬⠿⣮⡾⣯⡽⡟⠁⠘
    60N ⠁ ⠁ ⠁⢠⣿⣧⣈⡽⢷⡮⢾⣿⣳⣄⠁ ⠁⣀⣀⡤⠤⠤⠤⢄⡀ ⠁⢀⡀ ⠁ ⣠⢄⠁⠠⠴⣭⠉⠉⣟⡽⠋⠈⠁⠈⠁ ⠈⠽⠛⠛⠉⠈⠉⠉⣷⡄⠁⠁⠁ ⠁ ⠈⠓⠲⢤⡝ ⠉⠉⢢⡄
    ⠂        ⢀⣙⣫⣉⣿⣿⣿⣿⣓⡶⢼⢟Kazakhstan⠻⢭⣉⡉⣉⣩⠿⠃ ⢹⣖⢜⣿⡄ ⠈    ⠈           ⠉⡟⠉⠉⠉Canada⣀⠴⡾⡿⠟⠛
             Istanbul⣿·⣭⣭Iran⣽⠿⣿⣯⡅ China ⠐⣿◔● Busan Tower          United States⠁ ⠁
            Algeria⠑⠋⡏⠙⣿⡋⠑Pakistan⠶⣤⣴⣦    · Shanghai   ⠈             Mexico⠒⠒⢾⣤   ⠁
           ⠐⣟Mali⠒⢉⡏Sudan⡤⡤⣽⡽⠁⠈India⢻⣽⠿⣿⠞⠉⣩            ⠈    ⠑Mexico City⠧·⣧⣴⣎⡉⠿⠶⠦⠄⠁
           ⠈⢻⣷⠼⣿⣾⢉⡽⣧Ethiopia ⠁  ⠳⣼   ⢸⣿⠿⠃⢠⢿⣷           ⠈             ⠁     ⠉⠻⣧⣴⢶⣒⠶⣆⢀
    0N  ⠄ ⠄ ⠄⠈⠉⠉⠉⢹⣾⣻⠉⠉⣝⣟⢺⡽⠋ ⠄⠁⠄ ⠄⠈⠄ ⠈⠻⣿⡠⡶⢿⣧⡼⣆⣄⣀⡀⠄⡀⠄ ⠄ ⠄⠈⠄ ⠄ ⠄ ⠄ ⠄ ⠄ ⠄⠁⠄ ⠄ ⠄ ⠄⢠⣾⣄⡾⠿⠻⠛
       ⢹⠂    Dem. Rep. Congo ⠁        ⠉⠳⠿⠭⢿⡯⠍⣙⡶⣯⢷⡟⠓⣤   ⠈             ⠁       ⠘⡇⢾⣅⡀⠁
      ⢠⠇       ⠈  ⢮⠤⡼⢭⢓⣿⠼⢰⢻  ⠁           ⢀⣠⠞⠛⠙⠣⠟⣆   ⣰⠂ ⠴             ⠁   Lima ·⠢⣏⢉⣳
    ─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
    ▸ Pins in view: 4 · newest first
     • Busan Tower                 near Busan, KR           landmark     2023-07-01
     • National Museum of Korea    near Seoul, KR           museum       2023-06-22
     • 전쟁기념관                  near Seoul, KR           museum       2023-05-05
    ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
             “Seongsu-dong cafe street, second floor” was deleted elsewhere
                 Your edit is kept: add it as a new pin, or discard it

                         [ Add as new pin ]   [ Discard edit ]
                      y adds it · ←→ choose · Enter · Esc discards
    """
    static let highestOffer = """
               0E           60E          120E          180E         120W         60W
    ⠛⠋⠉⠉⠛⠛⢻⡖⠒  ⠁ ⠠⣤⣶⣶⠄   ⠲⠒ ⣀⣀⣀    ⣐⣶⣦⣤⣀⣀⠈   ⢀⣀        ⠁            ⣀⣀⣤⣠⢤⣴⣶⣶⣿⣋⡭⣽⣿⣛⠒⠒
    ⠄  ⢀⣀⡴⠎⠁   ⠁  ⢀⣤⣤⢴⢤⣄⣀⣀⡰⣿⣭⠥⣔⢶⡒⠋⠉    ⠈⠙⠙⠚⠙⠲⠚⠛⠛⠛⠤⠤⠤⠤⡤⠤⢶⣀⡀⣤⡤⠔⠤⠤⢤⠤⠤⠤⠾⠽⣿⣟⣻⣿⣿⡿⣿⡯⡿⣖⡢⣄⣀⠙⣶
    60N ⠄⠈⠛⠛⠁ ⣀⠁⢔⣺⠏⡶⣯⣬⠇⠛⠉⠁⠄ ⠌ ⠄⠉⠄ ⠄Russia⠈⠄ ⠄ ⢀⣀⣀⣀⣤⣴⡤⠤⠜⠋⠙⠛⣽⣟⣀⣤⡤⠼⣄⣀⠄ ⠌ ⠄ ⠄ ⣴⠚⠛⢿⡟⢶⣻⡉⠄⠙
             ⠾⣿⣦⣴⡛⣿Ukraine⡠⢤⢴⠖⠊⠒⠒⢤⣀⣀⣀⡤⣄⣀⣀⣀⠖⢦⡀⠒⢳⡆ ⠘⠵⠋   ⠁  ⠐⠋⠉⠉   ⠸⢷⣀⣀⣀⣀Canada⠶⠁ ⣀⣈⣶⣄
            Istanbul⣯·⣳⢟⣥Kazakhstan⠛⠲⠤⢤⠤⠞⢋⣀⣠⡿⠗⣿⠷       ⠁        New York City⡦·⣺⠻⠛⠋⠉
           Morocco⣟⣉Turkey⠑⠋⢱⡛⣻⢿⣶⡀ China ⠹⡟4⣷⠶⠟        ⠁           United States ⠈
           ⢠Algeria⡈⢸⣀⣸⣯⡀⠉⢿⣶⣬⠯India⣶⡟⣆⣀⡀⣀⡠⡇            ⠁   ⢀⡀       ⠈Mexico⠉⣙⣷⡆  ⠈
           ⣸⣥Mali⣁⣼Sudan⣷⣲⡲⠿⠃ ⠈⢹ ⡴⠉⠈⠷⣟⣻⣿⠁⠠⣶            ⠁    ⠙Mexico City⠒·⢶⣿⣥⠘⠛⠛⠒⠈
           ⠈⠿⣿⣻⡿⣇● Someone else's pin⣿⡝⠉⢀⣞⠽⡇           ⠁            ⠈      ⠈⠻⠶⡞⠿⣝⣻⣦⣄
    0N ⡀⠂ ⠂ ⠂ ⠂⠁⠂⢿·⠇Kinshasa⠊ ⠂ ⠂ ⠂ ⠈⠻⣧⠸⣟⣿⣶⣹⣴⣦⢤⣀⢠⣄⠂ ⠂ ⠂⠁⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂⣾⠷⣼⠓⠉⠋⠉
      ⢀⠟    Dem. Rep. Congo ⠈         ⠈⠛⠓⠚⠿⣒⣠⣵⢻⡟⠿⠉⠹⠆   ⠁            ⠈    Lima⠹·⠷⡴⣀
     ⣀⡜        ⠁ ⠘⣗⢲⠓⢎⡽⡗⢃⣏⠏ ⠈           ⢀⠤⠞⠉⠁⠉⠚⠹⢄  ⢠⡍ ⠐⠃            ⠈         ⠉⢻⣅⡬⣷
    ─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
    ▸ Pins in view: 5 · newest first
     • Someone else's pin          near Bauchi, NG                       2023-08-01
     • National Museum of Korea    near Seoul, KR           museum       2023-06-22
     • 전쟁기념관                  near Seoul, KR           museum       2023-05-05
    ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
                      “Busan Tower at night” was deleted elsewhere
                 Your edit is kept: add it as a new pin, or discard it

                         [ Add as new pin ]   [ Discard edit ]
                      y adds it · ←→ choose · Enter · Esc discards
    """
    static let koreanOffer = """
               0E            60E          120E         180E          120W
    ⠤⠶⠒⠒⠲⠶⠶⣦⠤⠄ ⠈  ⣀⣠⣤⣄   ⠠⣤⠄ ⠁      ⣤⣤⣀⡀  ⠁            ⠈             ⠁⢀⡀⣀⣀⣤⣤⣴⡶⢒⣒⣶⡶⠦⠤
    ⡀    ⢀⣼⠏   ⠈  ⠈⢉⣉⣁⣀⣀   ⢔⣖⣛⣋⢥⣤⠴⠒⠒⠋⠉⠉⠉⠛⠗⠦⠖⢄⠤⠿⠷⠶⢆⣀⣀⣀⣀⣀⣠⡀  ⢀⣠⣀⣀⣀⣀⢀⣀⣠⣟⣿⣿⢿⣿⣿⣿⣿⣻⣻⣧⢬⣉⠉⠑⢦
    ⢧⣀⡴⠒⠋⠉⠲⠶⠖  ⠈⢀⠤⣴⢫⢿⣃⡧⠲⠿⠛⠋⠉⠉⠁⠈⠙⠁   Russia⠁       ⢀⣀⣄⣉⣀⠾⠛⠿⢞⡷⠆⢀⣀⡀⣇⠁   ⠈⠉⠉⠉⠉⢉⡬⠿⣮⡾⣯⡽⡟⠁⠘
    60N ⠁ ⠁ ⠁⢠⣿⣧⣈⡽⢷⡮⢾⣿⣳⣄⠁ ⠁⣀⣀⡤⠤⠤⠤⢄⡀ ⠁⢀⡀ ⠁ ⣠⢄⠁⠠⠴⣭⠉⠉⣟⡽⠋⠈⠁⠈⠁ ⠈⠽⠛⠛⠉⠈⠉⠉⣷⡄⠁⠁⠁ ⠁ ⠈⠓⠲⢤⡝ ⠉⠉⢢⡄
    ⠂        ⢀⣙⣫⣉⣿⣿⣿⣿⣓⡶⢼⢟Kazakhstan⠻⢭⣉⡉⣉⣩⠿⠃ ⢹⣖⢜⣿⡄ ⠈    ⠈           ⠉⡟⠉⠉⠉Canada⣀⠴⡾⡿⠟⠛
             Istanbul⣿·⣭⣭Iran⣽⠿⣿⣯⡅ China ⠐⣿◔● Busan Tower          United States⠁ ⠁
            Algeria⠑⠋⡏⠙⣿⡋⠑Pakistan⠶⣤⣴⣦    · Shanghai   ⠈             Mexico⠒⠒⢾⣤   ⠁
           ⠐⣟Mali⠒⢉⡏Sudan⡤⡤⣽⡽⠁⠈India⢻⣽⠿⣿⠞⠉⣩            ⠈    ⠑Mexico City⠧·⣧⣴⣎⡉⠿⠶⠦⠄⠁
           ⠈⢻⣷⠼⣿⣾⢉⡽⣧Ethiopia ⠁  ⠳⣼   ⢸⣿⠿⠃⢠⢿⣷           ⠈             ⠁     ⠉⠻⣧⣴⢶⣒⠶⣆⢀
    0N  ⠄ ⠄ ⠄⠈⠉⠉⠉⢹⣾⣻⠉⠉⣝⣟⢺⡽⠋ ⠄⠁⠄ ⠄⠈⠄ ⠈⠻⣿⡠⡶⢿⣧⡼⣆⣄⣀⡀⠄⡀⠄ ⠄ ⠄⠈⠄ ⠄ ⠄ ⠄ ⠄ ⠄ ⠄⠁⠄ ⠄ ⠄ ⠄⢠⣾⣄⡾⠿⠻⠛
       ⢹⠂    Dem. Rep. Congo ⠁        ⠉⠳⠿⠭⢿⡯⠍⣙⡶⣯⢷⡟⠓⣤   ⠈             ⠁       ⠘⡇⢾⣅⡀⠁
      ⢠⠇       ⠈  ⢮⠤⡼⢭⢓⣿⠼⢰⢻  ⠁           ⢀⣠⠞⠛⠙⠣⠟⣆   ⣰⠂ ⠴             ⠁   Lima ·⠢⣏⢉⣳
    ─ 중간 ──────────────────────────── ━━━━━━━━ ────────────────────────────[필터]─
    ▸ 보이는 핀: 4 · 최신순
     • Busan Tower                 Busan 근처, KR           landmark     2023-07-01
     • National Museum of Korea    Seoul 근처, KR           museum       2023-06-22
     • 전쟁기념관                  Seoul 근처, KR           museum       2023-05-05
    ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
           “성수동 카페 거리 2층 창가 자리”이(가) 다른 곳에서 삭제되었습니다
               수정한 내용은 남아 있습니다: 새 핀으로 추가하거나 버리세요

                          [ 새 핀으로 추가 ]   [ 수정 버리기 ]
                        y 추가 · ←→ 고르기 · Enter · Esc 버리기
    """
}
