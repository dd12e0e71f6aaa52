import XCTest
import Foundation
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// While the server is away the Timeline shows what it last read of a day or a month, not
/// only of the last one read: back on a day read before, its pins (stale is better than
/// blank; the status line says "reconnecting…"), on a day never read "not read yet" under
/// its month's dots. The tester saw "not read yet" for a day read a minute before.
final class TimelineOutageTests: XCTestCase {
    private static let july1 = TimelineRequest(year: 2023, month: 7, day: "2023-07-01")
    private static let july2 = TimelineRequest(year: 2023, month: 7, day: "2023-07-02")
    private static let june2 = TimelineRequest(year: 2023, month: 6, day: "2023-06-02")
    private static let julyDots = [1: 1, 2: 2]

    private static func pin(_ id: Int64, _ title: String, _ created: String) -> Pin {
        Pin(id: id, title: title, latitude: 35.1, longitude: 129.0, createdAt: created, updatedAt: created)
    }

    /// July 1st, July 2nd and June 2nd read (in that order), then the server gone.
    private func readThreeDaysThenLoseTheServer() -> AppState {
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        s.feed(.timeline(.restarted(newestPinDay: "2023-07-01", today: Date(timeIntervalSince1970: 0))))
        s.feed(.showTab(.timeline))
        s.feed(.timeline(.loaded(Self.july1, .success(TimelineDay(dayCounts: Self.julyDots,
                                                                   dayPins: [Self.pin(1, "Busan Tower", "2023-07-01T10:00:00Z")])))))
        s.press(.right)
        s.feed(.timeline(.loaded(Self.july2, .success(TimelineDay(dayCounts: Self.julyDots, dayPins: [
            Self.pin(2, "Haeundae beach", "2023-07-02T09:30:00Z"), Self.pin(3, "Gamcheon village", "2023-07-02T14:05:00Z")])))))
        s.press(.pageUp)
        s.feed(.timeline(.loaded(Self.june2, .success(TimelineDay(dayCounts: [2: 1], dayPins: [Self.pin(4, "Jagalchi market", "2023-06-02T08:15:00Z")])))))
        s.feed(.store(.unreachable(StoreError("the PostgreSQL server closed the connection", kind: .connectionLost))))
        return s
    }

    /// The Timeline's rows from the month's title to the first rows of the day, and the status line.
    private func shown(_ s: AppState) -> String {
        let frame = s.render()
        return ((1...14).map { frame.line($0) } + [frame.line(22)]).joined(separator: "\n")
    }

    private func failed(_ request: TimelineRequest, _ s: inout AppState) {
        XCTAssertEqual(s.timelineRequest, request)
        s.feed(.timeline(.loaded(request, .failure(StoreError("the PostgreSQL server closed the connection", kind: .connectionLost)))))
    }

    func testADayReadBeforeTheLastIsShownAgainWhenItsReadFails() {
        var s = readThreeDaysThenLoseTheServer()
        s.press(.pageDown)
        failed(Self.july2, &s)
        XCTAssertEqual(shown(s), """
                                            ‹  July 2023  ›

                                Mo    Tu    We    Th    Fr    Sa    Su
                                                               1•    2•
                                 3     4     5     6     7     8     9
                                10    11    12    13    14    15    16
                                17    18    19    20    21    22    23
                                24    25    26    27    28    29    30
                                31

              2023-07-02: 2 pins · Enter shows one on the map
               09:30  Haeundae beach
               14:05  Gamcheon village

             medium · 0 of 0 pins in view   ⚠ reconnecting…
            """)
        s.press(.left)
        failed(Self.july1, &s)
        XCTAssertEqual(shown(s).components(separatedBy: "\n")[10...11].joined(separator: "\n"), """
              2023-07-01: 1 pin · Enter shows it on the map
               10:00  Busan Tower
            """)
        s.press(.char("j"))
        XCTAssertEqual(s.timeline.cursor, 0, "one pin: j stays on it")
    }

