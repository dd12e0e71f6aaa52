import Support
import XCTest

final class SharedLibraryTests: XCTestCase {
    private typealias StringLength = @convention(c) (UnsafePointer<CChar>?) -> Int

    func testAMissingLibraryThrowsTheLoadersReasonForTheFirstName() {
        XCTAssertThrowsError(try SharedLibrary(["libpinmap-absent.so.1", "libpinmap-absent.so"])) { error in
            XCTAssertEqual(error as? SharedLibrary.LoadFailure,
                           SharedLibrary.LoadFailure(reason: "libpinmap-absent.so.1: cannot open shared object file: No such file or directory"))
        }
    }

    func testTheFirstNameThatLoadsIsOpenedAndItsFunctionsCalled() throws {
        let libc = try SharedLibrary(["libpinmap-absent.so.1", "libc.so.6"])
        let strlen = try libc.function("strlen", as: StringLength.self)
        XCTAssertEqual("Seoul".withCString { strlen($0) }, 5)
    }

    func testAMissingSymbolThrowsTheLoadersReason() throws {
        let libc = try SharedLibrary(["libc.so.6"])
        XCTAssertThrowsError(try libc.function("pinmap_absent", as: StringLength.self)) { error in
            // The loader names the library by its path, which differs between systems.
            let reason = (error as? SharedLibrary.LoadFailure)?.reason ?? ""
            XCTAssertTrue(reason.hasSuffix("/libc.so.6: undefined symbol: pinmap_absent"), reason)
        }
    }
}
