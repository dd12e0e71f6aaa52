import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinStore
import PinmapTestSupport

/// Inputs that change while read, huge padding, hostile file names.
final class HostileFileTests: XCTestCase {
    private func tempFile(_ bytes: Int) throws -> String {
        let path = try makeTempFolder().path + "/change.csv"
        try Data(repeating: 0x61, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func readAll(_ source: FileChunkSource) throws {
        while try source.nextChunk() != nil {}
    }

    /// Truncated after the first chunk: the end of the read says so, never a silent short file.
    func testAFileTruncatedWhileReadFails() throws {
        let path = try tempFile(3 << 20)
        let source = try FileChunkSource(path: path)
        XCTAssertEqual(try source.nextChunk()?.count, 1 << 20)
        XCTAssertEqual(truncate(path, 1 << 20 + 5), 0)
        XCTAssertThrowsError(try readAll(source)) { error in
            XCTAssertEqual(error as? TextDecodingError, .unreadable(path: path, reason:
                "it changed while it was read (3145728 bytes at the start, 1048581 now, 1048581 read); nothing was imported, import it again once it is complete"))
        }
    }

    func testAFileAppendedToWhileReadFails() throws {
        let path = try tempFile(2 << 20)
        let source = try FileChunkSource(path: path)
        _ = try source.nextChunk()
        let h = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        h.seekToEndOfFile()
        h.write(Data("more,rows\n".utf8))
        try h.close()
        XCTAssertThrowsError(try readAll(source))
    }

    func testAnUnchangedFileReadsToTheEnd() throws {
        let path = try tempFile(2 << 20 + 7)
        let source = try FileChunkSource(path: path)
        try readAll(source)
        XCTAssertEqual(source.bytesRead, 2 << 20 + 7)
    }

    /// The import of a file that changed rolls back: the store is as before.
    func testAnImportOfAChangedFileWritesNothing() throws {
        let store = try Store.inMemory()
        let path = try makeTempFolder().path + "/grow.csv"
        var text = "name,lat,lon\n"
        for i in 0..<200_000 { text += "pin \(i),\(Double(i % 90) / 2),\(Double(i % 180) / 2)\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let changed = Flag()
        let result = Result { () throws(ImportError) in
            try Importer.run(path: path, store: store, progress: { _, _ in
                guard !changed.value else { return }
                changed.value = true
                _ = truncate(path, 100_000)
            })
        }
        XCTAssertTrue(changed.value)
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue("\($0)".contains("changed while it was read"), "\($0)") }
        XCTAssertEqual(try store.count(), 0)
    }

    /// An output is replaced whole by `commit()`; `discard()` leaves what was there.
    func testAtomicOutputFileReplacesOrLeavesTheOldFile() throws {
        let path = try tempFile(3)
        let dropped = try AtomicOutputFile(path: path)
        dropped.write("new contents")
        dropped.discard()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "aaa")
        let kept = try AtomicOutputFile(path: path)
        kept.write("new contents")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "aaa", "nothing in place before commit")
        try kept.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new contents")
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("." + name) }, [])
    }

    /// Linear trimming: 100,000 trailing (and leading) spaces are dropped (this took 24 s when
    /// trimming was quadratic; the figure is in the README, not asserted here).
    func testTrimmingLongPadding() {
        let padded = String(repeating: " ", count: 100_000) + "Seoul\u{A0}" + String(repeating: " \u{3000}", count: 50_000)
        XCTAssertEqual(trimmedText(padded), "Seoul")
        XCTAssertEqual(trimmedText(Substring(String(repeating: " ", count: 100_000))), "")
    }

    /// The progress bar shows a file name with escape sequences as placeholders.
    func testTheProgressBarSanitizesTheFileName() {
        let bar = ImportProgressPrinter(label: "x\u{1B}]0;title\u{07}\u{1B}]52;c;Zm9v\u{07}\u{1B}[2J\u{2028}.csv", fileSize: 0, forceEnabled: false)
        XCTAssertEqual(bar.label, "x␛]0;title␇␛]52;c;Zm9v␇␛[2J\u{FFFD}.csv")
    }

    /// A 1 MB value becomes a bounded reason (start and end kept), the rejects file keeps it.
    func testRowIssuesAreBounded() {
        let value = String(repeating: "9", count: 1_000_000) + "x"
        let issue = RowIssue(line: 2, field: "lat", value: value, reason: "latitude '\(value)' is not a number\nreally", rule: .notANumber)
        XCTAssertEqual(issue.value.count, 201)
        XCTAssertLessThanOrEqual(issue.reason.count, 245)
        XCTAssertTrue(issue.reason.hasPrefix("latitude '999"), issue.reason)
        XCTAssertTrue(issue.reason.hasSuffix("9x' is not a number\\nreally"), issue.reason)
    }
}

private final class Flag: @unchecked Sendable { var value = false }
