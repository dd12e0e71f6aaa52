import XCTest
@testable import PinImport
import PinModel

final class DelimiterSnifferTests: XCTestCase {
    private let cases: [(String, String, UInt)] = [
        ("name,lat,lon\nA,1,2\nB,3,4\n", ",", #line),
        ("name;latitude;longitude;description\nCafé;48,8566;2,3522;petit café, terrasse, vue\nQuai;48,8530;2,3499;bancs, arbres\n", ";", #line),
        ("name\tlat\tlon\tnotes\nA\t1\t2\topen daily, closes late, cash only\nB\t3\t4\tseats 20, shaded\n", "TAB", #line),
        ("name|lat|lon\nA|1|2\nB|3|4\n", "|", #line),
        // commas only inside quotes; semicolons unquoted in a comma file
        ("name,lat,lon,desc\n\"Harbor, North\",1,2,\"a, b, c\"\nSemi; Colon,3,4,\"a;b;c\"\n", ",", #line),
        ("name,lat,lon,tags\nA,1,2,a;b;c;d\nB,3,4,e;f\n", ",", #line),
        // quoted semicolon file with decimal commas inside quotes
        ("\"name\";\"lat\";\"lon\"\n\"Quai; Nord\";\"45,75\";\"4,85\"\n\"Rue, Sud\";45.76;4.86\n", ";", #line),
        // tab file with decimal commas and commas in notes
        ("name\tlat\tlon\tnote\nOne\t12,5\t-3,25\tone, two\nTwo\t13,75\t-4,5\tthree, four, five\n", "TAB", #line),
        // header only
        ("name;lat;lon\n", ";", #line),
        // a multi-line quoted record does not confuse the count
        ("name,lat,lon,desc\n\"A\",1,2,\"line one;\nline two; three\"\nB,3,4,x\n", ",", #line),
        // blank and delimiter-only lines ignored
        ("name;lat;lon\n\n;;\nA;1,5;2,5\n", ";", #line),
        // a single column: falls back to comma
        ("name\nA\nB\n", ",", #line),
    ]

    func testTable() {
        for (text, expected, line) in cases {
            let d = DelimiterSniffer.sniff(Array(text.utf8), isWholeInput: true)
            XCTAssertEqual(DelimiterSniffer.label(d), expected, text.debugDescription, line: line)
        }
    }

    func testSampleCutMidRecordIgnoresTheCutRecord() {
        // The last record is cut after two semicolons; it must not count against ';'.
        let text = "a;b;c;d\n1;2;3;4\n5;6;7;8\n9;1"
        XCTAssertEqual(DelimiterSniffer.sniff(Array(text.utf8), isWholeInput: false), 0x3B)
    }

    func testDelimiterOption() {
        let cases: [(String, UInt8?)] = [(",", 0x2C), (";", 0x3B), ("tab", 0x09), ("\\t", 0x09), ("\t", 0x09),
                                         ("|", 0x7C), ("pipe", 0x7C), ("\"", nil), (",,", nil), ("", nil), ("é", nil)]
        for (text, expected) in cases {
            XCTAssertEqual(DelimiterSniffer.parseOption(text), expected, text.debugDescription)
        }
    }
}
