import XCTest
import PinModel
import PinmapCore

/// Comments another process added or deleted are told as precisely as pins are ("1 comment
/// added elsewhere") when the store says which; "comments changed" when it does not.
final class CommentsElsewhereTextTests: XCTestCase {
    private func change(added: Int = 0, deleted: Int = 0, unknown: Int = 0, pins: Int = 0) -> StoreChange {
        var c = StoreChange(added: pins)
        for _ in 0..<added { c.noteComment(added: true) }
        for _ in 0..<deleted { c.noteComment(added: false) }
        for _ in 0..<unknown { c.noteComment(added: nil) }
        return c
    }

    func testEnglish() {
        let texts = Strings.speaking(.english) {
            [change(added: 1), change(deleted: 2), change(added: 2, deleted: 1, pins: 1), change(added: 1, unknown: 1),
             change(added: 1).merged(change(deleted: 1))].map { AppState.changedElsewhereText($0) }
        }
        XCTAssertEqual(texts, ["1 comment added elsewhere", "2 comments deleted elsewhere",
                               "1 pin added, 2 comments added, 1 comment deleted elsewhere", "comments changed elsewhere",
                               "1 comment added, 1 comment deleted elsewhere"])
    }

    func testKorean() {
        let texts = Strings.speaking(.korean) {
            [change(added: 1), change(deleted: 2), change(unknown: 1)].map { AppState.changedElsewhereText($0) }
        }
        XCTAssertEqual(texts, ["다른 곳에서 댓글 1개 추가", "다른 곳에서 댓글 2개 삭제", "다른 곳에서 댓글 변경"])
    }
}
