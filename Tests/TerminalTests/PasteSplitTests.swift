import XCTest
import Frame
@testable import Terminal

/// A large multibyte paste left the UI in paste mode (every later key, `q` and
/// Ctrl-C included, went into the paste). The decoder now reads bytes: the end marker is
/// found however the input is cut, a paste ends when the input goes quiet, and Ctrl-C acts.
final class PasteSplitTests: XCTestCase {
    /// A deterministic generator (SplitMix64), so a failing seed can be run again.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let start = Array("\u{1B}[200~".utf8)
    private static let end = Array("\u{1B}[201~".utf8)

    /// Feeds `bytes` cut into random pieces, with a flush (a read that timed out) after every
    /// piece that ends inside the paste: between bytes of a character or of the end marker.
    private func feedInPieces(_ bytes: [UInt8], using rng: inout Seeded) -> [InputEvent] {
        var d = InputDecoder()
        var out: [InputEvent] = []
        var i = 0
        while i < bytes.count {
            let n = min(bytes.count - i, Int.random(in: 1...4096, using: &rng) >> Int.random(in: 0...12, using: &rng))
            for b in bytes[i..<(i + max(1, n))] { out += d.feed(byte: b) }
            i += max(1, n)
            if d.isInPaste { out += d.flush() }
        }
        return out + d.flush()
    }

    func testTheEndMarkerIsFoundUnderRandomSplitsAndSizes() {
        let pieces = ["가나다", "abc", "종묘", "😀", "é", " ", "\n"]
        for seed in UInt64(1)...40 {
            var rng = Seeded(state: seed)
            let count = seed % 10 == 0 ? 20_000 : Int.random(in: 1...3_000, using: &rng)  // '가나다abc' × 20000: 260 KB
            let text = seed % 10 == 0 ? String(repeating: "가나다abc", count: count)
                : (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let out = feedInPieces(Self.start + Array(text.utf8) + Self.end + Array("q".utf8), using: &rng)
            XCTAssertEqual(out, [.paste(text), .key(.char("q"))], "seed \(seed)")
        }
    }

    /// The finding's largest paste, 1.4 MB of Korean, cut at every 4,095 bytes (a pipe's
    /// reads), so the cuts fall inside characters.
    func testAPasteOfOnePointFourMegabytesEnds() {
        let text = String(repeating: "가나다abc", count: 112_000)
        let bytes = Self.start + Array(text.utf8) + Self.end + Array("\u{03}".utf8)
        var d = InputDecoder()
        var out: [InputEvent] = []
        for chunk in stride(from: 0, to: bytes.count, by: 4_095) {
            for b in bytes[chunk..<min(bytes.count, chunk + 4_095)] { out += d.feed(byte: b) }
            out += d.flush()
        }
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(out.first, .paste(text))
        XCTAssertEqual(out.last, .key(.ctrl("c")))
        XCTAssertFalse(d.isPending)
    }

    /// A pause (a flush) at any point of the start marker: the text is still one paste,
    /// never keys (a `q` in it would quit).
    func testAPauseInsideTheStartMarkerKeepsThePaste() {
        let bytes = Self.start + Array("q서울".utf8) + Self.end
        for cut in 1..<Self.start.count {
            var d = InputDecoder()
            var out: [InputEvent] = []
            for b in bytes[..<cut] { out += d.feed(byte: b) }
            out += d.flush()
            for b in bytes[cut...] { out += d.feed(byte: b) }
            out += d.flush()
            if cut < 3 {
                XCTAssertNotEqual(out, [.paste("q서울")], "cut \(cut): ESC or ESC [ alone are keys of their own")
            } else {
                XCTAssertEqual(out, [.paste("q서울")], "cut \(cut)")
            }
        }
    }

    /// Ctrl-C inside a paste ends it and acts.
    func testCtrlCEndsAPasteAndActs() {
        var d = InputDecoder()
        var out: [InputEvent] = []
        for b in Self.start + Array("서울 q".utf8) + [0x03] + Array("x".utf8) { out += d.feed(byte: b) }
        XCTAssertEqual(out, [.paste("서울 q"), .key(.ctrl("c")), .key(.char("x"))])
    }

    /// A paste whose end marker never comes ends when the caller says the input went quiet,
    /// with what came, without a cut marker (or one whose ESC was lost).
    func testAPasteWithoutItsEndMarkerEndsWhenTold() {
        for (tail, text) in [("", "가나다"), ("\u{1B}[20", "가나다"), ("[201~", "가나다"), ("\u{1B}", "가나다")] {
            var d = InputDecoder()
            var out: [InputEvent] = []
            for b in Self.start + Array(("가나다" + tail).utf8) { out += d.feed(byte: b) }
            out += d.flush()
            XCTAssertTrue(d.isInPaste)
            out += d.endPaste()
            out += d.feed(byte: UInt8(ascii: "q"))
            XCTAssertEqual(out, [.paste(text), .key(.char("q"))], tail)
        }
        var outside = InputDecoder()
        XCTAssertEqual(outside.endPaste(), [])
    }

    /// Outside a paste: UTF-8 is assembled from bytes, a character cut by a pause is dropped,
    /// and bytes that cannot be UTF-8 are dropped without taking the next key with them.
    func testTypedUTF8IsAssembledFromBytes() {
        var d = InputDecoder()
        var out: [InputEvent] = []
        for b in Array("서q😀".utf8) { out += d.feed(byte: b) }
        XCTAssertEqual(out, [.key(.char("서")), .key(.char("q")), .key(.char("😀"))])
        out = []
        for b: UInt8 in [0xEC, 0x84] { out += d.feed(byte: b) }
        XCTAssertTrue(d.isPending)
        out += d.flush()
        for b: UInt8 in [0x80, 0xFF, 0xEC, 0x71] { out += d.feed(byte: b) }
        XCTAssertEqual(out, [.key(.char("q"))])
        XCTAssertFalse(d.isPending)
    }
}
