import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinStore

final class TextDecodingTests: XCTestCase {
    /// (bytes, valid UTF-8?)
    private let utf8Cases: [([UInt8], Bool, UInt)] = [
        (Array("plain ascii".utf8), true, #line),
        (Array("é 한 🙂 €".utf8), true, #line),
        ([0xC0, 0x80], false, #line),               // overlong NUL
        ([0xE0, 0x80, 0xAF], false, #line),         // overlong '/'
        ([0xED, 0xA0, 0x80], false, #line),         // surrogate U+D800
        ([0xF4, 0x90, 0x80, 0x80], false, #line),   // above U+10FFFF
        ([0xE2, 0x82], false, #line),               // truncated €
        ([0x80], false, #line),                     // lone continuation
        ([0xE9], false, #line),                     // Latin-1 é
        ([0xEF, 0xBF, 0xBF], true, #line),          // U+FFFF is a valid scalar
        ([0xF4, 0x8F, 0xBF, 0xBF], true, #line),    // U+10FFFF
        // The 2- and 3-byte fast paths and their edges:
        ([0xC2, 0x80, 0xDF, 0xBF], true, #line),    // U+0080, U+07FF
        ([0xC1, 0xBF], false, #line),               // overlong
        ([0xDF, 0xC0], false, #line),               // no continuation byte
        ([0xE1, 0x80, 0x80, 0xEC, 0xBF, 0xBF, 0xEE, 0x80, 0x80], true, #line),
        ([0xE1, 0x80, 0x41], false, #line),         // third byte not a continuation
        ([0xE1, 0xC0, 0x80], false, #line),         // second byte not a continuation
        ([0xED, 0x9F, 0xBF], true, #line),          // U+D7FF, the last before the surrogates
        ([0xE0, 0xA0, 0x80], true, #line),          // U+0800, the first 3-byte scalar
        (Array("한국어 텍스트 끝".utf8) + [0xE1, 0x80], false, #line),  // cut at the end
    ]

    func testStrictUTF8Table() {
        for (bytes, valid, line) in utf8Cases {
            var v = UTF8Validator()
            bytes.withUnsafeBufferPointer { _ = v.feed($0) }
            XCTAssertEqual(v.finish(), valid, "\(bytes)", line: line)
        }
    }

    func testValidatorAcrossEveryChunkSplit() {
        let text = Array("a€b한c🙂d".utf8) + [0xF0, 0x9F]   // ends with a cut emoji: invalid
        for split in 0...text.count {
            var good = UTF8Validator()
            let valid = Array(text.dropLast(2))
            if split <= valid.count {
                valid[..<split].withUnsafeBufferPointer { _ = good.feed($0) }
                valid[split...].withUnsafeBufferPointer { _ = good.feed($0) }
                XCTAssertTrue(good.finish(), "split at \(split)")
            }
            var bad = UTF8Validator()
            text[..<split].withUnsafeBufferPointer { _ = bad.feed($0) }
            text[split...].withUnsafeBufferPointer { _ = bad.feed($0) }
            XCTAssertFalse(bad.finish(), "split at \(split)")
            XCTAssertEqual(bad.firstInvalidOffset, Int64(valid.count), "split at \(split)")
        }
    }

    /// (fixture, encoding label, delimiter, header → first data row values)
    private let fixtures: [(String, String, String, [String: String], UInt)] = [
        ("own/enc-utf8-bom-semicolon.csv", "UTF-8 with BOM", ";", ["Name": "Brandenburger Tor", "Beschreibung": "Pariser Platz, Mitte"], #line),
        ("own/enc-utf16be-bom.csv", "UTF-16BE with BOM", ",", ["title": "Busan Tower", "notes": "부산 타워"], #line),
        ("own/enc-utf16le-nobom.csv", "UTF-16LE", "TAB", ["name": "Plain Sixteen", "latitude": "10.5"], #line),
        ("own/enc-windows1252.csv", "Windows-1252", ",", ["name": "Café Crème", "description": "“quoted” € 5"], #line),
        // Legacy CJK encodings, told by uchardet (make_cjk_fixtures.sh).
        ("own/enc-cp949-excel.csv", "CP949", ",", ["이름": "남산서울타워", "위도": "37.5512", "설명": "전망대, 케이블카"], #line),
        ("own/enc-shiftjis.csv", "Shift_JIS", ",", ["name": "東京タワー", "lon": "139.7454"], #line),
        ("own/enc-eucjp.csv", "EUC-JP", ",", ["name": "東京タワー", "lat": "35.6586"], #line),
        ("own/enc-gb18030.csv", "GB18030", ",", ["name": "天安门广场"], #line),
        ("own/enc-big5.csv", "Big5", ",", ["name": "臺北101大樓"], #line),
        ("public/16-utf16le-bom-tab.csv", "UTF-16LE with BOM", "TAB", ["Name": "Haneul Rooftop", "Notes": "하늘 정원"], #line),
        ("public/01-utf8-bom-header.csv", "UTF-8 with BOM", ",", ["latitude": "37.5665", "name": "Cafe Haneul"], #line),
    ]

    func testEncodingsAreDetectedReportedAndDecoded() throws {
        for (name, label, delimiter, expected, line) in fixtures {
            let opened = try OpenedInput.open(path: Fixture.path(name))
            XCTAssertEqual(opened.encoding.label, label, name, line: line)
            guard case let .csv(d) = opened.format else { XCTFail("\(name) not CSV", line: line); continue }
            XCTAssertEqual(DelimiterSniffer.label(d), delimiter, name, line: line)
            var reader = opened.csvReader()
            let rows = try reader.readAll()
            XCTAssertGreaterThanOrEqual(rows.count, 2, name, line: line)
            let header = rows[0].fields
            XCTAssertFalse(header.joined().contains("\u{FEFF}"), "BOM left in header of \(name)", line: line)
            for (column, value) in expected {
                guard let i = header.firstIndex(of: column) else { XCTFail("\(name): no column \(column) in \(header)", line: line); continue }
                XCTAssertEqual(rows[1][i], value, "\(name) \(column)", line: line)
            }
        }
    }

    /// A character only CP949 (not EUC-KR) has, on the last line: the whole file decodes.
    func testCP949BeyondEUCKRDecodes() throws {
        let opened = try OpenedInput.open(path: Fixture.path("own/enc-cp949-excel.csv"))
        var reader = opened.csvReader()
        XCTAssertEqual(try reader.readAll().map(\.fields).last, ["똠얌꿍 식당", "37.5400", "127.0000", "UHC 전용 글자 똠"])
    }

    /// A few short Korean names in CP949 (uchardet names no encoding for so little) are CP949
    /// when every byte beyond ASCII pairs into a Hangul syllable: they were read as
    /// Windows-1252 and stored as `°æº¹±Ã`. Western text in Windows-1252 stays so.
    func testAFewHangulSyllablesInCP949AreCP949() throws {
        func detected(_ bytes: [UInt8]) throws -> String { try TextEncodingDetector.detect(bytes: bytes).label }
        let gyeongbokgung: [UInt8] = [0xB0, 0xE6, 0xBA, 0xB9, 0xB1, 0xC3]  // 경복궁
        XCTAssertEqual(try detected(Array("name,lat,lon\n".utf8) + gyeongbokgung + Array(",37,127\n".utf8)), "CP949")
        XCTAssertEqual(try detected(Array("name,lat,lon\n".utf8) + [0xB0, 0xA1] + Array(",37,127\n".utf8)), "CP949", "가 alone")
        XCTAssertEqual(try detected(Array("name,lat,lon\nCaf".utf8) + [0xE9] + Array(" Stra".utf8) + [0xDF] + Array("e,48,11\n".utf8)),
                       "Windows-1252")
        XCTAssertEqual(try detected(Array("x ".utf8) + [0xB0] + Array(" y".utf8)), "Windows-1252", "a lone ° is no syllable")
        XCTAssertEqual(try detected(Array("x ".utf8) + [0xB0, 0xE6, 0xE9]), "Windows-1252", "a lead byte left over")
    }

    /// A file that is not UTF-8, that uchardet names no encoding for, and whose bytes would
    /// be C1 control characters in ISO-8859-1 is refused, naming the byte; `--encoding`
    /// (`OpenedInput.open(encoding:)`) reads it as told.
    func testMojibakeIsRefusedUnlessAnEncodingIsNamed() throws {
        XCTAssertThrowsError(try OpenedInput.open(path: Fixture.path("own/enc-latin1.csv"))) { error in
            guard case let .decoding(_, inner) = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(inner, .unknownEncoding(byte: 0x81, byteOffset: 17, notUTF8: FirstNonUTF8(byte: 0xF1, byteOffset: 15, line: 2)))
        }
        let named = try OpenedInput.open(path: Fixture.path("own/enc-latin1.csv"), encoding: .latin1)
        XCTAssertEqual(named.encoding.label, "ISO-8859-1")
        var reader = named.csvReader()
        XCTAssertEqual(try reader.readAll().map(\.fields), [["name", "lat", "lon"], ["Niño\u{81}", "1.5", "2.5"]])
        // Named wrongly, a file fails where it stops decoding, never as mojibake.
        XCTAssertThrowsError(try OpenedInput.open(path: Fixture.path("own/enc-shiftjis.csv"), encoding: .cp949)) { error in
            guard case let .decoding(_, inner) = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(inner, .invalidBytes(encoding: .cp949, byteOffset: 17))
        }
    }

    /// A UTF-8 file with one stray Latin-1 byte (é written 0xE9) on line 4: the refusal says
    /// where it stops being UTF-8, not the first byte Windows-1252 lacks, which lies in the
    /// good Hangul of line 2 (음식 is EC 9D 8C EC 8B 9D). It named only that byte.
    func testARefusedFileSaysWhereItStopsBeingUTF8() {
        var bytes = Array("title,lat,lon\n음식 거리,37.5,127\nok,1,2\nCaf".utf8) + [0xE9] + Array(" Latin,37.9,127.1\n".utf8)
        bytes += Array(repeating: UInt8(ascii: "x"), count: 10)
        XCTAssertThrowsError(try TextEncodingDetector.detect(bytes: bytes)) { error in
            let e = error as? TextDecodingError
            XCTAssertEqual(e, .mixedWithUTF8(notUTF8: FirstNonUTF8(byte: 0xE9, byteOffset: 47, line: 4), characters: 4))
            XCTAssertEqual(e?.description, "the file mixes encodings: it holds 4 UTF-8 characters, but byte 0xE9 at byte 47, line 4, "
                + "is not UTF-8 (text from another program, in Latin-1 or a code page?). Retype that line's accented letters and save "
                + "the file as UTF-8; read as Windows-1252 (--encoding Windows-1252) its UTF-8 characters would each become two or "
                + "three signs (é as Ã©)")
        }
    }

    /// A UTF-8 file of accented Western text with one row in Latin-1 (`Brokené café`, E9 twice)
    /// is refused as a mix, naming that row's line: every byte of it is a Windows-1252 letter,
    /// so it was read as Windows-1252 and its 60 good rows stored as `CafÃ© 1`, `crÃ¨me`,
    /// without a word. Windows-1252 text stays Windows-1252, a `ß“` (DF 93, a UTF-8 pair) in
    /// it too; any chunk size gives the same count.
    func testUTF8WithALatin1LineIsRefusedAsAMix() throws {
        var bytes = Array("name,lat,lon,note\n".utf8)
        for i in 1...60 { bytes += Array("Café \(i),37.5,127.\(i),crème brûlée\n".utf8) }
        let offset = Int64(bytes.count + 6)
        bytes += Array("Broken".utf8) + [0xE9] + Array(" caf".utf8) + [0xE9] + Array(",37.5,126.1,x\n".utf8)
        XCTAssertThrowsError(try TextEncodingDetector.detect(bytes: bytes)) { error in
            XCTAssertEqual(error as? TextDecodingError,
                           .mixedWithUTF8(notUTF8: FirstNonUTF8(byte: 0xE9, byteOffset: offset, line: 62), characters: 240))
        }
        let western = Array("name,lat,lon,note\nStra".utf8) + [0xDF, 0x65, 0x20, 0x84, 0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0xDF, 0x93]
            + Array(",48,11,Caf".utf8) + [0xE9] + Array("\n".utf8)  // Straße „Müllerß“ … Café
        XCTAssertEqual(try TextEncodingDetector.detect(bytes: western).label, "Windows-1252")
        for size in [1, 2, 3, 5, 64] {
            var share = TextEncodingDetector.UTF8Share()
            stride(from: 0, to: bytes.count, by: size).forEach { share.feed(Array(bytes[$0..<min($0 + size, bytes.count)])) }
            XCTAssertEqual([share.characters, share.others], [240, 2], "chunks of \(size)")
        }
    }

    /// Cyrillic in Windows-1251 (Russian Excel) or KOI8-R is detected (uchardet names them, a
    /// word of them too): it was read as Windows-1252, Москва stored as `Ìîñêâà`, and no
    /// `--encoding` could name it. Central European, Greek and Turkish code pages are read when
    /// named; Western text stays Windows-1252.
    func testCyrillicIsDetectedAndOtherCodePagesCanBeNamed() throws {
        let moskva1251: [UInt8] = [0xCC, 0xEE, 0xF1, 0xEA, 0xE2, 0xE0]  // Москва
        let spb1251: [UInt8] = [0xD1, 0xE0, 0xED, 0xEA, 0xF2, 0x2D, 0xCF, 0xE5, 0xF2, 0xE5, 0xF0, 0xE1, 0xF3, 0xF0, 0xE3]  // Санкт-Петербург
        let kyiv1251: [UInt8] = [0xCA, 0xE8, 0xBF, 0xE2]  // Київ
        let moskvaKoi: [UInt8] = [0xED, 0xCF, 0xD3, 0xCB, 0xD7, 0xC1]  // Москва
        let cafe1252: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]  // Café Zürich
        let lodz1250: [UInt8] = [0xA3, 0xF3, 0x64, 0x9F, 0x20, 0x4B, 0x61, 0x6C, 0x69, 0x73, 0x6B, 0x61]  // Łódź Kaliska
        let athina1253: [UInt8] = [0xC1, 0xE8, 0xDE, 0xED, 0xE1]  // Αθήνα
        let ist1254: [UInt8] = [0xDD, 0x73, 0x74, 0x61, 0x6E, 0x62, 0x75, 0x6C, 0x20, 0xDE, 0x69, 0xFE, 0x6C, 0x69]  // İstanbul Şişli
        func decoded(_ rows: [[UInt8]], named: TextEncoding? = nil) throws -> [String] {
            let bytes = Array("name,lat,lon\n".utf8) + rows.flatMap { $0 + Array(",1,2\n".utf8) }
            let opened = try OpenedInput.open(path: try temporaryFile(bytes), encoding: named)
            var reader = opened.csvReader()
            return [opened.encoding.label] + (try reader.readAll().dropFirst().map { $0.fields[0] })
        }
        XCTAssertEqual(try decoded([moskva1251]), ["Windows-1251", "Москва"])
        XCTAssertEqual(try decoded([spb1251, kyiv1251]), ["Windows-1251", "Санкт-Петербург", "Київ"])
        XCTAssertEqual(try decoded([moskvaKoi]), ["KOI8-R", "Москва"])
        XCTAssertEqual(try decoded([cafe1252]), ["Windows-1252", "Café Zürich"])
        XCTAssertEqual(try decoded([lodz1250], named: TextEncoding(name: "cp1250")), ["Windows-1250", "Łódź Kaliska"])
        XCTAssertEqual(try decoded([athina1253], named: TextEncoding(name: "Windows-1253")), ["Windows-1253", "Αθήνα"])
        XCTAssertEqual(try decoded([ist1254], named: TextEncoding(name: "windows1254")), ["Windows-1254", "İstanbul Şişli"])
    }

    func testSurrogatePairsSurviveUTF16() throws {
        let opened = try OpenedInput.open(path: Fixture.path("own/enc-utf16be-bom.csv"))
        var reader = opened.csvReader()
        let rows = try reader.readAll()
        XCTAssertEqual(rows[2][0], "Snow Crab \u{1F980} Stall")
        XCTAssertEqual(rows[2][3], "fresh, local")
    }

    func testUTF16TranscodingAtEveryChunkSize() throws {
        let text = "name\tnote\r\nNoodle Nook 🍜\tcafé, crêpes\r\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for size in 1...7 {
            var source = try DecodingChunkSource(raw: ArrayChunkSource(bytes, chunkSize: size),
                                                 encoding: DetectedEncoding(encoding: .utf16LE, bomLength: 2))
            var out: [UInt8] = []
            while let c = try source.nextChunk() { out += c }
            XCTAssertEqual(String(decoding: out, as: UTF8.self), text, "chunk size \(size)")
        }
    }

    func testFileLevelFailures() {
        let cases: [(String, (ImportError) -> Bool, UInt)] = [
            ("own/empty.csv", { if case .emptyFile = $0 { return true }; return false }, #line),
            ("public/26-empty-file.csv", { if case .emptyFile = $0 { return true }; return false }, #line),
            ("own/enc-bom-only.csv", { if case .bomOnly(_, "UTF-8 with BOM") = $0 { return true }; return false }, #line),
            ("own/enc-utf8-bom-invalid.csv", { if case .decoding(_, .invalidUTF8AfterBOM(20)) = $0 { return true }; return false }, #line),
            ("own/does-not-exist.csv", { if case .unreadable = $0 { return true }; return false }, #line),
            ("own", { if case .unreadable(_, "is a directory") = $0 { return true }; return false }, #line),
        ]
        for (name, matches, line) in cases {
            XCTAssertThrowsError(try OpenedInput.open(path: Fixture.path(name)), name, line: line) { error in
                guard let e = error as? ImportError else { return XCTFail("\(error)", line: line) }
                XCTAssertTrue(matches(e), "\(name): \(e)", line: line)
            }
        }
    }

    func testBrokenUTF16IsAnErrorNotAReplacement() {
        for (name, offsetCheck) in [("own/enc-utf16le-truncated.csv", false), ("own/enc-utf16le-lone-surrogate.csv", true)] {
            XCTAssertThrowsError(try scan(Fixture.path(name)), name) { error in
                guard case let .decoding(_, inner) = error as? ImportError else { return XCTFail("\(name): \(error)") }
                if offsetCheck {
                    XCTAssertEqual(inner, .invalidBytes(encoding: .utf16LE, byteOffset: 30), name)
                } else {
                    XCTAssertEqual(inner, .truncatedText(encoding: .utf16LE), name)
                }
            }
        }
    }

    func testUnmarkedUTF16NeedsTheNulPattern() {
        XCTAssertEqual(TextEncodingDetector.unmarkedUTF16(Array("name,lat".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })), .utf16LE)
        XCTAssertEqual(TextEncodingDetector.unmarkedUTF16(Array("name,lat".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })), .utf16BE)
        XCTAssertNil(TextEncodingDetector.unmarkedUTF16(Array("name,lat".utf8)))
    }
}

extension TextDecodingTests {
    /// Every 2- and 3-byte sequence (the fast paths), after 0, 9 and 17 ASCII bytes (the 8-
    /// and 16-byte ASCII paths), judged as Swift's own UTF-8 decoding judges it.
    func testFastPathsAgreeWithSwiftsDecoding() {
        for lead in UInt8(0xC0)...0xEF {
            for second in UInt8(0x00)...0xFF {
                for third: UInt8 in lead < 0xE0 ? [0x41] : [0x41, 0x80, 0xBF, 0xC0] {
                    let sequence = lead < 0xE0 ? [lead, second] : [lead, second, third]
                    let swift = Array(String(decoding: sequence, as: UTF8.self).utf8) == sequence
                    for padding in [0, 9, 17] {
                        let bytes = [UInt8](repeating: 0x61, count: padding) + sequence
                        var v = UTF8Validator()
                        bytes.withUnsafeBufferPointer { _ = v.feed($0) }
                        guard v.finish() == swift else { return XCTFail("\(bytes) valid: \(swift)") }
                        XCTAssertEqual(bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0) }, swift)
                        if !swift { XCTAssertEqual(v.firstInvalidOffset.map { $0 >= Int64(padding) }, true) }
                    }
                }
            }
        }
    }

    func testWholeBufferValidity() {
        let cases: [([UInt8], Bool)] = [
            ([], true), (Array("20 ascii bytes here!".utf8), true), (Array("20 ascii bytes here!".utf8) + [0x80], false),
            ([0xEA, 0xB0, 0x80], true), ([0xEA, 0xB0], false), ([0xB0, 0x80], false), ([0xE0, 0x9F, 0xBF], false),
        ]
        for (bytes, valid) in cases {
            XCTAssertEqual(bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0) }, valid, "\(bytes)")
        }
    }
}

extension TextDecodingTests {
    /// The decoded stream says whether it is well-formed so far, chunk by chunk, and at its end;
    /// UTF-8 that is not well-formed (read as it is: `--encoding UTF-8`, or a file changed
    /// since it was detected) is refused where it stops being UTF-8, never handed out for
    /// its fields to get U+FFFD. (It was handed out: `isWellFormedSoFar` false.)
    func testDecodedChunksAreCheckedAsTheyAreHandedOut() throws {
        let utf8 = DetectedEncoding(encoding: .utf8, bomLength: 0)
        let bom = DetectedEncoding(encoding: .utf8, bomLength: 3)
        // (bytes, encoding, chunk size, after each chunk and after the end, or the error)
        let cases: [([UInt8], DetectedEncoding, Int, Result<[Bool], TextDecodingError>, UInt)] = [
            (Array("ab한".utf8), utf8, 4, .success([true, true, true]), #line),  // 한 split between two chunks
            (Array("abcd".utf8) + [0xE9] + Array("fgh".utf8), utf8, 4, .failure(.invalidBytes(encoding: .utf8, byteOffset: 4)), #line),
            (Array("abcd".utf8) + [0xED, 0x95], utf8, 4, .failure(.truncatedText(encoding: .utf8)), #line),  // cut at the end
            ([0xEF, 0xBB, 0xBF] + Array("a,b".utf8) + [0xB0, 0xA1], bom, 4, .failure(.invalidBytes(encoding: .utf8, byteOffset: 6)), #line),
        ]
        for (bytes, encoding, size, expected, line) in cases {
            var source = try DecodingChunkSource(raw: ArrayChunkSource(bytes, chunkSize: size), encoding: encoding)
            var seen: [Bool] = []
            let result = Result { () throws(TextDecodingError) -> [Bool] in
                while try source.nextChunk() != nil { seen.append(source.isWellFormedSoFar) }
                seen.append(source.isWellFormedSoFar)
                return seen
            }
            XCTAssertEqual(result, expected, line: line)
        }
    }

    /// `--encoding UTF-8` on a CP949 file: refused at its first byte that is not UTF-8, saying
    /// what to do; nothing is imported (it stored "���� ī��" for 종로 카페, exit 0).
    func testUTF8NamedForAFileThatIsNotIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp949-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = Array("title,lat,lon\n".utf8)
        bytes += [0xC1, 0xBE, 0xB7, 0xCE, 0x20, 0xC4, 0xAB, 0xC6, 0xE4]  // 종로 카페 in CP949
        bytes += Array(",37.5,127\n".utf8)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let store = try Store.inMemory()
        var options = ImportOptions()
        options.encodingName = "UTF-8"
        XCTAssertThrowsError(try Importer.run(path: path, store: store, options: options)) { error in
            XCTAssertEqual((error as? ImportError)?.description, "\(path): invalid UTF-8 text at byte 14: the file is not UTF-8; "
                + "leave --encoding out to have its encoding detected, or name it (one of \(TextEncoding.optionNames))")
        }
        XCTAssertEqual(try store.count(), 0)
        options.encodingName = nil
        XCTAssertEqual(try Importer.run(path: path, store: store, options: options).imported, 1, "detected as CP949")
    }

    /// `--encoding CP949` on a CP949 file holding a byte CP949 lacks says what to do; it said
    /// only 'invalid CP949 text at byte 32'.
    func testALegacyEncodingNamedForABadByteSaysWhatToDo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp949-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = Array("title,lat,lon\n".utf8)
        bytes += [0xC1, 0xBE, 0xB7, 0xCE] + Array(",37.5,127\nbad".utf8) + [0xFF, 0xFE] + Array(",37.1,127.1\n".utf8)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let store = try Store.inMemory()
        var options = ImportOptions()
        options.encodingName = "CP949"
        XCTAssertThrowsError(try Importer.run(path: path, store: store, options: options)) { error in
            XCTAssertEqual((error as? ImportError)?.description, "\(path): invalid CP949 text at byte 31: no CP949 character starts there "
                + "(text pasted from another program?); fix that byte and import again, save the file as \"CSV UTF-8\", "
                + "or name its encoding with --encoding (one of \(TextEncoding.optionNames))")
        }
        XCTAssertEqual(try store.count(), 0)
    }
    /// Korean CP949 text with one byte from elsewhere (0x80 pasted into a description), no
    /// --encoding: it was read as Windows-1252 whole (the header 이름 as "ÀÌ¸§", then "no
    /// coordinate columns"); it is read as CP949 and stops at that byte, naming it, nothing stored.
    func testKoreanTextWithAStrayByteStopsThereNotAsWindows1252() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp949-stray-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cp949 = { (s: String) -> [UInt8] in Self.iconv(s, to: "CP949") }
        var bytes = cp949("이름,위도,경도,설명\n경복궁,37.5796,126.9770,조선의 법궁\n창덕궁,37.5794,126.9910,세계유산\n")
        let stray = bytes.count + cp949("종묘,37.5744,126.9940,왕실").count  // the offset of 0x80
        bytes += cp949("종묘,37.5744,126.9940,왕실") + [0x80] + cp949(" 사당\n덕수궁,37.5658,126.9751,석조전\n")
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        XCTAssertEqual(try TextEncodingDetector.detect(path: path).encoding, .cp949)
        let store = try Store.inMemory()
        XCTAssertThrowsError(try Importer.run(path: path, store: store, options: ImportOptions())) { error in
            XCTAssertEqual((error as? ImportError)?.description, "\(path): invalid CP949 text at byte \(stray): no CP949 character starts there "
                + "(text pasted from another program?); fix that byte and import again, save the file as \"CSV UTF-8\", "
                + "or name its encoding with --encoding (one of \(TextEncoding.optionNames))")
        }
        XCTAssertEqual(try store.count(), 0)
    }
    /// `text` in `encoding`, by glibc's iconv (the test's own writer of legacy files).
    static func iconv(_ text: String, to encoding: String) -> [UInt8] {
        let cd = iconv_open(encoding, "UTF-8")
        defer { iconv_close(cd) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 4 + 16)
        var inLeft = input.count, outLeft = output.count
        input.withUnsafeMutableBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in
                var ip = i.baseAddress, op = o.baseAddress
                _ = Glibc.iconv(cd, &ip, &inLeft, &op, &outLeft)
            }
        }
        return output.prefix(output.count - outLeft).map { UInt8(bitPattern: $0) }
    }
}
