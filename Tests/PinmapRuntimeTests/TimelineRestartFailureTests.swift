import XCTest
import Foundation
import PinModel
@testable import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The Timeline opens again on the newest pin's day when pins arrive elsewhere
/// (`Effect.restartTimeline`). A read of that day that fails (the store gone) was taken for a
/// store without pins: the Timeline moved to today, never read ("not read yet"), and what it
/// had read was out of sight. Now the failure is told as a failed read and the Timeline stays
/// on its day, showing what it read.
final class TimelineRestartFailureTests: XCTestCase {
    func testARestartWhoseReadFailsLeavesTheTimelineOnItsDay() throws {
        let folder = try makeTempFolder()
        let store = try Store(path: folder.path + "/pins.sqlite")
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.runner(over: store, cols: 80, rows: 24)
        r.char("2")
        r.char("1")
        // Every read fails from now on, as on a server gone.
        try store.db.execute("ALTER TABLE pins RENAME TO pins_out_of_reach")
        r.handle(.store(.changedElsewhere(StoreChange(added: 1))), now: 0)
        r.handle(.store(.unreachable(StoreError("the PostgreSQL server closed the connection", kind: .connectionLost))), now: 0)
        r.char("2")
        XCTAssertEqual(r.text, TabsWhileUnreachableTests.timeline(day: TabsWhileUnreachableTests.busanTowerDay,
                                                                  status: TabsWhileUnreachableTests.reconnecting))
    }
}
