import XCTest
import Foundation
import PinModel
import PinStore
import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PostgresTesting

/// The edit sheet and U+0000: no key types it, and a paste drops it (as every control
/// character), so the sheet never sends a text a PostgreSQL store would refuse; on a server
/// and in a file the save keeps the rest of the text (PINMAP_TEST_PG_URL). A write holding one
/// from elsewhere is refused by the store itself (`StoredTextRule`, PostgresImportRulesTests).
final class NULOnServerUITests: XCTestCase {
    func testAPastedNULNeverReachesTheStoreOnEitherEngine() throws {
        let folder = try makeTempFolder()
        var stores: [(String, any PinRepository)] = [("sqlite", try Store(path: folder.path + "/pins.sqlite"))]
        if TestServer.url != nil {
            let uri = try TestServer.freshStoreURI()
            addTeardownBlock { TestServer.dropDatabase(uri) }
            stores.append(("postgresql", try PostgresStore(uri: uri)))
        }
        XCTAssertEqual(stores.count, 2, "PINMAP_TEST_PG_URL is not set: the PostgreSQL store was not checked")
        for (name, store) in stores {
            for p in UIFixtures.seoulPins { try store.insert(p) }
            let r = try UIFixtures.runner(over: store)
            r.selectListed("전쟁기념관")
            r.press(.char("e"), .ctrl("u"))
            r.handle(.input(.paste("War\u{0}Memorial")), now: 0)
            guard case .form(let form)? = r.state.feedback.modal?.content else { XCTFail("\(name): no form"); continue }
            XCTAssertEqual(form[.title].text, "WarMemorial", name)
            r.press(.ctrl("s"))
            XCTAssertNil(r.state.feedback.modal, "\(name): saved")
            XCTAssertEqual(try store.pin(id: 1)?.title, "WarMemorial", name)
        }
    }
}
