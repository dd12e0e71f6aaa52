import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// While the store is unreachable a search cannot run: the field says so instead of
/// "searching…", the list shows no pins as if they matched (the unfiltered rows it had looked
/// like results), and "⚠ reconnecting…" stays on the status line (after the counts), before a notice when both fit
/// ("Search kept"), alone when they do not. The reconnection searches again.
final class SearchWhileUnreachableTests: XCTestCase {
    func testASearchThatCannotRunSaysSoAndListsNothing() throws {
        let r = try UIFixtures.runner(over: InMemoryPinRepository(pins: UIFixtures.seoulPins))
        r.handle(.store(.unreachable(StoreError("lost", kind: .connectionLost))), now: 1)
        for ch in "/Tower" { r.key(.char(ch)) }
        // The lane's answer: the store could not be reached.
        r.handle(.search(.finished(generation: r.state.search.generation,
                                   .failure(StoreError("lost", kind: .connectionLost)))), now: 2)
        XCTAssertEqual(rows(r, from: "▸ Search: Tower", count: 3), [
            "▸ Search: Tower                          not searched: store unreachable · Enter keeps · Esc clears",
            "  The store is unreachable: the search cannot run, so no pins are listed as matches. It runs again",
            "  once reconnected.",
        ])
        r.key(.enter)
        XCTAssertEqual(rows(r, from: "  Search “Tower”", count: 3), [
            "  Search “Tower”: not searched, store unreachable · best match · / edits · Esc in / clears",
            "  The store is unreachable: the search cannot run, so no pins are listed as matches. It runs again",
            "  once reconnected.",
        ])
        XCTAssertEqual(statusRow(r), " medium · 1 of 5 pins in view · search “Tower” · z1   ⚠ reconnecting… · Search kept: Esc clears it")

        // Back: the search runs again (the in-memory store answers) and lists its matches.
        r.handle(.store(.changedElsewhere(StoreChange(counted: false))), now: 3)
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Busan Tower"])
        XCTAssertFalse(r.state.searchUnanswered)
    }

    /// At 80 columns the short "⚠ reconnecting…" leaves room for the notice; at 40 it does not.
    func testReconnectingStaysAloneWhenANoticeDoesNotFitBesideIt() throws {
        for (cols, rows, status) in [(80, 24, " medium · 1 of 5 pins in view   ⚠ reconnecting… · Search kept: Esc clears it"), (40, 16, " ⚠ reconnecting…")] {
            let r = try UIFixtures.runner(over: InMemoryPinRepository(pins: UIFixtures.seoulPins), cols: cols, rows: rows)
            r.handle(.store(.unreachable(StoreError("lost", kind: .connectionLost))), now: 1)
            for ch in "/Tower" { r.key(.char(ch)) }
            r.key(.enter)
            XCTAssertEqual(r.state.feedback.message, "Search kept: Esc clears it")
            XCTAssertEqual(statusRow(r), status, "at \(cols) columns")
        }
    }

    /// `count` rows of the frame from the first that starts with `prefix`.
    private func rows(_ r: AppRunner, from prefix: String, count: Int) -> [String] {
        let lines = r.text.components(separatedBy: "\n")
        guard let i = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return ["no row starts with \(prefix):"] + lines }
        return Array(lines[i..<min(lines.count, i + count)])
    }

    private func statusRow(_ r: AppRunner) -> String {
        r.text.components(separatedBy: "\n")[r.state.layout.statusRow]
    }
}
