import XCTest
@testable import PinImport
import PinModel

final class CSVReaderTests: XCTestCase {
    /// (input, fields per record, start line per record)
    private let cases: [(String, [[String]], [Int], UInt)] = [
        ("a,b\n1,2\n", [["a", "b"], ["1", "2"]], [1, 2], #line),
        ("a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]], [1, 2], #line),
        ("a,b\r1,2\r", [["a", "b"], ["1", "2"]], [1, 2], #line),
        ("a,b\n1,2\r\n3,4\r5,6", [["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]], [1, 2, 3, 4], #line),
        ("last,row", [["last", "row"]], [1], #line),
        ("\"q,1\",\"say \"\"hi\"\"\"\n", [["q,1", "say \"hi\""]], [1], #line),
        ("\"multi\nline\",x\nnext,y\n", [["multi\nline", "x"], ["next", "y"]], [1, 3], #line),
        ("\"crlf\r\ninside\",x\r\nnext,y", [["crlf\ninside", "x"], ["next", "y"]], [1, 3], #line),
        ("\"cr\rinside\",x\rnext,y", [["cr\rinside", "x"], ["next", "y"]], [1, 3], #line),
        ("37°34'33.6\"N,x\n", [["37°34'33.6\"N", "x"]], [1], #line),
        ("\"closed\"early,x\n", [["closedearly", "x"]], [1], #line),
        ("\"\",,\"\"\n", [["", "", ""]], [1], #line),
        ("a,b,\n", [["a", "b", ""]], [1], #line),
        ("\n\na\n", [[""], [""], ["a"]], [1, 2, 3], #line),
        // White space before an opening quote is set aside (`"name", "lat"`): the quotes were
        // kept, so such a header named no column and its numbers were "not a number".
        (" \"lead space\",x\n", [["lead space", "x"]], [1], #line),
        ("\"name\", \"lat\",\t\"lon\"\nA, \"37,5\" ,  1\n", [["name", "lat", "lon"], ["A", "37,5 ", "  1"]], [1, 2], #line),
        ("a, b\n  \n", [["a", " b"], ["  "]], [1, 2], #line),
        ("a, ", [["a", " "]], [1], #line),
        ("", [], [], #line),
    ]

    func testRecordsAndStartLines() throws {
        for (input, fields, lines, line) in cases {
            let got = try records(input)
            XCTAssertEqual(got.map(\.fields), fields, "input \(input.debugDescription)", line: line)
            XCTAssertEqual(got.map(\.line), lines, "input \(input.debugDescription)", line: line)
        }
    }

    func testEveryChunkSizeGivesTheSameRecords() throws {
        let input = "h1;h2;h3\r\n\"a;b\";  \"x\"\"y\";z\r\n\"l1\r\nl2\";2;3\rplain;é한🙂;\"\"\n;;\nend; 1;2"
        let expected = try records(input, delimiter: 0x3B)
        XCTAssertEqual(expected.map(\.fields), [
            ["h1", "h2", "h3"], ["a;b", "x\"y", "z"], ["l1\nl2", "2", "3"], ["plain", "é한🙂", ""],
            ["", "", ""], ["end", " 1", "2"]])
        XCTAssertEqual(expected.map(\.line), [1, 2, 3, 5, 6, 7])
        for size in 1...9 {
            let got = try records(input, delimiter: 0x3B, chunkSize: size)
            XCTAssertEqual(got, expected, "chunk size \(size)")
        }
    }

    /// A lone CR inside quotes is data (a title holding one round-trips through export);
    /// CRLF inside quotes is a Windows line break (LF); outside quotes every CR ends a record.
    func testCarriageReturnKeptOnlyAloneInsideQuotes() throws {
        let input = "a\r,b\r\n\"c\r\nd\",\"e\r\"\r\n\rf,g\r"
        for size in [1, 2, 3, 1 << 20] {
            let fields = try records(input, chunkSize: size).flatMap(\.fields)
            XCTAssertEqual(fields.filter { $0.contains("\r") }, ["e\r"], "chunk \(size)")
            XCTAssertTrue(fields.contains("c\nd"), "chunk \(size)")
        }
    }

    func testUnterminatedQuoteThrowsOnceWithLineAndPartialRecord() throws {
        var reader = CSVReader(text: "h,i\nok,1\n\"multi\nline\",2\nbad,\"never closed\nmore\nlines")
        var seen: [Int] = []
        do {
            while let r = try reader.next() { seen.append(r.line) }
            XCTFail("expected an unterminated-quote error")
        } catch {
            guard case let .unterminatedQuote(quoteLine, partial) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(quoteLine, 5)
            XCTAssertEqual(partial.line, 5)
            XCTAssertEqual(partial.fields, ["bad", "never closed\nmore\nlines"])
        }
        XCTAssertEqual(seen, [1, 2, 3])
        XCTAssertNil(try reader.next(), "after the error the reader is finished")
    }

    func testHundredKilobyteFieldIsKeptWhole() throws {
        let big = String(repeating: "0123456789", count: 10_240)
        let input = "name,note\n\"Big\",\"\(big)\"\nafter,x\n"
        for size in [7, 4096, 1 << 20] {
            let got = try records(input, chunkSize: size)
            XCTAssertEqual(got.count, 3)
            XCTAssertEqual(got[1][1].utf8.count, 102_400)
            XCTAssertEqual(got[1][1], big)
            XCTAssertEqual(got[2].fields, ["after", "x"])
        }
    }

    func testTabAndPipeDelimiters() throws {
        XCTAssertEqual(try records("a\tb,c\n", delimiter: 0x09).map(\.fields), [["a", "b,c"]])
        XCTAssertEqual(try records("a|\"b|c\"\n", delimiter: 0x7C).map(\.fields), [["a", "b|c"]])
    }

    func testMissingFieldsReadAsEmpty() throws {
        let r = try records("a\n")[0]
        XCTAssertEqual(r.count, 1)
        XCTAssertEqual(r[3], "")
        XCTAssertTrue(r.isBlank(3))
    }

    func testBlankRecordDetection() throws {
        let rs = try records("\n   \n,,,\n\t;\n\" \",\n\"\n\",x\n")
        XCTAssertEqual(rs.map(\.isBlank), [true, true, true, false, true, false])
    }
}