    /// A day never read says so, and its month's dots, read with another day, stay.
    func testADayNeverReadSaysSoUnderItsMonthsDots() {
        var s = readThreeDaysThenLoseTheServer()
        s.press(.pageDown)
        s.press(.right)
        XCTAssertEqual(s.timelineRequest, TimelineRequest(year: 2023, month: 7, day: "2023-07-03"))
        failed(s.timelineRequest, &s)
        XCTAssertEqual(shown(s), """
                                            ‹  July 2023  ›

                                Mo    Tu    We    Th    Fr    Sa    Su
                                                               1•    2•
                                 3     4     5     6     7     8     9
                                10    11    12    13    14    15    16
                                17    18    19    20    21    22    23
                                24    25    26    27    28    29    30
                                31

              2023-07-03: not read yet



             medium · 0 of 0 pins in view   ⚠ reconnecting…
            """)
    }

    /// Pins arrived elsewhere and the Timeline opened again on the newest pin's day (off
    /// screen): what it read before stays for a read that fails.
    func testARestartKeepsWhatWasRead() {
        var s = readThreeDaysThenLoseTheServer()
        s.feed(.showTab(.map))
        s.feed(.timeline(.restarted(newestPinDay: "2023-07-02", today: Date(timeIntervalSince1970: 0))))
        s.feed(.showTab(.timeline))
        failed(Self.july2, &s)
        XCTAssertEqual(shown(s).components(separatedBy: "\n")[3...13].joined(separator: "\n"), """
                                                               1•    2•
                                 3     4     5     6     7     8     9
                                10    11    12    13    14    15    16
                                17    18    19    20    21    22    23
                                24    25    26    27    28    29    30
                                31

              2023-07-02: 2 pins · Enter shows one on the map
               09:30  Haeundae beach
               14:05  Gamcheon village

            """)
    }

    /// What is kept is bounded: the newest 16 answers, and 20,000 pins in all but the newest
    /// (one day of a large import may hold most of the store). Older days are not read again.
    func testOnlyTheNewestAnswersAreKept() {
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        s.feed(.timeline(.restarted(newestPinDay: "2023-07-01", today: Date(timeIntervalSince1970: 0))))
        s.feed(.showTab(.timeline))
        for day in 1...17 {
            let date = String(format: "2023-07-%02d", day)
            s.feed(.timeline(.loaded(s.timelineRequest, .success(TimelineDay(dayCounts: [day: 1],
                                                                               dayPins: [Self.pin(Int64(day), "Pin \(day)", date + "T12:00:00Z")])))))
            s.press(.right)
        }
        s.feed(.store(.unreachable(StoreError("the PostgreSQL server closed the connection", kind: .connectionLost))))
        func head(_ day: String) -> String {
            s.press(.home)
            let request = TimelineRequest(year: 2023, month: 7, day: day)
            while s.timelineRequest.day > day { s.press(.left) }
            failed(request, &s)
            return s.render().line(11)
        }
        XCTAssertEqual(head("2023-07-17"), "  2023-07-17: 1 pin · Enter shows it on the map")
        XCTAssertEqual(head("2023-07-02"), "  2023-07-02: 1 pin · Enter shows it on the map")
        XCTAssertEqual(head("2023-07-01"), "  2023-07-01: not read yet", "the 17th answer pushed the oldest out")

        var big = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        big.feed(.timeline(.restarted(newestPinDay: "2023-07-01", today: Date(timeIntervalSince1970: 0))))
        big.feed(.showTab(.timeline))
        let many = (0..<20_001).map { Self.pin(Int64($0 + 1), "Pin \($0)", "2023-07-01T12:00:00Z") }
        big.feed(.timeline(.loaded(Self.july1, .success(TimelineDay(dayCounts: [1: 20_001], dayPins: many)))))
        XCTAssertEqual(big.render().line(11), "  2023-07-01: 20001 pins · Enter shows one on the map", "the newest is kept whatever its size")
        big.press(.right)
        big.feed(.timeline(.loaded(Self.july2, .success(TimelineDay(dayCounts: [1: 20_001, 2: 1],
                                                                     dayPins: [Self.pin(30_000, "Alone", "2023-07-02T12:00:00Z")])))))
        big.feed(.store(.unreachable(StoreError("the PostgreSQL server closed the connection", kind: .connectionLost))))
        big.press(.left)
        failed(Self.july1, &big)
        XCTAssertEqual(big.render().line(11), "  2023-07-01: not read yet", "20,001 pins beside the newest: dropped")
    }
}
