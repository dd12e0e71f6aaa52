import XCTest
import Foundation
import Frame
import PinStore
@testable import PinmapUI

/// The UI indexes what a large import left (Store.finishIndexing) when it opens.
final class IndexingOnStartTests: XCTestCase {
    func testTheUIIndexesALargeImportsPinsWithProgressInTheStatusLine() throws {
        let r = try UIFixtures.runner()
        try r.store.transaction {
            try r.store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: r.store)
            for i in 0..<300 {
                try ins.insert(NewPin(title: "Jeju stone \(i)", latitude: 33.3 + Double(i) / 1000, longitude: 126.5), batchID: nil)
            }
            try r.store.endBulkInsert(deferring: true)
        }
        XCTAssertEqual(try r.store.indexBacklog().pins, 300)
        var statusLines: [String] = []
        r.onProgress = { statusLines.append(r.line(r.state.layout.statusRow)) }
        r.finishIndexingIfNeeded(now: 1)
        XCTAssertTrue(statusLines.first?.contains("Indexing 300 new pins…") ?? false, statusLines.first ?? "")
        XCTAssertTrue(statusLines.last?.contains("Indexing 300 new pins: 100%") ?? false, statusLines.last ?? "")
        XCTAssertGreaterThan(statusLines.count, 5)
        XCTAssertTrue(try r.store.indexBacklog().isEmpty)
        XCTAssertNil(r.state.message)
        XCTAssertTrue(r.state.needsReload)
        r.reloadIfNeeded()
        XCTAssertEqual(r.state.totalCount, 305)
        XCTAssertNil(r.state.modal, "no notice when it worked")
        // Nothing left: a second call does nothing at all.
        statusLines = []
        r.finishIndexingIfNeeded(now: 2)
        XCTAssertEqual(statusLines, [])
    }
}
