import Foundation
import XCTest

/// A folder of its own for one test: `<parent>/pinmap-test-XXXXXX`, the X's six characters
/// `mkdtemp` picks so that no other test, and no other run on the machine, shares it. It is
/// removed with everything in it when the value goes, or at the test's end when made with
/// `XCTestCase.makeTempFolder`.
public final class TempFolder {
    public let path: String

    /// The path with its six unique characters as `XXXXXX`: the same length as `path`, so a
    /// frame that shows the folder can be compared, masked, with a fixed one.
    public var placeholder: String { String(path.dropLast(6)) + "XXXXXX" }

    /// - Parameter parent: the folder to make it in: the system's temporary folder, or `/tmp`
    ///   for a test whose frame shows the path (the same length on every machine).
    /// - Throws: `CocoaError` when the folder cannot be made.
    public init(under parent: String = NSTemporaryDirectory()) throws {
        var template = Array(((parent as NSString).appendingPathComponent("pinmap-test-XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: parent])
        }
        path = String(cString: made)
    }

    /// `text` with every test folder's six unique characters written as `XXXXXX` (the
    /// `placeholder` of each): what a frame that shows such a path is compared as.
    public static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: "pinmap-test-[A-Za-z0-9]{6}", with: "pinmap-test-XXXXXX", options: .regularExpression)
    }

    /// Removes the folder and everything in it (again later is harmless).
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    deinit { remove() }
}

extension XCTestCase {
    /// A fresh folder for this test, removed with everything in it when the test ends.
    public func makeTempFolder(under parent: String = NSTemporaryDirectory()) throws -> TempFolder {
        let folder = try TempFolder(under: parent)
        addTeardownBlock { folder.remove() }
        return folder
    }

    /// A file `name` holding `bytes`, in a fresh folder of this test's own: removed when the
    /// test ends with the folder, and with whatever the test wrote beside the file (a
    /// store's `-wal`, a rejects file).
    public func makeTempFile(_ bytes: [UInt8], named name: String = "pins.csv") throws -> String {
        let path = try makeTempFolder().path + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }
}
